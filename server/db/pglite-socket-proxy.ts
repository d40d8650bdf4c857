import type { PGlite } from "@electric-sql/pglite";
import type { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { log } from "../ops/log";

/** Messages after which a client may have nothing more to say: Sync, a simple Query, Terminate, startup. */
const ENDS_EXCHANGE = new Set([0x53 /* S */, 0x51 /* Q */, 0x58 /* X */, 0x00 /* startup */]);
/** A client holding the engine this long without a word is dropped (its transaction rolled back). */
const IDLE_HOLD_MS = 10_000;

const SYNC = Uint8Array.of(0x53, 0, 0, 0, 4);
function simpleQuery(text: string): Uint8Array {
  const body = Buffer.from(`${text}\0`);
  const message = Buffer.alloc(5 + body.length);
  message[0] = 0x51;
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}

/** The parts of pglite-socket's server we reach into to drop a client that holds the engine and went quiet. */
type ServerInternals = {
  handlers?: Set<{ handlerId: number; detach(close?: boolean): Promise<unknown> }>;
  queryQueue?: { lastHandlerId: number | null };
};

/**
 * PGlite has one session, shared by this process and every socket client (the CLI, and the
 * children of a multi-process server). pglite-socket runs each client message under
 * PGlite's query lock only, so on its own another client's messages, or this process's
 * queries, could run between a client's Parse, Bind and Execute, or inside its transaction.
 *
 * Here the first message of a client takes PGlite's transaction lock (the one this
 * process's own queries take), and the client keeps it until an exchange ends (Sync,
 * simple Query, Terminate) with the session idle, i.e. outside any transaction: ReadyForQuery
 * would say 'I'. While it holds it, `isInTransaction()` answers true, which makes
 * pglite-socket's queue serve that client only. A client that disconnects while holding
 * it is rolled back (pglite-socket calls `exec("ROLLBACK")` on it, answered here under the
 * held lock); one that goes quiet for IDLE_HOLD_MS is disconnected, which does the same.
 */
export function exclusiveOfTransactions(client: PGlite): { db: PGlite; watch(server: PGLiteSocketServer): void } {
  type Locks = { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> };
  let held: { release: () => void; timer: NodeJS.Timeout | null } | null = null;
  let lastType = 0;
  let server: ServerInternals | null = null;
  const acquire = () =>
    new Promise<() => void>((granted) => {
      void (client as unknown as Locks)._runExclusiveTransaction(() => new Promise<void>((done) => granted(done)));
    });
  const release = () => {
    if (!held) return;
    if (held.timer) clearTimeout(held.timer);
    held.release();
    held = null;
  };
  const quiet = () => setTimeout(() => void dropQuietHolder(), IDLE_HOLD_MS);
  /**
   * Under the held lock: end whatever the client left open, then let others in. Checked
   * again under the query lock: had the client's last exchange just ended and let go, a
   * ROLLBACK now could land in someone else's transaction.
   */
  const rollBack = async () => {
    const holder = held;
    if (!holder) return;
    const ignore = { onRawData: () => {} };
    await client.runExclusive(async () => {
      if (held !== holder) return;
      await client.execProtocolRawStream(SYNC, ignore);
      await client.execProtocolRawStream(simpleQuery("ROLLBACK"), ignore);
    });
    if (held === holder) release();
  };
  const dropQuietHolder = async () => {
    const holderId = server?.queryQueue?.lastHandlerId;
    const holder = [...(server?.handlers ?? [])].find((h) => h.handlerId === holderId);
    log().error("pglite: a socket client held the database idle for 10 s; disconnecting it and rolling back its work");
    if (holder) await holder.detach(true);
    await rollBack();
  };
  return {
    watch(s) {
      server = s as unknown as ServerInternals;
    },
    db: new Proxy(client, {
      get(target, prop, receiver) {
        if (prop === "runExclusive") {
          return async <T>(fn: () => Promise<T>) => {
            if (!held) held = { release: await acquire(), timer: null };
            else if (held.timer) clearTimeout(held.timer);
            try {
              return await target.runExclusive(fn);
            } finally {
              if (ENDS_EXCHANGE.has(lastType) && !target.isInTransaction()) release();
              // Silence counts from the end of its last message: a long statement is not idleness.
              else if (held) held.timer = quiet();
            }
          };
        }
        if (prop === "isInTransaction") return () => held !== null;
        if (prop === "exec") {
          // Only pglite-socket calls exec on this proxy: ROLLBACK for a client gone while holding.
          return async () => {
            await rollBack();
            return [];
          };
        }
        if (prop === "execProtocolRawStream") {
          return (message: Uint8Array, opts: unknown) => {
            lastType = message[0] ?? 0;
            return (target.execProtocolRawStream as (m: Uint8Array, o: unknown) => Promise<unknown>)(message, opts);
          };
        }
        const value = Reflect.get(target, prop, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    }),
  };
}
