import type { Query } from "./partitions";
import { ACCOUNT_SEARCH_INDEX, ACCOUNT_SEARCH_VECTOR } from "./schema";

/**
 * Decision 0049: full-text search keyed by account (`emails_account_search_idx`). Migration
 * 0028 swaps the indexes itself on an emails table of up to 100,000 rows; on a larger one it
 * keeps the old index (instances of the previous version still search with it), and this
 * builds the new one after migrating, before the server serves, then drops the old.
 * `concurrently` (PostgreSQL): the build takes no lock that stops sends, so instances already
 * running keep serving; one starting waits behind the migration lock. No statement or lock
 * timeout of the role's or database's may cancel it (it would at every start). A build that
 * failed leaves an invalid index: it is dropped and built again. One catalog read when there
 * is nothing to do.
 */
export async function buildAccountSearchIndex(query: Query, opts: { concurrently: boolean }): Promise<void> {
  const how = opts.concurrently ? "concurrently " : "";
  const [state] = await query<{ valid: boolean | null; old: boolean }>(`
    select (select indisvalid from pg_index where indexrelid = to_regclass('${ACCOUNT_SEARCH_INDEX}')) as valid,
      to_regclass('emails_search_idx') is not null as old`);
  if (state?.valid === true && !state.old) return;
  if (opts.concurrently) {
    await query(`set statement_timeout = 0`);
    await query(`set lock_timeout = 0`);
  }
  if (state?.valid === false) await query(`drop index ${how}${ACCOUNT_SEARCH_INDEX}`);
  if (state?.valid !== true) await query(`create index ${how}${ACCOUNT_SEARCH_INDEX} on emails using gin (${ACCOUNT_SEARCH_VECTOR})`);
  await query(`drop index ${how}if exists emails_search_idx`);
}
