import { sql } from "drizzle-orm";
import { waiting } from "../db/schema";
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { config } from "../config";
import { database } from "../db/client";
import { applicationName } from "../db/postgres";
import { processShared } from "../lib/process-shared";

/** One process's registry, as prom-client's getMetricsAsJSON() gives it (plain data: it crosses IPC). */
export type ProcessSamples = Awaited<ReturnType<Registry["getMetricsAsJSON"]>>;

/** What a scrape aggregates: every process's samples, and how many processes did not answer in time. */
export interface Gathered {
  samples: ProcessSamples[];
  missing: number;
}

/**
 * How a scrape gathers samples: this process's alone, unless a process manager (server/cluster/)
 * registered a way to gather every process's. Shared by our bundle and Next's, as `metrics` is.
 */
const gathering = processShared("metrics-gathering", () => ({
  gather: async (local: () => Promise<ProcessSamples>): Promise<Gathered> => ({ samples: [await local()], missing: 0 }),
}));

export function gatherMetricsWith(gather: (local: () => Promise<ProcessSamples>) => Promise<Gathered>): void {
  gathering.gather = gather;
}

/** Queue depths are counted up to this many rows each, so a scrape costs the same on any backlog. */
export const QUEUE_DEPTH_CAP = 100_000;

/**
 * The service's Prometheus metrics (GET /metrics), in two registries per process (our bundle
 * and Next's share them). `registry` holds what each process counts for itself: counters
 * bumped on the hot path with a few fixed labels, histograms, pool use, prom-client's process
 * metrics; a scrape sums it over every process of the server (server/cluster/metrics-gather.ts).
 * `database` holds what the database says for the whole server (queue depths): read once per
 * scrape, by the process that answers it, so never multiplied by the number of processes.
 */
const metrics = processShared("metrics", () => {
  const registry = new Registry();
  const database = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "posthaste_" });
  const registers = [registry];
  return {
    registry,
    database,
    sendsAccepted: new Counter({
      name: "posthaste_sends_accepted_total",
      help: "Messages accepted by POST /v1/emails and /v1/emails/batch, and over SMTP submission (endpoint smtp)",
      labelNames: ["endpoint"] as const,
      registers,
    }),
    sendsRefused: new Counter({
      name: "posthaste_sends_refused_total",
      help: "Send requests (or batch entries) refused, by error type",
      labelNames: ["endpoint", "type"] as const,
      registers,
    }),
    smtpConnections: new Counter({
      name: "posthaste_smtp_connections_total",
      help: "SMTP submission connections opened, by listener (starttls, tls) and outcome (served, refused: too many from the client or shutting down)",
      labelNames: ["listener", "outcome"] as const,
      registers,
    }),
    smtpAuthFailures: new Counter({
      name: "posthaste_smtp_auth_failures_total",
      help: "SMTP AUTH attempts refused, by reason (invalid_key, malformed, username, paused, before_tls, too_many)",
      labelNames: ["reason"] as const,
      registers,
    }),
    mxConnections: new Counter({
      name: "posthaste_mx_connections_total",
      help: "MX listener connections opened, by outcome (served, refused: too many from the client or shutting down)",
      labelNames: ["outcome"] as const,
      registers,
    }),
    inboundMessages: new Counter({
      name: "posthaste_inbound_messages_total",
      help: "Inbound messages at the MX listener: stored (250), or refused by reason (unknown_recipient, too_many_recipients, rate_limited, too_large, server_error, …); parsed and parse_failed by the inbound-parse task",
      labelNames: ["outcome", "reason"] as const,
      registers,
    }),
    dispatchLatency: new Histogram({
      name: "posthaste_dispatch_latency_seconds",
      help: "From acceptance (or the scheduled time) to the provider's acceptance, retries included",
      labelNames: ["provider"] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 7200],
      registers,
    }),
    providerErrors: new Counter({
      name: "posthaste_provider_errors_total",
      help: "Hand-offs the provider did not accept: temporary (retried), permanent (failed) or bounced",
      labelNames: ["provider", "kind"] as const,
      registers,
    }),
    webhookAttempts: new Counter({
      name: "posthaste_webhook_attempts_total",
      help: "Webhook delivery attempts by outcome: succeeded, retrying, failed (retries exhausted), skipped (endpoint off)",
      labelNames: ["outcome"] as const,
      registers,
    }),
    queueDepth: new Gauge({
      name: "posthaste_queue_depth",
      help: `Rows waiting, per queue (counted up to ${QUEUE_DEPTH_CAP})`,
      labelNames: ["queue"] as const,
      // The database's figure: the same from every process, never a sum.
      aggregator: "first",
      registers: [database],
      async collect() {
        for (const [queue, depth] of Object.entries(await queueDepths())) this.set({ queue }, depth);
      },
    }),
    databasePool: new Gauge({
      name: "posthaste_db_pool_connections",
      help: "The server's database connections, summed over its processes: max (pool sizes), open, active (running a statement, the scrape's own included)",
      labelNames: ["state"] as const,
      aggregator: "sum",
      registers,
      async collect() {
        for (const [state, count] of Object.entries(await poolUse())) this.set({ state }, count);
      },
    }),
  };
});

