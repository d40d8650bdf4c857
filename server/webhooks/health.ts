import { sql } from "drizzle-orm";
import { database } from "../db/client";

/** How many of an endpoint's latest attempts the dashboard sums up ("3 of the last 20 attempts failed"). */
export const RECENT_ATTEMPTS = 20;

/**
 * Each of the account's endpoints with its latest RECENT_ATTEMPTS attempts and how many
 * failed (no 2xx answer, the delivery task's rule). Unlike `consecutiveFailures`, which
 * counts deliveries that exhausted every retry, this shows failing attempts while retries
 * are still under way. Test events are left out, as everywhere in an endpoint's health.
 * Each endpoint reads its own newest attempts on (endpoint_id, id).
 */
export async function recentAttemptHealth(accountId: string): Promise<{ id: string; attempts: number; failed: number }[]> {
  const { rows } = await database();
  const found = await rows<{ id: string; attempts: number; failed: number }>(sql`
    select e.id, h.attempts, h.failed
    from webhook_endpoints e
    cross join lateral (
      select count(*)::int as attempts,
             count(*) filter (where r.response_status is null or r.response_status not between 200 and 299)::int as failed
      from (
        select a.response_status from webhook_attempts a
        join webhook_deliveries d on d.id = a.delivery_id
        join webhook_events ev on ev.id = d.event_id
        where a.endpoint_id = e.id and not ev.test
        order by a.id desc
        limit ${sql.raw(String(RECENT_ATTEMPTS))}
      ) r
    ) h
    where e.account_id = ${accountId}
    order by e.created_at`);
  return found.map((r) => ({ id: r.id, attempts: Number(r.attempts), failed: Number(r.failed) }));
}
