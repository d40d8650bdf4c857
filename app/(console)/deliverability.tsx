import Link from "next/link";
import type { Deliverability as DeliverabilityView } from "@/server/dashboard/schemas";
import { StatCard } from "../_components/usage-card";
import { Alert, AlertDescription, AlertTitle } from "../_components/ui/alert";
import { Badge } from "../_components/ui/badge";
import { Card, CardDescription, CardHeader, CardTitle } from "../_components/ui/card";

const percent = (rate: number) => `${Number((rate * 100).toFixed(2))}%`;

function Rate(props: { testId: string; label: string; noun: string; count: number; rate: number | null; threshold: number }) {
  const over = props.rate !== null && props.rate >= props.threshold;
  return (
    <div data-testid={props.testId} data-over={over}>
      <StatCard label={props.label}>
        <div className="text-2xl font-semibold tabular-nums">{props.rate === null ? "—" : percent(props.rate)}</div>
        {over ? (
          <Badge tone="danger">
            {props.count.toLocaleString("en-US")} {props.noun} · sending pauses at {percent(props.threshold)}
          </Badge>
        ) : (
          <div className="text-sm text-muted-foreground">
            {props.count.toLocaleString("en-US")} {props.noun} · sending pauses at {percent(props.threshold)}
          </div>
        )}
      </StatCard>
    </div>
  );
}

/** Bounce and complaint rates over the deliverability breaker's window, against the rates that pause sending. */
export function Deliverability({ view }: { view: DeliverabilityView }) {
  const hours = Math.round(view.windowMs / 3_600_000);
  return (
    <Card role="region" aria-labelledby="deliverability" className="mb-6" data-testid="deliverability">
      <CardHeader>
        <CardTitle id="deliverability">Deliverability, last {hours} h</CardTitle>
        <CardDescription data-testid="breaker-sends">
          {view.sends.toLocaleString("en-US")} messages sent in the window (test mode not counted).
          {!view.judged && ` The rates pause sending only once there are at least ${view.minSends.toLocaleString("en-US")}.`}
        </CardDescription>
      </CardHeader>
      {view.blocked && (
        <Alert tone="error" role="alert" data-testid="breaker-blocked">
          <AlertTitle>Sending is paused</AlertTitle>
          <AlertDescription>
            The bounce or complaint rate reached its limit. It resumes by itself once the rates over the last {hours} h fall back below. See{" "}
            <Link href="/suppressions">suppressions</Link> and clean your lists.
          </AlertDescription>
        </Alert>
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Rate
          testId="bounce-rate"
          label="Bounce rate"
          noun="bounced"
          count={view.bounces}
          rate={view.bounceRate}
          threshold={view.bounceThreshold}
        />
        <Rate
          testId="complaint-rate"
          label="Complaint rate"
          noun="complained"
          count={view.complaints}
          rate={view.complaintRate}
          threshold={view.complaintThreshold}
        />
      </div>
    </Card>
  );
}
