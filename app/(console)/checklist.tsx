import { Check, Circle } from "lucide-react";
import Link from "next/link";
import type { Checklist as ChecklistView } from "@/server/dashboard/schemas";
import { Card, CardDescription, CardHeader, CardTitle } from "../_components/ui/card";

const STEPS: { key: keyof ChecklistView; body: React.ReactNode }[] = [
  { key: "apiKeyCreated", body: <Link href="/api-keys">Create an API key</Link> },
  {
    key: "emailSent",
    body: (
      <>
        Send a test from the sandbox sender to <code className="wrap-anywhere">success@simulator.amazonses.com</code> (see{" "}
        <Link href="/docs">the docs</Link>)
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
    <Card role="region" aria-labelledby="get-started" data-testid="checklist">
      <CardHeader>
        <CardTitle id="get-started">Get started</CardTitle>
        <CardDescription>{`${done} of ${STEPS.length} done`}</CardDescription>
      </CardHeader>
      <ol className="space-y-2 text-sm">
        {STEPS.map((s) => (
          <li key={s.key} className="flex items-start gap-2" data-testid={`step-${s.key}`} data-done={steps[s.key]}>
            {steps[s.key] ? (
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            ) : (
              <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            )}
            <span>
              {s.body}
              <span className="sr-only">{steps[s.key] ? " (done)" : " (to do)"}</span>
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
