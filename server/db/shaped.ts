import { is, Name, Param, SQL, StringChunk, type Query } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { config } from "../config";

const dialect = new PgDialect();
const texts = new Map<string, { sql: string; params: number }>();

/**
 * A raw statement's text and values, the text compiled by drizzle once per `shape`.
 *
 * The send path builds its statement afresh for every request, and drizzle's compilation
 * walks every chunk through its entity checks and merges the pieces: with the text hashed
 * again for the prepared-statement look-ups, ≈ 11 % of the server's CPU per send
 * (docs/benchmarks.md). The text depends only on which parts the statement has, which
 * `shape` must name; each run then only collects the values, in drizzle's order.
 * Handles what raw statements hold: text, names, nested SQL, lists, params and values.
 */
export function shapedQuery(shape: string, statement: SQL): Query {
  const params: unknown[] = [];
  collectParams(statement, params);
  let text = texts.get(shape);
  // Outside production every run is compiled in full as well and must give the cached text:
  // a shape name that misses one of a statement's choices fails the tests, not a send.
  if (!text || config().nodeEnv !== "production") {
    const compiled = dialect.sqlToQuery(statement);
    if (text && text.sql !== compiled.sql) throw new Error(`statement shape "${shape}" compiles to more than one text`);
    if (compiled.params.some((p, i) => p !== params[i])) throw new Error(`statement shape "${shape}": values out of drizzle's order`);
    text = { sql: compiled.sql, params: compiled.params.length };
    texts.set(shape, text);
  }
  if (params.length !== text.params) throw new Error(`statement shape "${shape}": ${params.length} values for ${text.params} parameters`);
  return { sql: text.sql, params };
}

// drizzle's `is` (instanceof first, then its entity kinds): a statement may come from another
// copy of drizzle (Next's bundle) than this module's.
function collectParams(chunk: unknown, out: unknown[]): void {
  if (chunk === undefined || is(chunk, StringChunk) || is(chunk, Name)) return;
  if (is(chunk, SQL)) {
    for (const inner of chunk.queryChunks) collectParams(inner, out);
    return;
  }
  if (Array.isArray(chunk)) {
    for (const inner of chunk) collectParams(inner, out);
    return;
  }
  if (is(chunk, Param)) {
    const value: unknown = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
    if (is(value, SQL)) throw new Error("shapedQuery: a param that maps to SQL");
    out.push(value);
    return;
  }
  // Tables, columns, placeholders, subqueries: the query builders' business, not raw statements'.
  if (chunk !== null && typeof chunk === "object" && !(chunk instanceof Date) && !Buffer.isBuffer(chunk)) {
    throw new Error(`shapedQuery: unsupported chunk ${chunk.constructor?.name ?? typeof chunk}`);
  }
  out.push(chunk);
}
