import { runServerProcesses } from "./cluster/processes";
import { config, defaultNodeEnv } from "./config";
import { boundHeapGrowth } from "./ops/heap-growth";

/**
 * `npm start` (production build): WEB_CONCURRENCY processes (server/cluster), each serving
 * everything its POSTHASTE_ROLE asks. `npm run dev` (--dev): one process, always.
 */
async function main(): Promise<void> {
  const dev = process.argv.includes("--dev");
  boundHeapGrowth();
  defaultNodeEnv(dev ? "development" : "production");
  const cfg = config();
  await runServerProcesses(
    async ({ embeddedViaPrimary, backgroundLoops }) => {
      // Loaded only by a process that serves: a cluster's primary forks, restarts and (on PGlite)
      // owns the database, and would otherwise load every module of the server for nothing
      // (docs/decisions/0044-start-up-loads-what-it-uses.md).
      const { startServer } = await import("./start");
      // A worker or an SMTP listener serves only the health check over HTTP: no dashboard, so no Next.
      if (cfg.role === "worker" || cfg.role === "smtp") return startServer({ embeddedViaPrimary, backgroundLoops });
      const { default: next } = await import("next");
      const app = next({ dev, dir: process.cwd(), port: cfg.port, hostname: "0.0.0.0" });
      await app.prepare();
      const running = await startServer({ next: app.getRequestHandler(), embeddedViaPrimary, backgroundLoops });
      // Next's WebSocket traffic (dev-mode hot reload) arrives as upgrades, not requests.
      const upgrade = app.getUpgradeHandler();
      running.server.on("upgrade", (req, socket, head) => void upgrade(req, socket, head));
      return {
        ...running,
        async stop() {
          await running.stop();
          await app.close?.();
        },
      };
    },
    dev ? 1 : cfg.processes,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
