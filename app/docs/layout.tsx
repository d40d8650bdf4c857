import { SessionShell } from "../_components/shell/shells";

/** The docs read the same signed in or out; only the frame around them changes. */
export default function DocsLayout({ children }: { children: React.ReactNode }) {
  return <SessionShell>{children}</SessionShell>;
}
