/** Dates render in UTC on server and client alike, so hydration never disagrees. */
export function formatTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return "—";
  return new Date(ms).toISOString().replace("T", " ").slice(0, 19) + " UTC";
}

export function Time({ ms }: { ms: number | null | undefined }) {
  if (ms === null || ms === undefined) return <span className="muted">—</span>;
  return <time dateTime={new Date(ms).toISOString()}>{formatTime(ms)}</time>;
}

const TONE: Record<string, string> = {
  delivered: "ok",
  verified: "ok",
  sent: "info",
  enabled: "ok",
  succeeded: "ok",
  full: "info",
  queued: "",
  scheduled: "",
  pending: "warn",
  delivery_delayed: "warn",
  regressed: "warn",
  suspended: "bad",
  disabled: "",
  bounced: "bad",
  complained: "bad",
  failed: "bad",
  canceled: "",
  hard_bounce: "bad",
  complaint: "bad",
  manual: "",
  unsubscribe: "warn",
};

export function Badge({ value, label }: { value: string; label?: string }) {
  return <span className={`badge ${TONE[value] ?? ""}`}>{label ?? value.replace(/_/g, " ")}</span>;
}

export function Limit({ count, limit }: { count: number; limit: number | null }) {
  return (
    <>
      {count.toLocaleString("en-US")}
      {" / "}
      {limit === null ? "unlimited" : limit.toLocaleString("en-US")}
    </>
  );
}

/** A test-mode message delivered to the account email instead of the recipients it named (listed in the title). */
export function RewrittenMark({ from }: { from: string[] }) {
  return (
    <>
      {" "}
      <span className="badge warn" data-testid="rewritten-badge" title={`Test mode: meant for ${from.join(", ")}`}>
        rewritten
      </span>
    </>
  );
}
