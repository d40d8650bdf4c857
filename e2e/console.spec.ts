import http from "node:http";
import { expect, test } from "@playwright/test";
import nodemailer from "nodemailer";
import { DNS_PORT, MX_PORT, WEBHOOK_RECEIVER_PORT } from "../playwright.config";
import { startDnsServer } from "../test/support/dns-server";
import { createKey, open, publishRecords, signUp, v1 } from "./helpers";

const SANDBOX = "onboarding@posthaste.dev";
const SIMULATOR = "success@simulator.amazonses.com";

test("overview shows the free plan's usage", async ({ page }) => {
  await signUp(page);
  await expect(page.getByTestId("plan")).toHaveText("free");
  await expect(page.getByTestId("usage-month")).toContainText("0 / 3,000");
  await expect(page.getByTestId("usage-day")).toContainText("/ 100");
  await expect(page.getByTestId("usage-domains")).toContainText("0 / 1");
});

test("domains: add, see records, verify, switch tracking off, delete", async ({ page, baseURL }) => {
  await signUp(page);
  const key = await createKey(page, "domains");
  const name = `e2e-${Date.now()}.example.com`;
  await open(page, "/domains");
  await page.getByLabel("Domain name").fill(name);
  await page.getByRole("button", { name: "Add domain" }).click();
  const card = page.getByTestId("domain").filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByText("pending")).toBeVisible();
  await expect(card.getByTestId("dns-record").first()).toBeVisible();

  // "No error shown" holds before the click too: wait for the check's answer first.
  const verified = page.waitForResponse((r) => r.url().includes("/api/trpc/domains.verify"));
  await card.getByRole("button", { name: "Verify DNS" }).click();
  expect((await verified).status()).toBe(200);
  await expect(card.getByTestId("error-alert")).toHaveCount(0);

  const tracking = card.getByRole("switch", { name: "Track opens and clicks" });
  await expect(tracking).toBeChecked();
  await tracking.click();
  await expect(tracking).not.toBeChecked();
  const listed = await v1(baseURL!, "GET", "/v1/domains", key);
  expect(listed.body.data[0]).toMatchObject({ name, trackEngagement: false });

  await card.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete domain" }).click();
  await expect(card).toHaveCount(0);
  expect((await v1(baseURL!, "GET", "/v1/domains", key)).body.data).toEqual([]);
});

