import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import { CHILD_LOOPS_VARIABLE, clusterChildLoops, config } from "../config";
import { closeDatabase, database } from "../db/client";
import { log } from "../ops/log";
import { processSamples } from "../ops/metrics";
import { ensureSecrets } from "../secrets";
import type { RunningServer } from "../start";
import { joinClusterMetrics, serveClusterMetrics } from "./metrics-gather";

/** What a serving process hands back: its server, and how to drain it. */
export type Served = Pick<RunningServer, "port" | "server" | "stop">;

/** `embeddedViaPrimary`: the primary owns PGlite; talk to it through its socket. */
/** `backgroundLoops`: false in a cluster child whose role's loops run in other children (childRoles). */
export type StartProcess = (opts: { embeddedViaPrimary: boolean; backgroundLoops: boolean }) => Promise<Served>;

/** A child that ran at least this long before dying starts again at once; quicker deaths back off. */
const HEALTHY_RUN_MS = 10_000;
const MAX_BACKOFF_MS = 30_000;
/** How long the primary waits for children to drain on SIGTERM before killing them. */
const DRAIN_MS = 30_000;

type Role = ReturnType<typeof config>["role"];

/** What one child runs: its role, and whether it runs the background loops that role includes. */
export interface ChildRole {
  role: Role;
  loops: boolean;
}

/**
 * Each child's role, by its slot. With role `all` on PostgreSQL, every child serves HTTP and
 * SMTP submission and only the first ⌈n/2⌉ also run the background loops (dispatch,
 * webhooks, DNS checks); the rest wake them through the database. Every dispatcher claims
 * from the same queue and settles the same accounts' and endpoints' rows, so on a small
 * machine with PostgreSQL beside it two of them cost more per message than one
 * (docs/decisions/0023-every-core-processes-and-roles.md "Every core", measured there). The others keep role `all` rather than
 * `web`, an operator's role that serves HTTP only: SMTP submission is served by every child.
 * PGlite's children all loop: PGlite runs one process unless told otherwise.
 */
export function childRoles(processes: number, role: Role, onPostgres: boolean): ChildRole[] {
  const looping = role === "all" && onPostgres ? Math.ceil(processes / 2) : processes;
  return Array.from({ length: processes }, (_, slot) => ({ role, loops: slot < looping }));
}

/** Each child says what it runs, so an operator (and a test) can see where the loops are. */
const WHAT_A_ROLE_RUNS: Record<Role, string> = {
  all: "HTTP, SMTP submission, the MX listener and the background tasks",
  web: "HTTP only (the background tasks run in another process)",
  worker: "the background tasks only",
  smtp: "SMTP submission only (the background tasks run in another process)",
  mx: "the inbound MX listener only (the background tasks run in another process)",
};
const ALL_WITHOUT_LOOPS =
  "HTTP, SMTP submission, the MX listener and the inbound parse (the other background tasks run in another process)";

/**
 * `npm start`: `processes` copies of the server under node:cluster (they share PORT), or
 * this process alone when `processes` is 1. The primary serves no HTTP; it forks, restarts
 * a child that dies, gathers every child's metrics for a scrape, and on SIGTERM/SIGINT has
 * every child drain before it exits. With PGlite it also owns the engine and serves its
 * socket to the children. Everything else the processes share goes through the database
 * (docs/architecture.md "Processes").
 */
export async function runServerProcesses(start: StartProcess, processes: number = config().processes): Promise<void> {
  if (processes <= 1) {
    const running = await start({ embeddedViaPrimary: false, backgroundLoops: true });
    log().info(startupLine(running.port, 1));
    const cfg = config();
    if (!cfg.databaseUrl && !cfg.processesGiven && cfg.nodeEnv !== "development" && os.availableParallelism() > 1) {
      log().info(
        "One process: the embedded database is one engine that every process would reach through its socket, so more processes add hops, not sends per second. Set WEB_CONCURRENCY to run more anyway, or DATABASE_URL to use every core (docs/decisions/).",
      );
    }
    stopOnSignals(running);
  } else if (cluster.isPrimary) {
    await runPrimary(processes);
  } else {
    // Before serving: the primary asks only children that listen for every scrape's samples.
    joinClusterMetrics(processSamples);
    const backgroundLoops = clusterChildLoops();
    const running = await start({ embeddedViaPrimary: !config().databaseUrl, backgroundLoops });
    // Which process answered: the cluster's number for it, never its pid (docs/architecture.md).
    const id = String(cluster.worker?.id ?? 0);
    running.server.prependListener("request", (_req, res) => res.setHeader("x-posthaste-process", id));
    const { role } = config();
    log().info(`process ${id}: ${role === "all" && !backgroundLoops ? ALL_WITHOUT_LOOPS : WHAT_A_ROLE_RUNS[role]}`);
    stopOnSignals(running);
  }
}

