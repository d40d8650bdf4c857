import type http from "node:http";
import { listenForInvalidations } from "./accounts/account-cache";
import { flushKeyUse } from "./auth/authenticate";
import { config } from "./config";
import { flushCounters } from "./limits/counters";
import { closeDatabase, database } from "./db/client";
import { closeMailProvider } from "./delivery/providers";
import { createHealthServer } from "./http/health-server";
import { createHttpServer, type NextHandler } from "./http/server";
import { jobsDriver } from "./jobs/drivers";
import { allTasks } from "./jobs/task-list";
import { announceWakes, listenForWakes } from "./jobs/wake-across";
import { ensureSecrets } from "./secrets";
import { startMxListener, type MxListener } from "./inbound/listener";
import { startSmtpListeners, type SmtpListeners } from "./smtp/listener";
import { sealLegacySigningSecrets } from "./webhooks/signing-secret";
import { log } from "./ops/log";

/** How long requests in flight may take to answer once shutdown begins. */
const HTTP_DRAIN_MS = 5000;

async function drainHttp(server: http.Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Keep-alive connections close as soon as they are idle; a request still running past the drain time is cut.
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  const cut = setTimeout(() => server.closeAllConnections(), HTTP_DRAIN_MS);
  server.closeIdleConnections();
  await closed;
  clearInterval(idle);
  clearTimeout(cut);
}

export interface RunningServer {
  url: string;
  port: number;
  server: http.Server;
  /** SMTP submission (roles all and smtp), or null. */
  smtp: SmtpListeners | null;
  /** The inbound MX listener (roles all and mx), or null. */
  mx: MxListener | null;
  stop(): Promise<void>;
}

/**
 * Opens the database (migrating it), starts background work on the embedded driver
 * unless Inngest is configured or POSTHASTE_ROLE=web|smtp|mx, and serves HTTP (only the health
 * check with POSTHASTE_ROLE=worker|smtp|mx), SMTP submission (roles all and smtp, each port
 * unless off) and the MX listener (roles all and mx). Used by `npm start`, `npm run dev`
 * and the integration tests (which pass no Next handler).
 */
export async function startServer(
  opts: { port?: number; host?: string; next?: NextHandler | null; embeddedViaPrimary?: boolean; backgroundLoops?: boolean } = {},
): Promise<RunningServer> {
  ensureSecrets();
  // In a multi-process server on PGlite the primary owns the engine and serves its socket.
  await database(opts.embeddedViaPrimary ? { childOfPrimary: true } : { serveSocket: true });
  // Webhook secrets written before they were encrypted at rest (they are also sealed on first use).
  await sealLegacySigningSecrets();
  await listenForInvalidations();
  const { role, jobsDriver: driverName } = config();
  const driver = jobsDriver();
  // A web process runs no loops of its own: its wakes go to the processes that do
  // (with Inngest, the driver itself signals Inngest, whatever the role).
  // backgroundLoops false: a cluster child of role all whose loops run in other children.
  const runsTasks = (opts.backgroundLoops !== false && role !== "web" && role !== "smtp" && role !== "mx") || driverName === "inngest";
  // A child of role all whose loops run in a sibling still runs the tasks that scale with cores.
  const tasks = runsTasks ? allTasks() : role === "all" && driverName === "embedded" ? allTasks().filter((t) => t.everyProcess) : [];
  const stopAnnouncing = runsTasks ? null : announceWakes();
  if (tasks.length) driver.start(tasks);
  if (tasks.length && driverName === "embedded") await listenForWakes();
  const server = role === "worker" || role === "smtp" || role === "mx" ? createHealthServer() : createHttpServer(opts.next ?? null);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? config().port, opts.host ?? "0.0.0.0", resolve);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : (opts.port ?? 0);
  let smtp: SmtpListeners | null = null;
  let mx: MxListener | null = null;
  try {
    if (role === "all" || role === "smtp") smtp = await startSmtpListeners({ host: opts.host });
    if (role === "all" || role === "mx") mx = await startMxListener({ host: opts.host });
  } catch (err) {
    await smtp?.stop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw err;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    server,
    smtp,
    mx,
    /**
     * Graceful shutdown: stop taking connections, let requests in flight answer (for up to
     * HTTP_DRAIN_MS), then let background work finish and record what it had in hand
     * (hand-offs to the provider, webhook posts), then close the provider and database.
     */
    async stop() {
      // SMTP stops taking connections and answers the DATA in progress while HTTP drains.
      await Promise.all([drainHttp(server), smtp?.stop(), mx?.stop()]);
      if (tasks.length) await driver.stop();
      stopAnnouncing?.();
      await closeMailProvider(); // the SMTP pool says QUIT rather than leave the relay waiting
      await flushKeyUse().catch(() => {});
      await flushCounters().catch((err) => log().error({ err }, "usage: could not write counters at shutdown"));
      await closeDatabase();
    },
  };
}
