import type { Query } from "./partitions";
import { ACCOUNT_SEARCH_INDEX, ACCOUNT_SEARCH_VECTOR, SUPERSEDED_SEARCH_INDEXES } from "./schema";

/**
 * Decisions 0049 and 0053: the full-text index search reads (`ACCOUNT_SEARCH_INDEX`). A
 * migration that changes it swaps the indexes itself on an emails table of up to 100,000
 * rows; on a larger one it keeps the old index (instances of the previous version still
 * search with it), and this builds the new one after migrating, before the server serves,
 * then drops the ones it supersedes. `concurrently` (PostgreSQL): the build takes no lock
 * that stops sends, so instances already running keep serving; one starting waits behind the
 * migration lock. No statement or lock timeout of the role's or database's may cancel it (it
 * would at every start). A build that failed leaves an invalid index: it is dropped and built
 * again. One catalog read when there is nothing to do.
 */
export async function buildAccountSearchIndex(query: Query, opts: { concurrently: boolean }): Promise<void> {
  const how = opts.concurrently ? "concurrently " : "";
  const superseded = SUPERSEDED_SEARCH_INDEXES.map((name) => `to_regclass('${name}') is not null`).join(" or ");
  const [state] = await query<{ valid: boolean | null; old: boolean }>(`
    select (select indisvalid from pg_index where indexrelid = to_regclass('${ACCOUNT_SEARCH_INDEX}')) as valid,
      (${superseded}) as old`);
  if (state?.valid === true && !state.old) return;
  if (opts.concurrently) {
    await query(`set statement_timeout = 0`);
    await query(`set lock_timeout = 0`);
  }
  if (state?.valid === false) await query(`drop index ${how}${ACCOUNT_SEARCH_INDEX}`);
  if (state?.valid !== true) await query(`create index ${how}${ACCOUNT_SEARCH_INDEX} on emails using gin (${ACCOUNT_SEARCH_VECTOR})`);
  for (const name of SUPERSEDED_SEARCH_INDEXES) await query(`drop index ${how}if exists ${name}`);
}
