/**
 * The real server in its own process, for the crash test (test/delivery-crash.test.ts):
 * `node --import tsx test/support/delivery-child.ts`, configured by the environment.
 * With CHILD_CREATE_ACCOUNT=1 it also makes an account. It prints one JSON line once it
 * listens, and stops only when killed.
 */
import { startServer } from "../../server/start";

async function main() {
  const running = await startServer({ port: 0, host: "127.0.0.1" });
  let account: { accountId: string; apiKey: string } | null = null;
  if (process.env.CHILD_CREATE_ACCOUNT === "1") {
    const { createAccount } = await import("../../server/accounts/accounts");
    account = await createAccount({ email: `crash-${process.pid}-${Date.now()}@example.com`, plan: "unlimited", approved: true });
  }
  process.stdout.write(`${JSON.stringify({ ready: true, url: running.url, account })}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
