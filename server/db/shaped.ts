import { entityKind, Name, Param, SQL, StringChunk, type Query } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

const dialect = new PgDialect();
const texts = new Map<string, string>();
/** Statements built from a few fixed pieces have a few shapes; past this many something varies its text per call. */
const MAX_SHAPES = 1000;

/**
 * A raw statement's text and values, the text compiled by drizzle once per shape.
 *
 * The send path builds its statement afresh for every request, and drizzle's compilation
 * walks every chunk through its entity checks and merges the pieces: with the text hashed
 * again for the prepared-statement look-ups, ≈ 11 % of the server's CPU per send
 * (docs/benchmarks.md). The text depends only on the statement's text pieces, names, list
 * lengths and where its values sit: that is the shape, collected in the same walk as the
 * values, so two statements with one shape compile to one text by construction and no
 * shape is ever written by hand. Handles what raw statements hold: text, names, nested SQL,
 * lists, params and values.
 */
export function shapedQuery(statement: SQL): Query {
  const params: unknown[] = [];
  const shape: string[] = [];
  walk(statement, params, shape);
  const key = shape.join("\u0000");
  let text = texts.get(key);
  if (text === undefined) {
    const compiled = dialect.sqlToQuery(statement);
    if (compiled.params.length !== params.length || compiled.params.some((p, i) => p !== params[i]))
      throw new Error("shapedQuery: values out of drizzle's order");
    text = compiled.sql;
    if (texts.size >= MAX_SHAPES) texts.clear();
    texts.set(key, text);
  }
  return { sql: text, params };
}

/** The number of shapes compiled so far (tests). */
export const shapesCompiled = () => texts.size;

// A chunk's kind is read once, from its class's drizzle entity kind (a registered symbol, so a
// statement built by another copy of drizzle, Next's bundle, reads the same): drizzle's `is()`
// tried kind after kind, each miss a walk up the prototype chain, ≈ 4 % of a send's CPU.
const kindOf = (chunk: object): string | undefined => (chunk.constructor as { [entityKind]?: string } | undefined)?.[entityKind];

function walk(chunk: unknown, out: unknown[], shape: string[]): void {
  if (chunk === undefined) return;
  if (Array.isArray(chunk)) {
    // drizzle writes a JS list as "(a, b, …)": its length is part of the text.
    shape.push(`\u0004${chunk.length}`);
    for (const inner of chunk) walk(inner, out, shape);
    return;
  }
  const kind = chunk !== null && typeof chunk === "object" ? kindOf(chunk) : undefined;
  switch (kind) {
    case StringChunk[entityKind]:
      shape.push((chunk as StringChunk).value.join(""));
      return;
    case Name[entityKind]:
      shape.push(`\u0002${(chunk as Name).value}`);
      return;
    case SQL[entityKind]:
      shape.push("\u0003(");
      for (const inner of (chunk as SQL).queryChunks) walk(inner, out, shape);
      shape.push("\u0003)");
      return;
    case Param[entityKind]: {
      const param = chunk as Param;
      const value: unknown = param.value === null ? null : param.encoder.mapToDriverValue(param.value);
      if (value !== null && typeof value === "object" && kindOf(value) === SQL[entityKind])
        throw new Error("shapedQuery: a param that maps to SQL");
      shape.push("\u0001");
      out.push(value);
      return;
    }
  }
  // Tables, columns, placeholders, subqueries: the query builders' business, not raw statements'.
  if (chunk !== null && typeof chunk === "object" && !(chunk instanceof Date) && !Buffer.isBuffer(chunk)) {
    throw new Error(`shapedQuery: unsupported chunk ${chunk.constructor?.name ?? typeof chunk}`);
  }
  shape.push("\u0001");
  out.push(chunk);
}
