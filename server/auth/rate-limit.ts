import { sql } from "drizzle-orm";
import { database } from "../db/client";
import { ApiError } from "../errors";
import { processShared } from "../lib/process-shared";
import { MANUAL_WEBHOOK_DELIVERY_WINDOW_SECONDS } from "../limits/constants";
import { authSettings, type Window } from "./settings";

/**
 * A door refused for now: too many attempts in the window. The message names no account. An
 * ApiError (rate_limited, 429), so a dashboard procedure reports it as it is.
 */
export class TooManyAttempts extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      "rate_limited",
      429,
      `Too many attempts. Try again in ${retryAfterSeconds > 90 ? `${Math.ceil(retryAfterSeconds / 60)} minutes` : `${retryAfterSeconds} seconds`}.`,
      retryAfterSeconds,
    );
  }
}

export interface Verdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Rows of windows long past are dropped now and then, by whichever attempt comes along. */
const PRUNE_EVERY = 200;
const pruning = processShared("authRateLimitPruning", () => ({ sincePrune: 0 }));

function longestWindowSeconds(): number {
  const s = authSettings;
  return Math.max(
    MANUAL_WEBHOOK_DELIVERY_WINDOW_SECONDS, // server/webhooks/manual-throttle.ts counts here too
    s.signInFailuresPerAddress().seconds,
    s.signInAttemptsPerIp().seconds,
    s.signInCeilingPerAddress().seconds,
    s.signUpsPerIp().seconds,
    s.mailsPerAddress().seconds,
  );
}

/**
 * Counts one attempt against `key` in a fixed window and says whether it is within the
 * limit. One statement (an upsert that restarts an expired window), so concurrent attempts
 * on any instance are counted exactly. A limit of 0 switches the rule off.
 */
export async function countAttempt(key: string, window: Window): Promise<Verdict> {
  if (window.limit <= 0) return { allowed: true, retryAfterSeconds: 0 };
  const { rows } = await database();
  const seconds = Math.max(1, Math.round(window.seconds));
  const [row] = await rows<{ count: number; retry: number }>(sql`
    insert into auth_rate_limits as l (key, window_started_at, count) values (${key}, now(), 1)
    on conflict (key) do update set
      window_started_at = case when l.window_started_at <= now() - ${seconds}::int * interval '1 second' then now() else l.window_started_at end,
      count = case when l.window_started_at <= now() - ${seconds}::int * interval '1 second' then 1 else l.count + 1 end
    returning count::int as count,
      least(${seconds}::int, greatest(1, ceil(extract(epoch from window_started_at + ${seconds}::int * interval '1 second' - now()))))::int as retry`);
  if (++pruning.sincePrune >= PRUNE_EVERY) {
    pruning.sincePrune = 0;
    await rows(
      sql`delete from auth_rate_limits where window_started_at < now() - ${Math.ceil(longestWindowSeconds())}::int * interval '1 second'`,
    );
  }
  return { allowed: row.count <= window.limit, retryAfterSeconds: row.retry };
}

/** Counts an attempt and throws TooManyAttempts past the limit. A null key (no client IP known) counts nothing. */
export async function assertWithinLimit(key: string | null, window: Window): Promise<void> {
  if (key === null) return;
  const verdict = await countAttempt(key, window);
  if (!verdict.allowed) throw new TooManyAttempts(verdict.retryAfterSeconds);
}

/** Drops the counts of `keys` and of every key starting with one of `prefixes` (a door proven open another way). */
export async function forgetAttempts(keys: string[], prefixes: string[] = []): Promise<void> {
  const { rows } = await database();
  const startsWith = prefixes.map((p) => sql` or left(key, ${p.length}::int) = ${p}`);
  await rows(sql`delete from auth_rate_limits where key = any(${sql.param(keys)}::text[])${sql.join(startsWith)}`);
}

/** Takes back one counted attempt (a sign-in counted as a failure that turned out right). */
export async function uncountAttempt(key: string): Promise<void> {
  const { rows } = await database();
  await rows(sql`update auth_rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

/** Whether `key` is over the limit in its current window, without counting an attempt (a door that counts only failures). */
export async function peekAttempts(key: string, window: Window): Promise<Verdict> {
  if (window.limit <= 0) return { allowed: true, retryAfterSeconds: 0 };
  const { rows } = await database();
  const seconds = Math.max(1, Math.round(window.seconds));
  const [row] = await rows<{ count: number; retry: number }>(sql`
    select count::int as count,
      least(${seconds}::int, greatest(1, ceil(extract(epoch from window_started_at + ${seconds}::int * interval '1 second' - now()))))::int as retry
    from auth_rate_limits where key = ${key} and window_started_at > now() - ${seconds}::int * interval '1 second'`);
  return row && row.count >= window.limit ? { allowed: false, retryAfterSeconds: row.retry } : { allowed: true, retryAfterSeconds: 0 };
}
