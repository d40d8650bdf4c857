import { sql } from "drizzle-orm";
import { database } from "../db/client";
import { notFound, validationError } from "../errors";
import { isUuid, uuidv7Sql } from "../lib/ids";
import { publicStatus } from "./public-status";
import type { CancelResult } from "./schemas";

/**
 * DELETE /v1/emails/{id}: cancels a message still `scheduled` (decided by its stored
 * status, under the row lock the dispatcher also takes); 409 once it has left.
 */
export async function cancelEmail(accountId: string, id: string): Promise<CancelResult> {
  if (!isUuid(id)) throw notFound("Email");
  const d = await database();
  const [row] = await d.rows<{ canceled: number }>(sql`
    with c as (
      update emails set status = 'canceled', next_attempt_at = null
      where id = ${id} and account_id = ${accountId} and status = 'scheduled' returning id
    ), ev as (
      insert into email_events (id, email_id, type, at) select ${uuidv7Sql}, id, 'canceled', clock_timestamp() from c
    )
    select (select count(*) from c)::int as canceled`);
  if (row.canceled === 1) return { id, canceled: true };
  const [current] = await d.rows<{ status: string }>(sql`select status from emails where id = ${id} and account_id = ${accountId}`);
  if (!current) throw notFound("Email");
  // The reference's table: any state other than scheduled is 409, a cancelled message included.
  if (current.status === "canceled") throw validationError("The email has already been canceled.", 409);
  throw validationError(
    `The email has already been dispatched (status ${publicStatus(current.status)}) and can no longer be canceled.`,
    409,
  );
}
