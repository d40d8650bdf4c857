import { sql } from "drizzle-orm";
import { database } from "../db/client";
import { validationError } from "../errors";
import { TASKS } from "../jobs/names";
import { wake } from "../jobs/tasks";
import { uuidv7Sql } from "../lib/ids";
import { publicStatus } from "./public-status";
import { scheduledAtOf } from "./request";
import type { RescheduleResult } from "./schemas";
import { ownedOrThrow } from "../lib/owned";

/**
 * PATCH /v1/emails/{id} (Resend's `emails.update`): moves a message still `scheduled` to
 * a new time, decided like cancelEmail under the row lock the dispatcher takes; 409 once
 * it has left. A time that means "now" makes it due at once: it stays a scheduled send
 * (charged when it dispatches), only sooner. The id is looked up before the time is read:
 * an unknown or another account's id is 404 whatever the body holds.
 */
export async function rescheduleEmail(
  accountId: string,
  id: string,
  when: { scheduledAt?: string | number | null; scheduled_at?: string | number | null },
): Promise<RescheduleResult> {
  const d = await database();
  const statusOf = () =>
    ownedOrThrow("Email", id, async () => {
      const [row] = await d.rows<{ status: string }>(sql`select status from emails where id = ${id} and account_id = ${accountId}`);
      return row?.status;
    });
  await statusOf();
  const at = scheduledAtOf(when) ?? new Date();
  const [row] = await d.rows<{ moved: number }>(sql`
    with m as (
      update emails set scheduled_at = ${at.toISOString()}, next_attempt_at = ${at.toISOString()}
      where id = ${id} and account_id = ${accountId} and status = 'scheduled' returning id
    ), ev as (
      insert into email_events (id, email_id, type, at, detail)
      select ${uuidv7Sql}, id, 'rescheduled', clock_timestamp(), ${at.toISOString()} from m
    )
    select (select count(*) from m)::int as moved`);
  if (row.moved === 1) {
    if (at.getTime() <= Date.now()) wake(TASKS.dispatch);
    return { id, scheduledAt: at.getTime() };
  }
  throw validationError(`The email is ${publicStatus(await statusOf())}, no longer scheduled, and cannot be rescheduled.`, 409);
}
