import Link from "next/link";
import type { Deliverability as DeliverabilityView } from "@/server/dashboard/schemas";

const percent = (rate: number) => `${Number((rate * 100).toFixed(2))}%`;

function Rate(props: { testId: string; label: string; noun: string; count: number; rate: number | null; threshold: number }) {
  const over = props.rate !== null && props.rate >= props.threshold;
  return (
    <div className="card" data-testid={props.testId} data-over={over}>
      <div className="label">{props.label}</div>
      <div className="value">{props.rate === null ? "—" : percent(props.rate)}</div>
      <div className={over ? "badge bad" : "muted"}>
        {props.count.toLocaleString("en-US")} {props.noun} · sending pauses at {percent(props.threshold)}
      </div>
    </div>
  );
}

/** Bounce and complaint rates over the deliverability breaker's window, against the rates that pause sending. */
export function Deliverability({ view }: { view: DeliverabilityView }) {
  const hours = Math.round(view.windowMs / 3_600_000);
  return (
    <section className="panel" aria-labelledby="deliverability" data-testid="deliverability">
      <h2 id="deliverability" style={{ marginTop: 0 }}>
        Deliverability, last {hours} h
      </h2>
      {view.blocked && (
        <div className="alert error" role="alert" data-testid="breaker-blocked">
          Sending is paused: the bounce or complaint rate reached its limit. It resumes by itself once the rates over the last {hours} h
          fall back below. See <Link href="/suppressions">suppressions</Link> and clean your lists.
        </div>
      )}
      <div className="cards">
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
      <p className="muted" data-testid="breaker-sends">
        {view.sends.toLocaleString("en-US")} messages sent in the window (test mode not counted).
        {!view.judged && ` The rates pause sending only once there are at least ${view.minSends.toLocaleString("en-US")}.`}
      </p>
    </section>
  );
}
