import { Limit } from "./format";
import { Badge } from "./ui/badge";
import { Card } from "./ui/card";

function Meter({ count, limit }: { count: number; limit: number | null }) {
  if (limit === null || limit === 0) return null;
  const pct = Math.min(100, Math.round((count / limit) * 100));
  return (
    <div
      className="h-1.5 overflow-hidden rounded-full bg-muted"
      role="meter"
      aria-valuemin={0}
      aria-valuemax={limit}
      aria-valuenow={count}
      aria-label={`${pct}% used`}
    >
      {/* The width is the data itself, so it stays an inline style. */}
      <div className="h-full rounded-full bg-primary" style={{ width: `${pct}%` }} />
    </div>
  );
}

export function StatCard({ label, testId, children }: { label: string; testId?: string; children: React.ReactNode }) {
  return (
    <Card className="gap-2 sm:p-5" data-testid={testId}>
      <div className="text-sm text-muted-foreground">{label}</div>
      {children}
    </Card>
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
    <StatCard label={props.label} testId={props.testId}>
      <div className="text-2xl font-semibold tabular-nums">
        <Limit count={count} limit={limit} />
      </div>
      {props.meter && <Meter count={count} limit={limit} />}
      {suspended > 0 && <Badge tone="danger">{suspended} suspended by plan</Badge>}
    </StatCard>
  );
}
