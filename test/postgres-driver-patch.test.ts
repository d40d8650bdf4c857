import net from "node:net";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";

/**
 * patches/postgres+3.4.9.patch (applied by `npm ci`'s postinstall): every new connection of
 * postgres.js first asks for the array types, and the driver dropped that query's promise, so
 * a connection cut while it ran (PostgreSQL restarting, a failover, a database dropped) became
 * an unhandled rejection, which ends a Node process (porsager/postgres#1192). Patched, the
 * waiting query fails with the error, the process lives, and the next query reconnects.
 *
 * The cut is made by a TCP proxy in front of the real database (this run's PostgreSQL, or the
 * embedded database's socket), at the moment the driver sends the array-types query.
 */
let server: TestServer | undefined;
let backend: net.NetConnectOpts;
beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    backend = { host: url.hostname, port: Number(url.port || 5432) };
  } else {
    server = await startTestServer();
    const { pgliteSocketPath } = await import("../server/db/socket-path");
    backend = { path: pgliteSocketPath(process.env.PGLITE_DIR!) };
  }
});
afterAll(async () => {
  await server?.stop();
});

/**
 * A proxy to the database. `resetOnArrayTypes`: it resets the first connection whose client
 * asks for the array types. `cutAll` closes every connection open through it.
 */
async function cuttingProxy(opts: { resetOnArrayTypes: boolean }): Promise<{
  port: number;
  cuts: () => number;
  cutAll: () => void;
  close: () => Promise<void>;
}> {
  let cuts = 0;
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const upstream = net.connect(backend);
    sockets.add(client).add(upstream);
    client.on("data", (chunk) => {
      if (opts.resetOnArrayTypes && cuts === 0 && chunk.includes("typarray")) {
        cuts++;
        upstream.destroy();
        client.resetAndDestroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk) => client.write(chunk));
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ]) {
      a.on("error", () => b.destroy());
      a.on("close", () => b.destroy());
    }
  });
  const cutAll = () => {
    for (const s of sockets) s.destroy();
  };
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    port: (proxy.address() as net.AddressInfo).port,
    cuts: () => cuts,
    cutAll,
    close: async () => {
      cutAll();
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}

/** One connection to this run's database through the proxy at `port`; `onclose` when the driver sees it close. */
function clientThrough(port: number, onclose: () => void = () => {}) {
  const database = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL).pathname.slice(1) : "postgres";
  return postgres({ host: "127.0.0.1", port, user: "postgres", database, max: 1, onnotice: () => {}, onclose });
}

describe("postgres.js as patched", () => {
  it("fails the waiting query, not the process, when a connection is cut while it fetches the array types; the next query reconnects", async () => {
    const proxy = await cuttingProxy({ resetOnArrayTypes: true });
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", record);
    const client = clientThrough(proxy.port);
    try {
      await expect(client`select 1 as one`).rejects.toThrow();
      expect(proxy.cuts()).toBe(1);
      // Unhandled rejections are reported after the microtask queue drains.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
      expect(await client`select 2 as two`).toEqual([{ two: 2 }]);
      // The array types were fetched on the new connection: arrays parse.
      expect(await client`select array[1, 2]::int[] as list`).toEqual([{ list: [1, 2] }]);
    } finally {
      process.off("unhandledRejection", record);
      await client.end({ timeout: 1 });
      await proxy.close();
    }
  });

  it("fails a transaction's statement sent after its connection closed, not the process; the next query reconnects", async () => {
    const proxy = await cuttingProxy({ resetOnArrayTypes: false });
    const uncaught: unknown[] = [];
    const record = (err: unknown) => uncaught.push(err);
    process.on("uncaughtException", record);
    let seenClosed = () => {};
    const closed = new Promise<void>((resolve) => (seenClosed = resolve));
    const client = clientThrough(proxy.port, () => seenClosed());
    try {
      let statement: unknown = "never settled";
      const transaction = client.begin(async (tx) => {
        await tx`select 1 as one`;
        proxy.cutAll();
        await closed; // the driver has seen the close
        // Unpatched, its bytes were written (on the next turn of the event loop) to the
        // socket the close had set to null: a TypeError outside any query, and the statement
        // never settled.
        statement = await tx`select 2 as two`.catch((err: unknown) => err);
      });
      await expect(transaction).rejects.toThrow(/CONNECTION_CLOSED/);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(String(statement)).toMatch(/CONNECTION_CLOSED/);
      expect(uncaught).toEqual([]);
      expect(await client`select 3 as three`).toEqual([{ three: 3 }]);
    } finally {
      process.off("uncaughtException", record);
      await client.end({ timeout: 1 });
      await proxy.close();
    }
  });
});
