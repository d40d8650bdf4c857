import type postgres from "postgres";

/**
 * How many distinct statement texts a process prepares. Statement texts that embed a list's
 * length (an IN list, a VALUES list) vary, and postgres.js keeps every statement it
 * prepared for the life of the connection, as does the server: past this many, a new text
 * runs unnamed as before. The hot statements (accept, claim, outcome, webhook claim and
 * settle) are among the first a process runs.
 */
const MAX_PREPARED_TEXTS = 256;

const UNWRAPPED = Symbol("unwrapped postgres.js client");

/** The client under `autoPrepared` (itself if it is not wrapped): its statements run as their callers say. */
export function unwrapped(client: postgres.Sql): postgres.Sql {
  return ((client as unknown as Record<symbol, postgres.Sql | undefined>)[UNWRAPPED] ?? client) as postgres.Sql;
}

/**
 * The postgres.js client drizzle runs on, with parameterised statements prepared (named).
 * drizzle's execute() and query builders send every statement unnamed, and postgres.js
 * then asks the server to describe it before every run: two round trips per statement,
 * and PostgreSQL parses and plans it again each time (about a third of its CPU on the
 * delivery path, docs/benchmarks.md). Prepared, a statement is parsed once per connection
 * and each run is one round trip (a connection lives a minute or two, so no generic plan
 * outlives the table size it was made for: server/db/postgres.ts). drizzle passes
 * `prepare: false` on every call, so that is overridden; a statement that must stay unnamed
 * (search, the webhook settle) runs through server/db/unnamed.ts on `unwrapped(client)`.
 * Transactions and savepoints hand out clients wrapped the same way.
 */
export function autoPrepared(client: postgres.Sql, texts: Set<string> = new Set()): postgres.Sql {
  const withPrepare = (text: string, params: unknown[] | undefined, options: Record<string, unknown> | undefined) => {
    if (!params?.length || options?.prepare === true) return options;
    if (!texts.has(text)) {
      if (texts.size >= MAX_PREPARED_TEXTS) return options;
      texts.add(text);
    }
    return { ...options, prepare: true };
  };
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === UNWRAPPED) return target;
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      if (prop === "unsafe") {
        return (text: string, params?: unknown[], options?: Record<string, unknown>) =>
          target.unsafe(text, params as postgres.ParameterOrJSON<never>[], withPrepare(text, params, options));
      }
      if (prop === "begin" || prop === "savepoint") {
        // The work is the last argument (an optional transaction mode comes first).
        return (...args: unknown[]) => {
          const work = args[args.length - 1] as (tx: postgres.Sql) => unknown;
          args[args.length - 1] = (tx: postgres.Sql) => work(autoPrepared(tx, texts));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}
