import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";

// The embedded database's socket gives whoever connects the whole database.
const embedded = !process.env.DATABASE_URL;
let server: TestServer;
beforeAll(async () => {
  if (embedded) server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe.runIf(embedded)("the embedded database's socket", () => {
  it("is 0600 in a 0700 folder beside the data", async () => {
    const { pgliteSocketPath } = await import("../server/db/socket-path");
    const socket = pgliteSocketPath(process.env.PGLITE_DIR!);
    expect(path.dirname(socket)).toBe(path.join(process.env.PGLITE_DIR!, ".posthaste-socket"));
    expect(fs.statSync(socket).isSocket()).toBe(true);
    expect(fs.statSync(socket).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(socket)).mode & 0o777).toBe(0o700);
  });
});

describe.runIf(embedded)("a socket client's transaction (the CLI, the children of a multi-process server)", () => {
  const connect = async () => {
    const { default: postgres } = await import("postgres");
    const { pgliteSocketPath } = await import("../server/db/socket-path");
    return postgres({ path: pgliteSocketPath(process.env.PGLITE_DIR!), max: 1, onnotice: () => {} });
  };
  const count = async () => {
    const { rows } = await import("./support/db");
    const { sql } = await import("drizzle-orm");
    return (await rows<{ n: number }>(sql`select count(*)::int as n from socket_probe`))[0].n;
  };

  beforeAll(async () => {
    const { rows } = await import("./support/db");
    const { sql } = await import("drizzle-orm");
    if (embedded) await rows(sql`create table if not exists socket_probe (n int)`);
  });

  it("runs whole: neither another client nor the server runs inside it", async () => {
    const [a, b] = [await connect(), await connect()];
    try {
      let inside!: () => void;
      const begun = new Promise<void>((r) => (inside = r));
      const tx = a
        .begin(async (t) => {
          await t`insert into socket_probe values (1)`;
          inside();
          await new Promise((r) => setTimeout(r, 300));
          throw new Error("roll back");
        })
        .catch((err: Error) => err.message);
      await begun;
      // Both wait for the transaction, then see it rolled back.
      const [other, own] = await Promise.all([b`select count(*)::int as n from socket_probe`, count()]);
      expect(await tx).toBe("roll back");
      expect([other[0].n, own]).toEqual([0, 0]);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });

  it("is rolled back when its client disconnects in the middle of it", async () => {
    const a = await connect();
    const reserved = await a.reserve();
    await reserved`begin`;
    await reserved`insert into socket_probe values (2)`;
    await a.end({ timeout: 0 });
    expect(await count()).toBe(0);
    // The engine is free again: a new client works.
    const b = await connect();
    expect((await b`select 1 as one`)[0].one).toBe(1);
    await b.end();
  });

  it("drops a client that holds it silent for 10 s, rolling its work back", async () => {
    const a = await connect();
    const reserved = await a.reserve();
    await reserved`begin`;
    await reserved`insert into socket_probe values (3)`;
    const started = Date.now();
    // The server's own statement waits for the holder, then runs once it is dropped.
    expect(await count()).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
    await expect(reserved`select 1`).rejects.toThrow();
    await a.end({ timeout: 0 });
  }, 20_000);
});
