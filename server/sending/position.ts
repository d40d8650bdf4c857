import { sql } from "drizzle-orm";
import { database } from "../db/client";
import { validationError } from "../errors";
import { isUuid, unknownId } from "../lib/ids";

/** Where a list resumes: a row's created_at in microseconds, and its id. */
export interface Position {
  us: string;
  id: string;
}

/**
 * The (created_at, id) position of the account's row named by a list's `after` or `before`
 * (emails or received emails); 400 naming the field when there is none. Only an id's shape
 * is looked up, and only the account's own rows.
 */
export async function positionOf(
  list: { table: "emails" | "inbound_emails"; what: string },
  accountId: string,
  field: "after" | "before",
  id: string,
): Promise<Position> {
  const [row] = isUuid(id)
    ? await (
        await database()
      ).rows<{ us: string }>(
        sql`select (extract(epoch from created_at) * 1000000)::bigint::text as us from ${sql.identifier(list.table)} where id = ${id} and account_id = ${accountId}`,
      )
    : [];
  if (!row) throw validationError(`${field}: ${unknownId(list.what, id)}`);
  return { us: row.us, id };
}
