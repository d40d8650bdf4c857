import { eq, sql } from "drizzle-orm";
import { database } from "../db/client";
import { accounts } from "../db/schema";
import { processShared } from "../lib/process-shared";

export type Account = typeof accounts.$inferSelect;

/**
 * Accounts and authenticated keys are read on every request, so they are cached in
 * process. With PostgreSQL, every change is announced on a NOTIFY channel so every
 * instance (and a change made by the CLI) drops its copy at once. With PGlite there
 * is only one process and the cache is invalidated directly; the CLI talks through
 * the server's socket, so it announces changes the same way.
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

function dropLocal(accountId: string): void {
  accountCache.delete(accountId);
  for (const listener of listeners) listener(accountId);
}

/** Start listening for other processes' changes (idempotent). */
export function listenForInvalidations(): Promise<void> {
  state.listening ??= database().then((d) => d.listen(CHANNEL, dropLocal));
  return state.listening;
}

/** Call after any change to an account or its keys. */
export async function invalidateAccount(accountId: string): Promise<void> {
  dropLocal(accountId);
  const { db } = await database();
  await db.execute(sql`select pg_notify(${CHANNEL}, ${accountId})`);
}

export async function getAccount(accountId: string): Promise<Account | null> {
  const cached = accountCache.get(accountId);
  if (cached && Date.now() - cached.at < MAX_AGE_MS) return cached.account;
  const { db } = await database();
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (row) accountCache.set(accountId, { account: row, at: Date.now() });
  return row ?? null;
}
