import { notFound } from "../errors";
import { isUuid } from "./ids";

/**
 * "Check the id, then 404", once for every resource an account owns: the row `find` returns
 * for the id (a lookup scoped to the account), or 404 not_found naming `what`. An id that
 * cannot name a row (not a UUID) is refused without asking the database.
 */
export async function ownedOrThrow<T>(what: string, id: string, find: (id: string) => Promise<T | null | undefined>): Promise<T> {
  const row = isUuid(id) ? await find(id) : undefined;
  if (row === undefined || row === null) throw notFound(what);
  return row;
}
