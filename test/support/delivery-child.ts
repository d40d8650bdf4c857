/**
 * The real server in its own process (test/support/child-server.ts starts it):
 * `node --import tsx test/support/delivery-child.ts`, configured by the environment.
 * With CHILD_CREATE_ACCOUNT=1 it also makes an account. It prints one JSON line once it
 * listens; SIGTERM stops it gracefully (as `npm start` does), SIGKILL at once.
 */
import { startServer } from "../../server/start";

async function main() {
  const running = await startServer({ port: 0, host: "127.0.0.1" });
  let account: { accountId: string; apiKey: string } | null = null;
  if (process.env.CHILD_CREATE_ACCOUNT === "1") {
    const { createAccount } = await import("../../server/accounts/accounts");
    account = await createAccount({ email: `crash-${process.pid}-${Date.now()}@example.com`, plan: "unlimited", approved: true });
  }
  // Before the ready line: a parent that signals as soon as it reads it must find the handler.
  process.once("SIGTERM", () => {
    running.stop().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
  process.stdout.write(`${JSON.stringify({ ready: true, url: running.url, account })}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
