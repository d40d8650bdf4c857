import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyWebhook } from "../client/webhooks";
import { startTestServer, type TestServer } from "./support/harness";
import { startWebhookReceiver, type ReceivedHook } from "./support/webhook-receiver";
import { db } from "./support/db";
import { until } from "./support/wait";

/** Signing secrets are encrypted at rest; deliveries still verify, across rotation and upgrade. */
let server: TestServer;
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
let origin = "";

beforeAll(async () => {
  hooks = await startWebhookReceiver();
  origin = hooks.origin;
  server = await startTestServer({ WEBHOOK_ALLOWED_ORIGINS: origin, WEBHOOK_RETRY_SCHEDULE: "0.2" });
});
afterAll(async () => {
  await server?.stop();
  await hooks?.stop();
});

async function storedSecret(id: string): Promise<string> {
  const { rows } = await db();
  const [row] = await rows<{ secret: string }>(sql`select secret from webhook_endpoints where id = ${id}`);
  return row.secret;
}

async function deliveredTo(accountId: string, path: string, n: number) {
  const { recordEvents } = await import("../server/events/record");
  const { db: handle } = await db();
  await recordEvents(handle, [
    {
      accountId,
      type: "email.sent",
      emailId: "email-1",
      data: { email_id: "email-1", from: "a@example.com", to: ["b@example.com"], subject: "s", tags: [] },
    },
  ]);
  return (
    await until(
      () => hooks.at(path),
      (l) => l.length >= n,
    )
  )[n - 1];
}

const verifies = (secret: string, got: ReceivedHook) => {
  try {
    verifyWebhook({ secret, rawBody: got.raw, signature: String(got.headers["posthaste-signature"]) });
    return true;
  } catch {
    return false;
  }
};

describe("webhook signing secrets at rest", () => {
  it("stores the secret encrypted and signs with it; a rotation takes effect at once", async () => {
    const { accountId, apiKey } = await server.account();
    const created = await server.api("POST", "/v1/webhooks", { key: apiKey, body: { url: `${origin}/sealed`, events: ["*"] } });
    expect(created.status).toBe(201);
    const { id, secret } = created.body as { id: string; secret: string };
    const stored = await storedSecret(id);
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(secret.replace(/^whsec_/, ""));
    expect(verifies(secret, await deliveredTo(accountId, "/sealed", 1))).toBe(true);

    // The first delivery cached the decrypted secret; rotating must not leave it in use.
    const rotated = await server.api("POST", `/v1/webhooks/${id}/rotate-secret`, { key: apiKey });
    expect(rotated.status).toBe(200);
    expect(await storedSecret(id)).not.toContain(rotated.body.secret);
    const after = await deliveredTo(accountId, "/sealed", 2);
    expect(verifies(rotated.body.secret, after)).toBe(true);
    expect(verifies(secret, after)).toBe(false);
  });

  it("keeps plaintext secrets from before the upgrade working, and encrypts them", async () => {
    const { accountId, apiKey } = await server.account();
    const { newId } = await import("../server/lib/ids");
    const { decrypt } = await import("../server/crypto/sealed");
    const { rows } = await db();
    const id = newId();
    const legacy = "whsec_legacyPlaintextSecretFromBeforeTheUpgrade";
    await rows(
      sql`insert into webhook_endpoints (id, account_id, url, events, secret) values (${id}, ${accountId}, ${`${origin}/legacy`}, '["*"]'::jsonb, ${legacy})`,
    );
    expect(verifies(legacy, await deliveredTo(accountId, "/legacy", 1))).toBe(true);
    const sealed = await until(
      () => storedSecret(id),
      (s) => s.startsWith("v1:"),
    );
    expect(sealed).not.toContain(legacy);
    expect(decrypt(sealed)).toBe(legacy);
    expect(verifies(legacy, await deliveredTo(accountId, "/legacy", 2))).toBe(true);
    expect((await server.api("GET", `/v1/webhooks/${id}`, { key: apiKey })).status).toBe(200);
  });

  it("encrypts every remaining plaintext secret at start-up", async () => {
    const { accountId } = await server.account();
    const { newId } = await import("../server/lib/ids");
    const { decrypt } = await import("../server/crypto/sealed");
    const { sealLegacySigningSecrets } = await import("../server/webhooks/signing-secret");
    const { rows } = await db();
    const id = newId();
    await rows(
      sql`insert into webhook_endpoints (id, account_id, url, events, secret, enabled) values (${id}, ${accountId}, ${`${origin}/idle`}, '["*"]'::jsonb, 'whsec_idle', false)`,
    );
    expect(await sealLegacySigningSecrets()).toBeGreaterThanOrEqual(1);
    const stored = await storedSecret(id);
    expect(stored).toMatch(/^v1:/);
    expect(decrypt(stored)).toBe("whsec_idle");
  });
});
