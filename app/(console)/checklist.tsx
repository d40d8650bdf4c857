import Link from "next/link";
import type { Checklist as ChecklistView } from "@/server/dashboard/schemas";

const STEPS: { key: keyof ChecklistView; body: React.ReactNode }[] = [
  { key: "apiKeyCreated", body: <Link href="/api-keys">Create an API key</Link> },
  {
    key: "emailSent",
    body: (
      <>
        Send a test from the sandbox sender to <code>success@simulator.amazonses.com</code> (see <Link href="/docs">the docs</Link>)
      </>
    ),
  },
  { key: "domainAdded", body: <Link href="/domains">Add your domain</Link> },
  { key: "domainVerified", body: <Link href="/domains">Verify your domain&apos;s DNS records</Link> },
  {
    key: "webhookAdded",
    body: (
      <>
        <Link href="/webhooks">Add a webhook endpoint</Link> to hear about deliveries, bounces and complaints
      </>
    ),
  },
];

/** The first steps, each ticked off by the account's own data. */
export function Checklist({ steps }: { steps: ChecklistView }) {
  const done = STEPS.filter((s) => steps[s.key]).length;
  return (
    <section className="panel" aria-labelledby="get-started" data-testid="checklist">
      <h2 id="get-started" style={{ marginTop: 0 }}>
        Get started <span className="muted small">{`${done} of ${STEPS.length} done`}</span>
      </h2>
      <ol>
        {STEPS.map((s) => (
          <li key={s.key} data-testid={`step-${s.key}`} data-done={steps[s.key]}>
            <span aria-hidden="true">{steps[s.key] ? "✓ " : "○ "}</span>
            {s.body}
            <span className="skip">{steps[s.key] ? " (done)" : " (to do)"}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
