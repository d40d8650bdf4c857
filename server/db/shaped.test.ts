import { PGlite } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { compiledRows } from "./pglite";
import { rows } from "./rows";
import { emails } from "./schema";
import { shapedQuery, shapesCompiled } from "./shaped";
import type { Db } from "./types";

const dialect = new PgDialect();

// Nested statements, optional parts, a raw name, a list param, a JS list, null and a Date.
function statement(v: { id: string; keys: string[]; limit: number | null; at: Date; withKeys: boolean; unit: "a" | "b" }): SQL {
  const keys = v.withKeys ? sql`and k = any(${sql.param(v.keys)}::text[])` : sql``;
  return sql`select ${v.id}::text as id, ${sql.raw(v.unit)} as unit, ${v.limit}::int as lim, ${v.at}::timestamptz as at,
    ${[1, 2]} as pair ${keys} ${sql`and ${v.id} = ${v.id}`}`;
}

describe("shapedQuery", () => {
  it("gives drizzle's text and values, the text compiled once per shape", () => {
    const a = { id: "x", keys: ["k1", "k2"], limit: 5, at: new Date(0), withKeys: true, unit: "a" as const };
    const b = { id: "y", keys: ["k3"], limit: null, at: new Date(1000), withKeys: true, unit: "a" as const };
    const qa = shapedQuery(statement(a));
    const qb = shapedQuery(statement(b));
    for (const [q, v] of [
      [qa, a],
      [qb, b],
    ] as const) {
      const compiled = dialect.sqlToQuery(statement(v));
      expect(q.sql).toBe(compiled.sql);
      expect(q.params).toEqual(compiled.params);
    }
    const without = { ...a, withKeys: false };
    expect(shapedQuery(statement(without)).sql).not.toBe(qa.sql);
  });

  it("keys each text by the statement itself: a choice, a raw part or a list's length gives its own text", () => {
    const v = { id: "x", keys: [], limit: 1, at: new Date(0), withKeys: false, unit: "a" as const };
    const variants = [v, { ...v, unit: "b" as const }, { ...v, withKeys: true, keys: ["k"] }];
    for (const variant of variants) expect(shapedQuery(statement(variant)).sql).toBe(dialect.sqlToQuery(statement(variant)).sql);
    const list = (n: number) => sql`select 1 where 2 in ${Array.from({ length: n }, (_, i) => i)}`;
    expect(shapedQuery(list(2)).sql).toBe(dialect.sqlToQuery(list(2)).sql);
    expect(shapedQuery(list(3)).sql).toBe(dialect.sqlToQuery(list(3)).sql);
    // A value where a text piece was, or a name where a value was: different texts, different shapes.
    expect(shapedQuery(sql`select ${"a"}`).sql).toBe("select $1");
    expect(shapedQuery(sql`select ${sql.raw("'a'")}`).sql).toBe("select 'a'");
    expect(shapedQuery(sql`select ${sql.identifier("a")}`).sql).toBe('select "a"');
  });

  it("compiles a shape once: the same statement with other values adds no shape", () => {
    const v = { id: "x", keys: ["k"], limit: 1, at: new Date(0), withKeys: true, unit: "a" as const };
    shapedQuery(statement(v));
    const before = shapesCompiled();
    shapedQuery(statement({ ...v, id: "other", keys: ["k1", "k2", "k3"], limit: null, at: new Date(5) }));
    expect(shapesCompiled()).toBe(before);
  });

  it("refuses what only the query builders hold: columns, tables", () => {
    expect(() => shapedQuery(sql`select ${emails.id} from emails`)).toThrow(/unsupported chunk/);
  });

  it("takes statements built by another copy of drizzle (Next's bundle has its own)", async () => {
    const url = new URL("../../node_modules/drizzle-orm/sql/sql.js", import.meta.url).href + "?second-copy";
    const other = (await import(/* @vite-ignore */ url)) as { sql: typeof sql; SQL: unknown };
    const { SQL } = await import("drizzle-orm");
    const built = other.sql`select ${"x"}::text as id, ${other.sql`${2}::int`} as n`;
    expect(built instanceof SQL).toBe(false);
    const q = shapedQuery(built);
    expect(q).toEqual({ sql: "select $1::text as id, $2::int as n", params: ["x", 2] });
    const client = new PGlite();
    try {
      const db = drizzle(client) as unknown as Db;
      expect(await rows(db, built)).toEqual([{ id: "x", n: 2 }]);
      expect(await compiledRows(client, q)).toEqual([{ id: "x", n: 2 }]);
    } finally {
      await client.close();
    }
  });

  it("runs on PGlite itself as db.execute does: same rows, same value parsing (dates stay text)", async () => {
    const client = new PGlite();
    try {
      const db = drizzle(client) as unknown as Db;
      const v = { id: "x", keys: ["k"], limit: 3, at: new Date("2026-01-02T03:04:05Z"), withKeys: false, unit: "a" as const };
      const plain = sql`select ${v.id}::text as id, ${v.limit}::int as lim, ${v.at.toISOString()}::timestamptz as at,
        json_build_object('k', ${v.keys[0]}::text) as j`;
      const viaExecute = await rows(db, plain);
      const viaShaped = await compiledRows(client, shapedQuery(plain));
      expect(viaShaped).toEqual(viaExecute);
      expect(viaShaped[0]).toMatchObject({ id: "x", lim: 3 });
    } finally {
      await client.close();
    }
  });
});
