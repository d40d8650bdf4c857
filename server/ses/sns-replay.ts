import { sql } from "drizzle-orm";
import { database } from "../db/client";
import type { Database, Tx } from "../db/types";
import { rows } from "../db/rows";

/**
 * Replays of signed SNS messages. A signature proves Amazon sent a message once, not that
 * it is being sent now: anyone who saw one (a proxy's log, a leaked capture) could post it
 * again. So a message counts only inside a freshness window of its signed `Timestamp`, and a
 * notification changes anything only the first time its `MessageId` arrives (sns_messages,
 * in the database, so every process and instance shares it). A MessageId need only be kept
 * while its message is fresh: past the window it would be refused anyway.
 */

/** How old a message's Timestamp may be (SNS retries an HTTP delivery for far less than this). */
export const SNS_MAX_AGE_MS = 3600_000;
/** How far ahead of our clock a Timestamp may be (clock skew). */
export const SNS_MAX_AHEAD_MS = 5 * 60_000;

/** The message's Timestamp when it is inside the window, else null (missing, malformed, too old or ahead). */
export function freshTimestamp(timestamp: unknown, now = Date.now()): Date | null {
  if (typeof timestamp !== "string" || timestamp.length > 64) return null;
  const at = Date.parse(timestamp);
  if (!Number.isFinite(at)) return null;
  return now - at <= SNS_MAX_AGE_MS && at - now <= SNS_MAX_AHEAD_MS ? new Date(at) : null;
}

export interface SnsSeen {
  messageId: string;
  sentAt: Date;
}

/**
 * Records a notification's MessageId in the transaction that applies it: true the first
 * time, false for a replay (a concurrent copy waits on the first's row and then gets false).
 * Rolled back with the transaction, so a failed ingest can be retried by SNS.
 */
export async function claimSnsMessage(tx: Tx, seen: SnsSeen): Promise<boolean> {
  const claimed = await rows<{ one: number }>(
    tx,
    sql`insert into sns_messages (message_id, sent_at) values (${seen.messageId}, ${seen.sentAt.toISOString()}::timestamptz)
      on conflict (message_id) do nothing returning 1 as one`,
  );
  return claimed.length === 1;
}

/** Drops MessageIds whose messages are past the window (with the skew allowance as margin); run by the retention task. */
export async function pruneSnsMessages(d?: Database): Promise<number> {
  d ??= await database();
  const seconds = Math.ceil((SNS_MAX_AGE_MS + SNS_MAX_AHEAD_MS) / 1000);
  const [row] = await d.rows<{ n: number }>(sql`
    with gone as (delete from sns_messages where sent_at < now() - ${seconds}::int * interval '1 second' returning 1)
    select count(*)::int as n from gone`);
  return row.n;
}