export const sendsAccepted = metrics.sendsAccepted;
export const sendsRefused = metrics.sendsRefused;
export const dispatchLatency = metrics.dispatchLatency;
export const smtpConnections = metrics.smtpConnections;
export const smtpAuthFailures = metrics.smtpAuthFailures;
export const mxConnections = metrics.mxConnections;
export const inboundMessages = metrics.inboundMessages;
export const providerErrors = metrics.providerErrors;
export const webhookAttempts = metrics.webhookAttempts;

/** This process's own samples, as the primary gathers them from each child. */
export const processSamples = (): Promise<ProcessSamples> => metrics.registry.getMetricsAsJSON();

/**
 * The exposition text and its content type: every process's samples aggregated with
 * prom-client's AggregatorRegistry (by each metric's `aggregator`: sum unless prom-client's
 * defaults say otherwise) plus the database-wide gauges. One process alone is the same sum over one.
 */
export async function scrape(): Promise<{ contentType: string; body: string }> {
  const [gathered, database] = await Promise.all([gathering.gather(processSamples), metrics.database.getMetricsAsJSON()]);
  const aggregated = AggregatorRegistry.aggregate([...gathered.samples, database, await processesAnswered(gathered)]);
  return { contentType: metrics.registry.contentType, body: await aggregated.metrics() };
}

/** How many processes a scrape covers: a missing one's counts are absent from the sums. */
function processesAnswered(gathered: Gathered): Promise<ProcessSamples> {
  const registry = new Registry();
  const gauge = new Gauge({
    name: "posthaste_metrics_processes",
    help: "Processes this scrape aggregates: answered, or missing (no answer in time, so their counts are left out)",
    labelNames: ["state"] as const,
    registers: [registry],
  });
  gauge.set({ state: "answered" }, gathered.samples.length);
  gauge.set({ state: "missing" }, gathered.missing);
  return registry.getMetricsAsJSON();
}

const capped = (query: ReturnType<typeof sql>) => sql`(select count(*)::int from (${query} limit ${QUEUE_DEPTH_CAP}) q)`;

async function queueDepths(): Promise<Record<string, number>> {
  const { rows } = await database();
  // Each count walks a partial index (emails_dispatch_idx, webhook_deliveries_due_idx) up to the cap.
  const [row] = await rows<Record<string, number>>(sql`select
    ${capped(sql`select 1 from emails where status in ${waiting} and next_attempt_at <= now()`)} as dispatch_due,
    ${capped(sql`select 1 from emails where status in ${waiting} and status = 'scheduled'`)} as scheduled,
    ${capped(sql`select 1 from emails where status in ${waiting} and status = 'sending'`)} as sending,
    ${capped(sql`select 1 from webhook_deliveries where status = 'pending' and next_attempt_at <= now()`)} as webhook_due,
    ${capped(sql`select 1 from webhook_deliveries where status = 'pending'`)} as webhook_pending,
    ${capped(sql`select 1 from inbound_emails where status = 'received'`)} as inbound_unparsed`);
  return row;
}

async function poolUse(): Promise<Record<string, number>> {
  const { rows, kind } = await database();
  if (kind !== "postgres") return { max: 1, open: 1, active: 1 };
  const [row] = await rows<{ open: number; active: number }>(sql`
    select count(*)::int as open, (count(*) filter (where state = 'active'))::int as active
    from pg_stat_activity where application_name = ${applicationName()}`);
  return { max: config().databasePoolSize, open: row.open, active: row.active };
}
