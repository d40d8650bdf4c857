import { HydrationMark } from "../_components/client";

/** The centred panel every door page sits in (sign-in's layout). */
export function AuthPanel(props: { title: string; testId?: string; children: React.ReactNode }) {
  return (
    <main className="auth">
      <div className="panel" data-testid={props.testId}>
        <h1>{props.title}</h1>
        {props.children}
      </div>
      <HydrationMark />
    </main>
  );
}
