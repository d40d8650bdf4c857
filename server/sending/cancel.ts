import { sql } from "drizzle-orm";
import { database } from "../db/client";
import { validationError } from "../errors";
import { uuidv7Sql } from "../lib/ids";
import { publicStatus } from "./public-status";
import type { CancelResult } from "./schemas";
import { ownedOrThrow } from "../lib/owned";

/**
 * DELETE /v1/emails/{id}: cancels a message still `scheduled` (decided by its stored
 * status, under the row lock the dispatcher also takes); 409 once it has left.
 */
export async function cancelEmail(accountId: string, id: string): Promise<CancelResult> {
  const d = await database();
  // `status` is read from the statement's snapshot (before the update): null when the account has no such email.
  const current = await ownedOrThrow("Email", id, async () => {
    const [row] = await d.rows<{ canceled: number; status: string | null }>(sql`
      with c as (
        update emails set status = 'canceled', next_attempt_at = null
        where id = ${id} and account_id = ${accountId} and status = 'scheduled' returning id
      ), ev as (
        insert into email_events (id, email_id, type, at) select ${uuidv7Sql}, id, 'canceled', clock_timestamp() from c
      )
      select (select count(*) from c)::int as canceled,
        (select status from emails where id = ${id} and account_id = ${accountId}) as status`);
    return row.status === null ? undefined : { canceled: row.canceled, status: row.status };
  });
  if (current.canceled === 1) return { id, canceled: true };
  // The reference's table: any state other than scheduled is 409, a cancelled message included.
  if (current.status === "canceled") throw validationError("The email has already been canceled.", 409);
  throw validationError(
    `The email has already been dispatched (status ${publicStatus(current.status)}) and can no longer be canceled.`,
    409,
  );
}
