import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { verifyWebhook } from "../client/webhooks";
import { killChildServers, startChildServer } from "./support/child-server";
import { reconfigure } from "./support/config";
import { sql } from "./support/db";
import { freePort } from "./support/delivery";
import { startDnsServer, type TestDnsServer } from "./support/dns-server";
import { messageWithAttachment, mxTransport, queuedIds } from "./support/inbound";
import { waitFor } from "./support/wait";
import { startWebhookReceiver } from "./support/webhook-receiver";

/**
 * Store first (docs/inbound.md): a message answered 250 is in the database, so a process
 * killed right after the reply loses nothing; the next process parses and announces it.
 */
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
let dnsServer: TestDnsServer;
let scratch: string;

beforeAll(async () => {
  hooks = await startWebhookReceiver();
  dnsServer = await startDnsServer();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "posthaste-inbound-crash-"));
  const template = inject("pgliteTemplate");
  if (!process.env.DATABASE_URL && template) fs.cpSync(template, path.join(scratch, "db"), { recursive: true });
});
afterAll(async () => {
  killChildServers();
  await hooks?.stop();
  await dnsServer?.stop();
  const { closeDatabase } = await import("../server/db/client");
  await closeDatabase();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

const env = () => ({ PGLITE_DIR: path.join(scratch, "db"), DNS_SERVERS: dnsServer.address, WEBHOOK_ALLOWED_ORIGINS: hooks.origin });

/**
 * An account and a receiving domain, written by a short-lived process of its own: this
 * process opens the embedded database only once the children are done with it (a PGlite
 * handle opened before them and reopened after did not see their writes).
 */
function setUpInAnotherProcess(): { apiKey: string; name: string } {
  const script = `
    const { createAccount } = await import("./server/accounts/accounts.ts");
    const { receivingDomain } = await import("./test/support/inbound.ts");
    const { closeDatabase } = await import("./server/db/client.ts");
    const account = await createAccount({ email: "inbound-crash-" + process.pid + "@example.com", plan: "unlimited", approved: true });
    const { name } = await receivingDomain(account.accountId);
    await closeDatabase();
    console.log(JSON.stringify({ apiKey: account.apiKey, name }));`;
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env() };
  for (const k of ["VITEST", "VITEST_POOL_ID", "VITEST_WORKER_ID"]) delete childEnv[k];
  const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    env: childEnv,
    cwd: path.join(__dirname, ".."),
    encoding: "utf8",
  });
  return JSON.parse(out.trim().split("\n").pop()!);
}

/** This process's handle on the database, opened once the children are gone (PGlite has one owner). */
async function withDatabase<T>(run: () => Promise<T>): Promise<T> {
  reconfigure(env());
  const { closeDatabase } = await import("../server/db/client");
  try {
    return await run();
  } finally {
    await closeDatabase();
  }
}

describe("SIGKILL after the 250", () => {
  it("loses nothing: the restarted server parses the message and sends email.received once", async () => {
    const { apiKey, name } = setUpInAnotherProcess();
    // No task runs in the first process (the Inngest driver, with no Inngest to call it): the
    // message is certainly unparsed when the process dies.
    const firstPort = await freePort();
    const first = await startChildServer({ ...env(), JOBS_DRIVER: "inngest", SMTP_MX_PORT: String(firstPort) }, { readyMs: 120_000 });
    const created = await first.api("POST", "/v1/webhooks", {
      key: apiKey,
      body: { url: `${hooks.origin}/crash`, events: ["email.received"] },
    });
    expect(created.status).toBe(201);
    const info = await mxTransport(firstPort).sendMail({ from: "ada@sender.example", to: `support@${name}`, ...messageWithAttachment(10) });
    first.proc.kill("SIGKILL");
    const [id] = queuedIds(info.response);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await first.exited;

    const second = await startChildServer({ ...env(), SMTP_MX_PORT: String(await freePort()) }, { readyMs: 120_000 });
    const hook = await waitFor(
      () => hooks.at("/crash").find((h) => h.body?.data?.email_id === id),
      30_000,
      "email.received after the restart",
    );
    const event = verifyWebhook<any>({
      secret: created.body.secret,
      rawBody: hook.raw,
      signature: hook.headers["posthaste-signature"] as string,
    });
    expect(event.data).toMatchObject({
      email_id: id,
      from: "ada@sender.example",
      to: [`support@${name}`],
      received_for: [`support@${name}`],
    });
    expect(event.data.attachments.map((a: any) => a.filename).sort()).toEqual(["logo.png", "report.csv"]);
    second.proc.kill("SIGTERM");
    expect(await second.exited).toBe(0);

    await withDatabase(async () => {
      const [row] = await sql("select status, subject, size from inbound_emails where id = ?", id);
      expect(row).toMatchObject({ status: "parsed", subject: "Ticket 123: printer on fire" });
      expect((await sql("select count(*)::int as n from inbound_attachments where inbound_email_id = ?", id))[0].n).toBe(2);
      expect((await sql("select count(*)::int as n from webhook_events where email_id = ?", id))[0].n).toBe(1);
    });
    expect(hooks.at("/crash")).toHaveLength(1);
  }, 400_000);
});
