import { PublicShell } from "../_components/shell/shells";

/** Sign-in, sign-up and address confirmation: one centred card in the public frame. */
export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <PublicShell>
      <div className="mx-auto flex w-full max-w-md flex-col pt-4 sm:pt-12">{children}</div>
    </PublicShell>
  );
}
