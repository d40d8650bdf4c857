import { eq, sql } from "drizzle-orm";
import { database } from "../db/client";
import { accounts } from "../db/schema";
import { processShared } from "../lib/process-shared";

export type Account = typeof accounts.$inferSelect;

/**
 * Accounts and authenticated keys are read on every request, so they are cached in
 * process. With PostgreSQL, every change is announced on a NOTIFY channel so every
 * instance (and a change made by the CLI) drops its copy at once. With PGlite, the CLI
 * and the children of a multi-process server talk through the owner's socket, which
 * carries no notifications: they write each change to cache_invalidations, and every
 * server process tails that table.
 */
const CHANNEL = "posthaste_invalidate";

type Listener = (accountId: string) => void;
const listeners = processShared("accountListeners", () => new Set<Listener>());
/** Entries also expire, a safety net should a notification be missed. */
const MAX_AGE_MS = 5000;
const accountCache = processShared("accountCache", () => new Map<string, { account: Account; at: number }>());
const state = processShared("accountListening", () => ({ listening: null as Promise<void> | null }));

export function onAccountInvalidated(listener: Listener): void {
  listeners.add(listener);
}

/** invalidateAccount calls waiting for their own notification to come back, by account. */
const echoes = processShared("accountInvalidationEchoes", () => new Map<string, Set<() => void>>());
/** How long a change waits for its notification to come back before answering anyway (entries expire regardless). */
const ECHO_WAIT_MS = 1000;

function dropLocal(accountId: string): void {
  accountCache.delete(accountId);
  for (const listener of listeners) listener(accountId);
}

/** A notification from the channel: drop the copy, and release the changes waiting to see it come back. */
function dropNotified(accountId: string): void {
  dropLocal(accountId);
  const waiting = echoes.get(accountId);
  if (!waiting) return;
  echoes.delete(accountId);
  for (const release of waiting) release();
}

/** Resolves when a notification for `accountId` reaches this process's listener, or after ECHO_WAIT_MS. */
function echoOf(accountId: string): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      echoes.get(accountId)?.delete(release);
      resolve();
    }, ECHO_WAIT_MS);
    const release = () => {
      clearTimeout(timer);
      resolve();
    };
    const waiting = echoes.get(accountId) ?? new Set();
    waiting.add(release);
    echoes.set(accountId, waiting);
  });
}

/** Start listening for other processes' changes (idempotent). */
export function listenForInvalidations(): Promise<void> {
  state.listening ??= database().then(async (d) => {
    await d.listen(CHANNEL, dropNotified);
    // The CLI and the children of a multi-process server write their changes to the table.
    if (d.kind !== "postgres") await tailInvalidationTable();
  });
  return state.listening;
}

async function tailInvalidationTable(): Promise<void> {
  const { rows } = await database();
  const [{ last }] = await rows<{ last: number | null }>(sql`select max(id)::int as last from cache_invalidations`);
  let seen = Number(last ?? 0);
  const timer = setInterval(async () => {
    try {
      const fresh = await rows<{ id: number; account_id: string }>(
        sql`select id::int, account_id from cache_invalidations where id > ${seen} order by id`,
      );
      for (const row of fresh) {
        seen = row.id;
        dropLocal(row.account_id);
      }
      if (fresh.length) await rows(sql`delete from cache_invalidations where created_at < now() - interval '1 hour'`);
    } catch {
      clearInterval(timer); // the database closed: the server is stopping
    }
  }, 200);
  timer.unref();
}

/**
 * Call after any change to an account or its keys. On PostgreSQL it returns once the
 * notification has come back to this process's own listener: PostgreSQL signals every
 * listening session at the commit, so the other processes have it by then too, and a request
 * that follows the change's answer (the next one with a revoked key is 401) finds them
 * without the old copy. A process that does not listen (the CLI) returns at once.
 */
export async function invalidateAccount(accountId: string): Promise<void> {
  dropLocal(accountId);
  const { db, kind } = await database();
  if (kind === "pglite-socket") {
    await db.execute(sql`insert into cache_invalidations (account_id) values (${accountId})`);
  } else {
    const echoed = kind === "postgres" && state.listening ? echoOf(accountId) : null;
    await db.execute(sql`select pg_notify(${CHANNEL}, ${accountId})`);
    await echoed;
  }
}

export async function getAccount(accountId: string): Promise<Account | null> {
  const cached = accountCache.get(accountId);
  if (cached && Date.now() - cached.at < MAX_AGE_MS) return cached.account;
  const { db, kind } = await database();
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  // The embedded database is in process, so a read is cheap, and a CLI change made
  // through its socket must show on the very next request: no cache there.
  if (row && kind !== "pglite") accountCache.set(accountId, { account: row, at: Date.now() });
  return row ?? null;
}