test("domains: receiving on adds the MX record, which verifies; mail over SMTP arrives in Inbound; off removes it", async ({
  page,
  baseURL,
}) => {
  const dns = await startDnsServer({ port: DNS_PORT });
  try {
    await signUp(page);
    const key = await createKey(page, "receiving");
    const name = `inbound.e2e-${Date.now()}.example.com`;
    await open(page, "/domains");
    await page.getByLabel("Domain name").fill(name);
    await page.getByRole("button", { name: "Add domain" }).click();
    const card = page.getByTestId("domain").filter({ hasText: name });
    await expect(card.getByTestId("receiving-state")).toContainText("subdomain");

    const receiving = card.getByRole("switch", { name: "Receive mail" });
    await expect(receiving).not.toBeChecked();
    await receiving.click();
    await expect(receiving).toBeChecked();
    const mx = card.getByTestId("dns-record").filter({ hasText: "Receiving" });
    await expect(mx).toContainText(name);
    await expect(mx).toContainText("not checked");
    await expect(card.getByTestId("receiving-state")).toContainText("Waiting for the domain to verify");
    await expect(card.locator("[data-slot=badge]", { hasText: "receiving pending" })).toBeVisible();

    // Every record published, the MX among them: one check verifies the domain and starts receiving.
    await publishRecords(card, dns);
    await card.getByRole("button", { name: "Verify DNS" }).click();
    await expect(page.getByText(`${name} is verified`)).toBeVisible();
    await expect(mx).toContainText("found");
    await expect(card.getByTestId("receiving-state")).toContainText("Receiving since");
    await expect(card.locator("[data-slot=badge]", { hasText: /^receiving$/ })).toBeVisible();
    const listed = (await v1(baseURL!, "GET", "/v1/domains", key)).body.data[0];
    expect(listed).toMatchObject({ name, status: "verified", capabilities: { sending: "enabled", receiving: "enabled" } });
    expect(listed.receivingVerifiedAt).toBeGreaterThan(0);

    // A message delivered to the MX listener as another mail server would, then read in the dashboard.
    const subject = `Reply about order ${Date.now()}`;
    const mta = nodemailer.createTransport({ host: "127.0.0.1", port: MX_PORT, secure: false, tls: { rejectUnauthorized: false } });
    const delivered = await mta.sendMail({
      envelope: { from: "ada@example.org", to: [`support+ticket42@${name}`] },
      from: "Ada <ada@example.org>",
      to: `support@${name}`,
      subject,
      text: "Where is my parcel?",
      html: "<p>Where is my <b>parcel</b>?</p>",
      attachments: [{ filename: "receipt.txt", content: "order 42" }],
    });
    expect(delivered.response).toMatch(/^250 /);
    await expect(async () => {
      await open(page, "/inbound");
      await expect(page.getByTestId("inbound-row").filter({ hasText: subject })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await page.getByTestId("inbound-row").filter({ hasText: subject }).getByRole("link").click();
    await expect(page.getByRole("heading", { name: subject, level: 1 })).toBeVisible();
    await expect(page.frameLocator('[data-testid="inbound-html"]').locator("b")).toHaveText("parcel");
    await expect(page.getByRole("link", { name: "receipt.txt" })).toBeVisible();
    await open(page, "/domains");

    await receiving.click();
    await expect(receiving).not.toBeChecked();
    await expect(mx).toHaveCount(0);
    const off = (await v1(baseURL!, "GET", "/v1/domains", key)).body.data[0];
    expect(off).toMatchObject({ capabilities: { receiving: "disabled" }, receivingVerifiedAt: null });
  } finally {
    await dns.stop();
  }
});

test("emails: a send over /v1 shows in the list with its timeline and rendered message", async ({ page, baseURL }) => {
  await signUp(page);
  const key = await createKey(page, "sender");
  const subject = `Hello from e2e ${Date.now()}`;
  const sent = await v1(baseURL!, "POST", "/v1/emails", key, {
    from: SANDBOX,
    to: SIMULATOR,
    subject,
    html: "<h1>Rendered heading</h1><p>Body text</p>",
    text: "Body text",
  });
  expect(sent.status).toBe(200);
  await expect
    .poll(async () => (await v1(baseURL!, "GET", `/v1/emails/${sent.body.id}`, key)).body.status, { timeout: 20_000 })
    .toBe("delivered");

  await open(page, "/emails");
  const row = page.getByTestId("email-row").filter({ hasText: subject });
  await expect(row).toContainText("delivered");

  await page.getByLabel("Status", { exact: true }).selectOption("bounced");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No emails match.")).toBeVisible();
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/emails$/);
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("");
  await page.getByLabel("Search").fill("e2e");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/search=e2e/);
  await row.getByRole("link").click();

  await expect(page.getByRole("heading", { name: subject })).toBeVisible();
  const timeline = page.getByTestId("timeline");
  await expect(timeline).toContainText("queued");
  await expect(timeline).toContainText("sent");
  await expect(timeline).toContainText("delivered");
  const preview = page.frameLocator("[data-testid=html-preview]");
  await expect(preview.getByRole("heading", { name: "Rendered heading" })).toBeVisible();
});

test("suppressions: add one, add in bulk, remove", async ({ page, baseURL }) => {
  await signUp(page);
  const key = await createKey(page, "suppressions");
  await open(page, "/suppressions");
  await page.getByLabel("Email address").fill("Single@Example.com");
  await page.getByRole("button", { name: "Suppress", exact: true }).click();
  await expect(page.getByTestId("suppression-row").filter({ hasText: "single@example.com" })).toContainText("manual");

  await page.getByLabel(/Addresses/).fill("a@example.com\nb@example.com, c@example.com");
  await page.getByRole("button", { name: "Suppress all" }).click();
  await expect(page.getByText("3 addresses suppressed.")).toBeVisible();
  await expect(page.getByTestId("suppression-row")).toHaveCount(4);

  await page.getByTestId("suppression-row").filter({ hasText: "b@example.com" }).getByRole("button", { name: "Remove" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove address" }).click();
  await expect(page.getByTestId("suppression-row")).toHaveCount(3);
  const list = await v1(baseURL!, "GET", "/v1/suppressions", key);
  expect(list.body.data.map((s: any) => s.address)).toEqual(["a@example.com", "c@example.com", "single@example.com"]);

  await page.getByLabel("Email address").fill("not-an-address@");
  await page.getByLabel("Email address").evaluate((el: HTMLInputElement) => {
    el.type = "text";
  });
  await page.getByRole("button", { name: "Suppress", exact: true }).click();
  await expect(page.getByTestId("error-alert")).toContainText("email");
});

test("webhooks: create with events, secret once, deliveries in the log, resend, rotate, disable", async ({ page, baseURL }) => {
  const received: Array<{ id: string; type: string }> = [];
  const receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ id: String(req.headers["posthaste-event-id"]), type: JSON.parse(body).type });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => receiver.listen(WEBHOOK_RECEIVER_PORT, "127.0.0.1", r));
  try {
    await signUp(page);
    const key = await createKey(page, "hooks");
    await open(page, "/webhooks");
    await page.getByLabel("URL").fill(`http://127.0.0.1:${WEBHOOK_RECEIVER_PORT}/hook`);
    await page.getByLabel("Description (optional)").fill("e2e receiver");
    await page.getByLabel(/All events/).uncheck();
    await page.getByLabel("email.delivered").check();
    await page.getByLabel("email.sent").check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const secret = page.getByTestId("one-time-secret");
    await expect(secret).toBeVisible();
    expect((await secret.textContent())!.length).toBeGreaterThan(16);
    const row = page.getByTestId("webhook-row").filter({ hasText: "e2e receiver" });
    await expect(row).toContainText("email.sent, email.delivered");

    const sent = await v1(baseURL!, "POST", "/v1/emails", key, { from: SANDBOX, to: SIMULATOR, subject: "hook me", text: "x" });
    expect(sent.status).toBe(200);
    await expect.poll(() => received.map((r) => r.type).sort(), { timeout: 30_000 }).toEqual(["email.delivered", "email.sent"]);

    await row.getByRole("link").click();
    await expect(page.getByRole("heading", { name: "Delivery log" })).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("attempt-row")).toHaveCount(2, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    const deliveredRow = page.getByTestId("attempt-row").filter({ hasText: "email.delivered" });
    await expect(deliveredRow).toContainText("HTTP 200");
    await deliveredRow.getByRole("button", { name: "Resend" }).click();
    await expect(deliveredRow.getByRole("button", { name: "Queued again" })).toBeVisible();
    await expect.poll(() => received.filter((r) => r.type === "email.delivered").length, { timeout: 30_000 }).toBe(2);
    const ids = received.filter((r) => r.type === "email.delivered").map((r) => r.id);
    expect(ids[0]).toBe(ids[1]);

    await page.getByRole("button", { name: "Rotate secret" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Rotate secret" }).click();
    await expect(page.getByTestId("one-time-secret")).toBeVisible();

    const enabled = page.getByRole("switch");
    await enabled.click();
    await expect(enabled).not.toBeChecked();
    const listed = await v1(baseURL!, "GET", "/v1/webhooks", key);
    expect(listed.body.data[0]).toMatchObject({ enabled: false, description: "e2e receiver" });
  } finally {
    await new Promise((r) => receiver.close(r));
  }
});
