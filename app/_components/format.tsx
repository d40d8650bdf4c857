import { cache } from "react";
import { RelativeTime } from "./relative-time";
import { Badge as BadgeUi, type BadgeTone } from "./ui/badge";

/** The server's clock, read once per request: every time on a page is relative to the same moment. */
const requestTime = cache(() => Date.now());

/** A moment as relative time ("3 minutes ago") with the exact UTC time on hover; a dash when there is none. */
export function Time({ ms }: { ms: number | null | undefined }) {
  if (ms === null || ms === undefined) return <span className="text-muted-foreground">—</span>;
  // The client's first render reuses the server's clock, so hydration agrees.
  return <RelativeTime ms={ms} renderedAt={requestTime()} />;
}

/** Each status the API reports, by what it means for the owner: fine, under way, needs a look, failed. */
const TONE: Record<string, BadgeTone> = {
  delivered: "success",
  verified: "success",
  enabled: "success",
  succeeded: "success",
  parsed: "success",
  pass: "success",
  sent: "info",
  full: "info",
  pending: "warning",
  softfail: "warning",
  temperror: "warning",
  delivery_delayed: "warning",
  regressed: "warning",
  unsubscribe: "warning",
  suspended: "danger",
  bounced: "danger",
  complained: "danger",
  failed: "danger",
  fail: "danger",
  permerror: "danger",
  hard_bounce: "danger",
  complaint: "danger",
};

/** A status badge: the API's value (underscores read as spaces) in its tone; neutral when unknown. */
export function Badge({ value, label }: { value: string; label?: string }) {
  return <BadgeUi tone={TONE[value] ?? "neutral"}>{label ?? value.replace(/_/g, " ")}</BadgeUi>;
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
      <BadgeUi tone="warning" data-testid="rewritten-badge" title={`Test mode: meant for ${from.join(", ")}`}>
        rewritten
      </BadgeUi>
    </>
  );
}

/**
 * Who made an API key or a webhook endpoint (dashboard.keyCreators / webhookCreators): the
 * member's address, "Unknown" for rows older than the record, and the key it was made with
 * through the API.
 */
export function MadeBy({
  creator,
}: {
  creator: { user: string | null; viaKey: { name: string; last4: string; revoked: boolean } | null } | undefined;
}) {
  if (!creator) return <span className="text-muted-foreground">—</span>;
  return (
    <span data-testid="made-by">
      {creator.user ? (
        <span className="wrap-anywhere">{creator.user}</span>
      ) : (
        <span className="text-muted-foreground" title="Made before creators were recorded, or with a key whose creator is unknown">
          Unknown
        </span>
      )}
      {creator.viaKey && (
        <span className="block text-muted-foreground">
          with the key {creator.viaKey.name} (ph_…{creator.viaKey.last4}
          {creator.viaKey.revoked ? ", revoked" : ""})
        </span>
      )}
    </span>
  );
}
