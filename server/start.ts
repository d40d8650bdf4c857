import type http from "node:http";
import { listenForInvalidations } from "./accounts/account-cache";
import { flushKeyUse } from "./auth/authenticate";
import { config } from "./config";
import { flushCounters } from "./limits/counters";
import { closeDatabase, database } from "./db/client";
import { closeMailProvider } from "./delivery/providers";
import { createHttpServer, type NextHandler } from "./http/server";
import { jobsDriver } from "./jobs/drivers";
import { allTasks } from "./jobs/task-list";
import { ensureSecrets } from "./secrets";
import { sealLegacySigningSecrets } from "./webhooks/signing-secret";

export interface RunningServer {
  url: string;
  port: number;
  server: http.Server;
  stop(): Promise<void>;
}

/**
 * Opens the database (migrating it), starts background work on the embedded driver
 * unless Inngest is configured, and serves HTTP. Used by `npm start`, `npm run dev`
 * and the integration tests (which pass no Next handler).
 */
export async function startServer(opts: { port?: number; host?: string; next?: NextHandler | null } = {}): Promise<RunningServer> {
  ensureSecrets();
  await database({ serveSocket: true });
  // Webhook secrets written before they were encrypted at rest (they are also sealed on first use).
  await sealLegacySigningSecrets();
  await listenForInvalidations();
  const driver = jobsDriver();
  driver.start(allTasks());
  const server = createHttpServer(opts.next ?? null);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? config().port, opts.host ?? "0.0.0.0", resolve);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : (opts.port ?? 0);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    server,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await driver.stop();
      await closeMailProvider(); // the SMTP pool says QUIT rather than leave the relay waiting
      await flushKeyUse().catch(() => {});
      await flushCounters().catch((err) => console.error("usage: could not write counters at shutdown", err));
      await closeDatabase();
    },
  };
}