function startupLine(port: number, processes: number): string {
  const cfg = config();
  const database = cfg.databaseUrl ? "PostgreSQL" : `embedded in ${cfg.pgliteDir}`;
  const shape = processes > 1 ? `${processes} processes, role ${cfg.role}` : `role ${cfg.role}`;
  const { port: smtpPort, tlsPort } = cfg.smtpSubmission;
  const smtp =
    cfg.role === "all" || cfg.role === "smtp"
      ? `; SMTP submission: ${smtpPort === null ? "" : `${smtpPort} (STARTTLS)`}${smtpPort !== null && tlsPort !== null ? ", " : ""}${tlsPort === null ? "" : `${tlsPort} (TLS)`}${smtpPort === null && tlsPort === null ? "off" : ""}`
      : "";
  const mxPort = cfg.inbound.mxPort;
  const mx = cfg.role === "all" || cfg.role === "mx" ? `; MX: ${mxPort === null ? "off" : mxPort}` : "";
  return `Posthaste listening on ${cfg.appUrl} (port ${port}${smtp}${mx}; ${shape}; database: ${database}; mail: ${cfg.mailProvider}; jobs: ${cfg.jobsDriver})`;
}

function stopOnSignals(running: Served): void {
  let stopping = false;
  const shutdown = async (why: string) => {
    if (stopping) return;
    stopping = true;
    log().info(`${why}: shutting down${cluster.isWorker ? ` process ${cluster.worker?.id}` : ""}`);
    await running.stop().catch((err) => log().error({ err }, "shutdown failed"));
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  // A primary that vanished (killed) leaves nobody to restart or stop us: drain and go.
  if (cluster.isWorker) process.on("disconnect", () => void shutdown("primary gone"));
}

async function runPrimary(processes: number): Promise<void> {
  const cfg = config();
  // Generated secrets join the environment the children inherit.
  ensureSecrets();
  // Migrate once before the children start; with PGlite, keep the engine and serve it.
  await database({ serveSocket: true });
  if (cfg.databaseUrl) await closeDatabase();

  let stopping = false;
  let streak = 0;
  const listening = new Set<number>();
  const roles = childRoles(processes, cfg.role, Boolean(cfg.databaseUrl));
  // A child that dies is replaced in its slot, with its role.
  const fork = (slot: number) => {
    const started = Date.now();
    const worker = cluster.fork({ POSTHASTE_ROLE: roles[slot].role, [CHILD_LOOPS_VARIABLE]: roles[slot].loops ? "1" : "0" });
    worker.once("listening", (address) => {
      listening.add(worker.id);
      if (listening.size === processes) log().info(startupLine(address.port, processes));
    });
    worker.once("exit", (code, signal) => {
      if (stopping) return;
      streak = Date.now() - started >= HEALTHY_RUN_MS ? 0 : streak + 1;
      const delay = streak === 0 ? 0 : Math.min(MAX_BACKOFF_MS, 250 * 2 ** streak);
      log().error(`process ${worker.id} exited (${signal ?? `code ${code}`}); starting another in ${delay} ms`);
      // Not unref'd: with every child gone, this timer is what keeps the primary alive.
      setTimeout(() => {
        if (!stopping) fork(slot);
      }, delay);
    });
  };
  for (let slot = 0; slot < processes; slot++) fork(slot);
  // A scrape reaching any child answers for all of them (docs/operations.md "Metrics").
  serveClusterMetrics(() => Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w && listening.has(w.id))));

  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log().info(`${signal}: draining ${Object.keys(cluster.workers ?? {}).length} processes`);
    const children = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    await Promise.all(children.map((child) => drain(child)));
    await closeDatabase().catch((err) => log().error({ err }, "could not close the database"));
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

/** SIGTERM one child and wait for it to exit; SIGKILL it if it has not after DRAIN_MS. */
function drain(child: Worker): Promise<void> {
  if (child.isDead()) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.process.kill("SIGKILL"), DRAIN_MS);
    child.once("exit", () => {
      clearTimeout(killer);
      resolve();
    });
    child.process.kill("SIGTERM");
  });
}
