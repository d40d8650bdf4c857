import { config, defaultNodeEnv } from "./config";
import { startServer } from "./start";

/** `npm start` (production build) and `npm run dev` (--dev): one process serves everything. */
async function main(): Promise<void> {
  const dev = process.argv.includes("--dev");
  defaultNodeEnv(dev ? "development" : "production");
  const cfg = config();
  const { default: next } = await import("next");
  const app = next({ dev, dir: process.cwd(), port: cfg.port, hostname: "0.0.0.0" });
  await app.prepare();
  const running = await startServer({ next: app.getRequestHandler() });
  // Next's WebSocket traffic (dev-mode hot reload) arrives as upgrades, not requests.
  const upgrade = app.getUpgradeHandler();
  running.server.on("upgrade", (req, socket, head) => void upgrade(req, socket, head));
  console.log(
    `Posthaste listening on ${cfg.appUrl} (port ${running.port}; database: ${cfg.databaseUrl ? "PostgreSQL" : `embedded in ${cfg.pgliteDir}`}; mail: ${cfg.mailProvider}; jobs: ${cfg.jobsDriver})`,
  );
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    await running.stop().catch((err) => console.error(err));
    await app.close?.();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
