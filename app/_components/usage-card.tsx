import { Limit } from "./format";

function Meter({ count, limit }: { count: number; limit: number | null }) {
  if (limit === null || limit === 0) return null;
  const pct = Math.min(100, Math.round((count / limit) * 100));
  return (
    <div className="meter" role="meter" aria-valuemin={0} aria-valuemax={limit} aria-valuenow={count} aria-label={`${pct}% used`}>
      <span style={{ width: `${pct}%` }} />
    </div>
  );
}

/** A count against its plan limit, with a meter or the number the plan parked. */
export function UsageCard(props: {
  testId: string;
  label: string;
  usage: { count: number; limit: number | null; suspended?: number };
  meter?: boolean;
}) {
  const { count, limit, suspended = 0 } = props.usage;
  return (
    <div className="card" data-testid={props.testId}>
      <div className="label">{props.label}</div>
      <div className="value">
        <Limit count={count} limit={limit} />
      </div>
      {props.meter && <Meter count={count} limit={limit} />}
      {suspended > 0 && <div className="badge bad">{suspended} suspended by plan</div>}
    </div>
  );
}
