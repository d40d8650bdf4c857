import type { PGlite } from "@electric-sql/pglite";

/**
 * pglite-socket runs each client message under PGlite's query lock only, so the
 * server's own queries could run between a CLI's Parse, Bind and Execute (replacing its
 * unnamed statement) or inside one of the server's transactions. Here a socket client
 * holds the transaction lock from its first message until the message that ends the
 * exchange (Sync, a simple Query, or Terminate), so each of its statements runs whole
 * and apart from the server's work. A client's own multi-statement transaction is still
 * not isolated: the CLI sends single statements through the socket.
 */
export function exclusiveOfTransactions(client: PGlite): PGlite {
  type Locks = { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> };
  const ENDS_EXCHANGE = new Set([0x53 /* S */, 0x51 /* Q */, 0x58 /* X */, 0x00 /* startup */]);
  let held: { release: () => void; timer: NodeJS.Timeout } | null = null;
  let lastType = 0;
  const acquire = () =>
    new Promise<() => void>((granted) => {
      void (client as unknown as Locks)._runExclusiveTransaction(() => new Promise<void>((done) => granted(done)));
    });
  const release = () => {
    if (!held) return;
    clearTimeout(held.timer);
    held.release();
    held = null;
  };
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === "runExclusive") {
        return async <T>(fn: () => Promise<T>) => {
          if (!held) {
            const done = await acquire();
            // A client that vanishes mid-exchange must not hold the server up.
            held = { release: done, timer: setTimeout(release, 5000) };
          }
          try {
            return await target.runExclusive(fn);
          } finally {
            if (ENDS_EXCHANGE.has(lastType)) release();
          }
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
  });
}
