import { AuthCard } from "./auth-card";

/** A door page's card (forgot password, set password, invitations, address change), with a test hook. */
export function AuthPanel(props: { title: string; testId?: string; children: React.ReactNode }) {
  return (
    <div data-testid={props.testId}>
      <AuthCard title={props.title}>{props.children}</AuthCard>
    </div>
  );
}
