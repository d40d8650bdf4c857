import { sql, type Query, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type postgres from "postgres";
import { rows } from "./rows";
import type { Database, Executor } from "./types";

/**
 * How a statement runs on PostgreSQL. Every choice of plan in the service is declared in
 * PLANS below and applied by the functions of this module, so which statement gets which
 * plan is read in one place (docs/architecture.md, "Plan policy"). PGlite runs in process
 * on one connection and plans each statement afresh: there only `settings` apply.
 */
export interface PlanPolicy {
  /**
   * named: parsed once per connection and each run is one round trip; PostgreSQL may switch
   * it to a generic plan after five runs. unnamed: planned for this run's values, never
   * cached, at a second round trip (postgres.js asks for the parameter types first).
   */
  readonly run: "named" | "unnamed";
  /** Planner settings, `set local` in the transaction the statement runs in. */
  readonly settings: Readonly<Record<string, string>>;
  /**
   * Heap pages a bitmap scan asks the disk for ahead of reading them (effective_io_concurrency,
   * raised to at least this for the transaction). Left as the server has it where that is 0:
   * a platform without posix_fadvise refuses any other value, or the operator turned it off.
   * It changes no plan.
   */
  readonly prefetch?: number;
}

/**
 * Plain index scans only: every claim and outcome leaves dead entries at the head of the
 * queue's index until vacuum, and only a plain index scan marks them dead as it passes (the
 * next claim skips them). A bitmap scan re-reads them all on every claim: 100 ms a claim
 * after 80,000 deliveries, against 0.3 ms.
 */
const INDEX_SCANS_ONLY = { enable_bitmapscan: "off" } as const;

export const PLANS = {
  /**
   * Every parameterised statement not named below, the query builders' included: drizzle
   * sends them unnamed, and postgres.js then describes and PostgreSQL plans each before
   * every run: about a third of PostgreSQL's CPU on the delivery path (docs/benchmarks.md).
   */
  default: { run: "named", settings: {} },
  /** The send (server/sending/accept-statement.ts): one text per shape, run thousands of times a second. */
  accept: { run: "named", settings: {} },
  /** The outcome (server/delivery/status.ts#applyHappenings): arrays, so one text for any group size. */
  outcome: { run: "named", settings: {} },
  /** The dispatch claim (server/delivery/dispatch.ts). */
  emailClaim: { run: "named", settings: INDEX_SCANS_ONLY },
  /** The webhook claim (server/webhooks/deliver.ts). */
  webhookClaim: { run: "named", settings: INDEX_SCANS_ONLY },
  /**
   * The webhook settle (server/webhooks/deliver.ts): its best plan changes as
   * webhook_deliveries grows from empty, and a named statement keeps the plan it was made
   * with for the connection's life: one made at 1,700 rows seq-scanned all 12,000 later,
   * 26 ms a statement.
   */
  webhookSettle: { run: "unnamed", settings: {} },
  /**
   * Search and the list (server/sending/list.ts): a generic plan is costed with default
   * selectivities whatever the term and bounds, so it keeps one shape for every search;
   * the statistics trail a burst of mail by minutes and guess a new term rare
   * (docs/decisions/0004-sending-api.md, "Search"). Unnamed, so no plan made while the
   * table was small is kept. JIT would compile for 20–30 ms a query that runs in a few.
   * A time slice's matches are read from the heap a page each, from the disk once the table
   * outgrows memory: 64 pages asked for ahead instead of 1 halved that read at ten million
   * messages (docs/benchmarks.md).
   */
  search: {
    run: "unnamed",
    settings: { jit: "off", plan_cache_mode: "force_generic_plan", max_parallel_workers_per_gather: "0" },
    prefetch: 64,
  },
} as const satisfies Record<string, PlanPolicy>;

/**
 * How long a pool connection lives: 30–40 minutes, staggered so the pool does not reconnect
 * at once. For operations (a connection moves to a failed-over primary or a new PgBouncer,
 * and gives back the server memory it grew), not for plans: the statement whose plan went
 * stale as its table grew (the webhook settle) runs unnamed, and the pipeline bench, which
 * grows every queue from empty to 250,000 rows on connections that never reconnect, ran as
 * fast as with connections living a minute (docs/decisions/0039-one-plan-policy.md).
 */
export const connectionLifetimeSeconds = () => 1800 + Math.random() * 600;

/** Runs a statement and returns its rows. */
export type RowsOf = <T = Record<string, unknown>>(query: SQL) => Promise<T[]>;

const dialect = new PgDialect();

/**
 * One statement that sets a policy's settings for the transaction (`set local`), on either
 * database and either protocol; names and values are this module's constants.
 */
function settingsText(plan: PlanPolicy): string | null {
  const calls = Object.entries(plan.settings).map(([name, value]) => `set_config('${name}', '${value}', true)`);
  if (plan.prefetch !== undefined) {
    const now = "current_setting('effective_io_concurrency')::int";
    calls.push(
      `set_config('effective_io_concurrency', (case when ${now} = 0 then 0 else greatest(${now}, ${plan.prefetch}) end)::text, true)`,
    );
  }
  return calls.length ? `select ${calls.join(", ")}` : null;
}

/** Applies a policy's planner settings to the transaction `tx` (drizzle's, on either database). */
export async function applyPlanSettings(tx: Executor, plan: PlanPolicy): Promise<void> {
  const text = settingsText(plan);
  if (text) await tx.execute(sql.raw(text));
}

const UNWRAPPED = Symbol("postgres.js client without the default policy");

/** The postgres.js client of a PostgreSQL database, without the default policy: its statements run as their callers say. */
export function plainClient(d: Database): postgres.Sql {
  const client = (d.db as unknown as { $client: postgres.Sql }).$client;
  return ((client as unknown as Record<symbol, postgres.Sql | undefined>)[UNWRAPPED] ?? client) as postgres.Sql;
}

/**
 * How many distinct statement texts a process names. Texts that embed a list's length (an
 * IN list, a VALUES list) vary, and postgres.js keeps every statement it prepared for the
 * life of the connection, as does the server: past this many, a new text runs unnamed. The
 * hot statements are among the first a process runs.
 */
const MAX_NAMED_TEXTS = 256;

/**
 * The postgres.js client drizzle runs on, applying PLANS.default: drizzle passes
 * `prepare: false` on every call, so that is overridden for statements with parameters.
 * Transactions and savepoints hand out clients wrapped the same way. Statements with
 * another policy run on `plainClient`.
 */
export function namedByDefault(client: postgres.Sql, texts: Set<string> = new Set()): postgres.Sql {
  const withPrepare = (text: string, params: unknown[] | undefined, options: Record<string, unknown> | undefined) => {
    if (!params?.length || options?.prepare === true) return options;
    if (!texts.has(text)) {
      if (texts.size >= MAX_NAMED_TEXTS) return options;
      texts.add(text);
    }
    return { ...options, prepare: PLANS.default.run === "named" };
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
          args[args.length - 1] = (tx: postgres.Sql) => work(namedByDefault(tx, texts));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

async function unsafeRows<T>(client: Pick<postgres.Sql, "unsafe">, query: SQL, plan: PlanPolicy): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await client.unsafe(text, params as postgres.ParameterOrJSON<never>[], {
    prepare: plan.run === "named",
  })) as unknown as T[];
}

/** Runs a statement compiled by shapedQuery (server/db/shaped.ts) as `plan` declares, outside a transaction. */
export function runCompiled<T = Record<string, unknown>>(d: Database, plan: PlanPolicy, query: Query): Promise<T[]> {
  if (settingsText(plan)) throw new Error("runCompiled: a plan with settings runs in inPlan's transaction");
  return d.runCompiled<T>(query, plan.run === "named");
}

/** Runs one statement as `plan` declares, outside a transaction (a plan with settings needs `inPlan`). */
export async function runAs<T = Record<string, unknown>>(d: Database, plan: PlanPolicy, query: SQL): Promise<T[]> {
  if (settingsText(plan)) throw new Error("runAs: a plan with settings runs in inPlan's transaction");
  if (d.kind !== "postgres") return d.rows<T>(query);
  return unsafeRows<T>(plainClient(d), query, plan);
}

/** Runs `work` in one transaction whose statements run as `plan` declares, its settings applied first. */
export async function inPlan<T>(d: Database, plan: PlanPolicy, work: (rows: RowsOf) => Promise<T>): Promise<T> {
  const text = settingsText(plan);
  if (d.kind !== "postgres") {
    if (!text) return work((query) => d.rows(query));
    return d.db.transaction(async (tx) => {
      await tx.execute(sql.raw(text));
      return work(<R>(query: SQL) => rows<R>(tx, query));
    });
  }
  return (await plainClient(d).begin(async (tx) => {
    // Not awaited first: postgres.js pipelines it with the first statement on the connection.
    // Started now (execute), not when Promise.all gets to it: a postgres.js query is sent
    // when first awaited, and the work's first statement would otherwise go ahead of it.
    const settings = text ? tx.unsafe(text).execute() : null;
    const [, result] = await Promise.all([settings, work(<R>(query: SQL) => unsafeRows<R>(tx, query, plan))]);
    return result;
  })) as T;
}
