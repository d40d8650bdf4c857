import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { verifyWebhook } from "../client/webhooks";
import { DNS_PORT, WEBHOOK_RECEIVER_PORT } from "../playwright.config";
import { startDnsServer } from "../test/support/dns-server";
import { startWebhookReceiver } from "../test/support/webhook-receiver";
import {
  approve,
  confirmAddress,
  createKey,
  mailTo,
  open,
  PASSWORD,
  publishRecords,
  seriousAxeViolations,
  signIn,
  submitSignUp,
  uniqueEmail,
  v1,
} from "./helpers";

/**
 * A new owner's first day, as one person at a desktop and one on a phone: sign up, confirm,
 * sign in, make a key, add a domain and verify it against a real DNS server, send from it,
 * watch the email arrive, add a webhook endpoint and send it a test event, suppress and
 * unsuppress an address, invite a colleague who joins and sees the same email, make them an
 * owner and a member again, see them leave, then forget the password and choose a new one.
 * Every page visited passes axe and is kept as a screenshot in the test's report.
 */
const SIMULATOR = "success@simulator.amazonses.com";
const NEW_PASSWORD = "a brand new passphrase";

/** The path and query of the first link to `path` in the newest mail to `address` with `subject`. */
async function linkIn(address: string, subject: string, path: string): Promise<string> {
  const text = await mailTo(address, subject);
  const match = new RegExp(`(https?://\\S+${path.replace(/[/?]/g, "\\$&")}\\?token=\\S+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in "${subject}" to ${address}`);
  const url = new URL(match[1]);
  return url.pathname + url.search;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a new owner's journey at ${viewport.width}x${viewport.height}`, async ({ browser, baseURL }, testInfo: TestInfo) => {
    test.setTimeout(300_000);
    let step = 0;
    /** Axe finds nothing serious or critical on the page as it stands; the page is kept as a screenshot. */
    async function visited(page: Page, name: string) {
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      expect(await seriousAxeViolations(page), `${name}: axe`).toEqual([]);
      const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, window: window.innerWidth }));
      expect(width.scroll, `${name} scrolls sideways`).toBeLessThanOrEqual(width.window);
      const file = testInfo.outputPath(`${String(++step).padStart(2, "0")}-${name.replace(/[^a-z0-9]+/gi, "-")}-${viewport.width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(`${step}. ${name} (${viewport.width}x${viewport.height})`, { path: file, contentType: "image/png" });
    }

    // The world outside: a DNS server the service resolves through, and a webhook receiver.
    const dns = await startDnsServer({ port: DNS_PORT });
    const receiver = await startWebhookReceiver({ port: WEBHOOK_RECEIVER_PORT });
    try {
      const ownerContext = await browser.newContext({ viewport });
      const page = await ownerContext.newPage();
      const owner = uniqueEmail("journey-owner");

      // Sign up, confirm from the mailed link, sign in.
      await submitSignUp(page, owner);
      await visited(page, "sign-up: check your inbox");
      await confirmAddress(page, owner);
      await visited(page, "address confirmed");
      await signIn(page, owner);
      await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
      await visited(page, "overview");

      // A key, read from its one-time reveal.
      const key = await createKey(page, "journey");
      await expect(page.getByText("API key created")).toBeVisible();
      await visited(page, "api key revealed");

      // A sending domain: added, its records published at the DNS server, then verified.
      const domain = `journey-${viewport.width}-${Date.now()}.example.com`;
      await open(page, "/domains");
      await page.getByLabel("Domain name").fill(domain);
      await page.getByRole("button", { name: "Add domain" }).click();
      const card = page.getByTestId("domain").filter({ hasText: domain });
      await expect(card.getByTestId("dns-record").first()).toBeVisible();
      await expect(card.locator("[data-slot=badge]").first()).toHaveText("pending");
      await visited(page, "domain added");
      expect(await publishRecords(card, dns)).toBeGreaterThanOrEqual(3);
      await card.getByRole("button", { name: "Verify DNS" }).click();
      await expect(page.getByText(`${domain} is verified`)).toBeVisible();
      await expect(card.locator("[data-slot=badge]").first()).toHaveText("verified");
      await expect(card.locator("[data-slot=badge]", { hasText: "missing" })).toHaveCount(0);
      await visited(page, "domain verified");

      // A send over /v1 from the new domain.
      const subject = `Journey ${viewport.width} ${Date.now()}`;
      const sent = await page.request.post(`${baseURL}/v1/emails`, {
        headers: { authorization: `Bearer ${key}` },
        data: {
          from: `Journey <hello@${domain}>`,
          to: SIMULATOR,
          subject,
          html: "<p>Hello from the journey</p>",
          text: "Hello from the journey",
        },
      });
      expect(sent.status(), await sent.text()).toBe(200);
      const { id } = (await sent.json()) as { id: string };

      // The email in the log, then its page until the timeline reaches delivered.
      await open(page, "/emails");
      const row = page.getByTestId("email-row").filter({ hasText: subject });
      await expect(row).toBeVisible();
      await visited(page, "emails");
      await row.getByRole("link").first().click();
      await expect(page.getByRole("heading", { name: subject })).toBeVisible();
      await expect(async () => {
        await page.reload();
        await expect(page.getByTestId("timeline")).toContainText("delivered", { timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      await expect(page.getByText(`hello@${domain}`).first()).toBeVisible();
      await visited(page, "email delivered");

      // A message scheduled a little ahead: its page, left open, moves from scheduled to
      // delivered by itself (the live refresh), with no reload.
      const later = await page.request.post(`${baseURL}/v1/emails`, {
        headers: { authorization: `Bearer ${key}` },
        data: {
          from: `Journey <hello@${domain}>`,
          to: SIMULATOR,
          subject: `Scheduled ${viewport.width} ${Date.now()}`,
          text: "Sent a little later",
          scheduledAt: new Date(Date.now() + 12_000).toISOString(),
        },
      });
      expect(later.status(), await later.text()).toBe(200);
      await open(page, `/emails/${((await later.json()) as { id: string }).id}`);
      const liveTimeline = page.getByTestId("timeline");
      await expect(liveTimeline).toContainText("scheduled");
      await expect(liveTimeline).not.toContainText("delivered");
      await expect(liveTimeline).toContainText("delivered", { timeout: 45_000 });
      await visited(page, "scheduled email delivered live");

      // A webhook endpoint at the receiver, its secret read from the one-time reveal, then a test event.
      const hookPath = `/journey-${viewport.width}`;
      await open(page, "/webhooks");
      await page.getByLabel("URL").fill(`http://127.0.0.1:${WEBHOOK_RECEIVER_PORT}${hookPath}`);
      await page.getByLabel("Description (optional)").fill("journey receiver");
      await page.getByRole("button", { name: "Add endpoint" }).click();
      const secret = (await page.getByTestId("one-time-secret").textContent())!.trim();
      expect(secret).toMatch(/^whsec_/);
      const endpoint = page.getByTestId("webhook-row").filter({ hasText: "journey receiver" });
      await expect(endpoint).toBeVisible();
      await visited(page, "webhook added");
      await endpoint.getByRole("button", { name: "Send test event" }).click();
      await expect(endpoint.getByTestId("test-event-queued")).toBeVisible();
      await expect.poll(() => receiver.at(hookPath).length, { timeout: 30_000 }).toBe(1);
      const [hook] = receiver.at(hookPath);
      // Signed as the docs say, checked by the service's client and by the Standard Webhooks library.
      const event = verifyWebhook<{ type: string; data: { test?: boolean } }>({
        secret,
        rawBody: hook.raw,
        signature: String(hook.headers["posthaste-signature"]),
      });
      expect(event).toMatchObject({ type: "email.sent", data: { test: true } });
      new Webhook(secret.slice("whsec_".length)).verify(hook.raw.toString("utf8"), {
        "webhook-id": String(hook.headers["webhook-id"]),
        "webhook-timestamp": String(hook.headers["webhook-timestamp"]),
        "webhook-signature": String(hook.headers["webhook-signature"]),
      });
      await endpoint.getByRole("link").first().click();
      await expect(page.getByRole("heading", { name: "Delivery log" })).toBeVisible();
      const attempt = page.getByTestId("attempt-row");
      await expect(async () => {
        await page.reload();
        await expect(attempt).toHaveCount(1, { timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await expect(attempt).toContainText("email.sent");
      await expect(attempt).toContainText("HTTP 200");
      await expect(attempt.getByTestId("test-event-badge")).toBeVisible();
      await expect(attempt).toContainText(String(hook.headers["posthaste-event-id"]));
      await visited(page, "webhook delivery log");

      // A suppression added, then removed after the styled confirmation.
      const suppressed = uniqueEmail("journey-suppressed");
      await open(page, "/suppressions");
      await page.getByLabel("Email address").fill(suppressed);
      await page.getByRole("button", { name: "Suppress", exact: true }).click();
      const suppression = page.getByTestId("suppression-row").filter({ hasText: suppressed });
      await expect(suppression).toBeVisible();
      await visited(page, "suppression added");
      await suppression.getByRole("button", { name: "Remove" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Remove address" }).click();
      await expect(suppression).toHaveCount(0);
      await visited(page, "suppression removed");

      // A colleague invited; the invitation's link read from the mail like the confirmation's.
      const member = uniqueEmail("journey-member");
      // A new account invites nobody until the operator has reviewed it.
      await open(page, "/team");
      await expect(page.getByTestId("invite-refused")).toContainText("awaits review");
      await approve(owner);
      // The server hears of the CLI's change through the database (cache_invalidations).
      await expect(async () => {
        await open(page, "/team");
        await expect(page.getByRole("button", { name: "Send invitation" })).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await visited(page, "team");
      await page.getByLabel("Email").fill(member);
      await page.getByRole("button", { name: "Send invitation" }).click();
      await expect(page.getByText(`Invitation sent to ${member}`).first()).toBeVisible();
      await expect(page.getByTestId("invitation-row").filter({ hasText: member })).toBeVisible();
      await visited(page, "invitation sent");
      const invitation = await linkIn(member, `${owner} invited you to their Posthaste account`, "/accept-invite");

      // The colleague, in a browser of their own: accept, choose a password, then sign in with it.
      const memberContext = await browser.newContext({ viewport });
      const memberPage = await memberContext.newPage();
      await open(memberPage, invitation);
      await expect(memberPage.getByTestId("invitation-summary")).toContainText(member);
      await visited(memberPage, "accept invitation");
      await memberPage.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await memberPage.getByLabel("Confirm password").fill(PASSWORD);
      await memberPage.getByRole("button", { name: "Join and sign in" }).click();
      await expect(memberPage.getByRole("heading", { name: "Overview" })).toBeVisible();
      await expect(memberPage.getByText("You joined the account. Welcome.")).toBeVisible();
      await visited(memberPage, "member joined");
      await memberContext.clearCookies();
      await signIn(memberPage, member);
      await expect(memberPage.getByRole("heading", { name: "Overview" })).toBeVisible();
      await open(memberPage, "/emails");
      await expect(memberPage.getByTestId("email-row").filter({ hasText: subject })).toBeVisible();
      await visited(memberPage, "member sees the email");

      // The owner makes the colleague an owner, then a member again, each after a confirmation.
      await open(page, "/team");
      const colleague = page.getByTestId("member-row").filter({ hasText: member });
      await colleague.getByRole("button", { name: "Make owner" }).click();
      const promote = page.getByRole("alertdialog");
      await expect(promote).toContainText(`Make ${member} an owner?`);
      await visited(page, "team: promote confirmation");
      await promote.getByRole("button", { name: "Make owner" }).click();
      await expect(page.getByText(`${member} is now an owner`)).toBeVisible();
      await expect(colleague.locator("[data-slot=badge]")).toHaveText("owner");
      // The account email's holder is never demoted or removed: no buttons on their row.
      const holder = page.getByTestId("member-row").filter({ hasText: owner });
      await expect(holder).toContainText("account email");
      await expect(holder.getByRole("button")).toHaveCount(0);
      await visited(page, "team: colleague promoted");
      await open(memberPage, "/team");
      await expect(memberPage.getByRole("button", { name: "Send invitation" })).toBeVisible();
      await colleague.getByRole("button", { name: "Make member" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Make member" }).click();
      await expect(page.getByText(`${member} is now a member`)).toBeVisible();
      await expect(colleague.locator("[data-slot=badge]")).toHaveText("member");
      await memberPage.reload();
      await expect(memberPage.getByRole("heading", { name: "Team" })).toBeVisible();
      await expect(memberPage.getByRole("button", { name: "Send invitation" })).toHaveCount(0);

      // The colleague leaves: signed out at once, gone from the owner's list.
      await memberPage.getByTestId("leave-account").getByRole("button", { name: "Leave account" }).click();
      await expect(memberPage.getByRole("alertdialog")).toContainText("Leave the account");
      await visited(memberPage, "leave confirmation");
      await memberPage.getByRole("alertdialog").getByRole("button", { name: "Leave account" }).click();
      await expect(memberPage.getByRole("heading", { name: "Sign in to Posthaste" })).toBeVisible();
      await expect(memberPage.getByText("You left the account")).toBeVisible();
      await visited(memberPage, "left the account");
      await open(memberPage, "/emails");
      await expect(memberPage).toHaveURL(/\/sign-in/);
      await page.reload();
      await expect(page.getByTestId("member-row")).toHaveCount(1);
      await expect(page.getByTestId("leave-account")).toContainText("account's email");
      await visited(page, "team after the colleague left");
      await memberContext.close();

      // The owner forgets the password: a link by mail, a new password, then a sign-in with it.
      await ownerContext.clearCookies();
      await open(page, "/forgot-password");
      await page.getByLabel("Email").fill(owner);
      await page.getByRole("button", { name: "Send link" }).click();
      await expect(page.getByTestId("notice")).toBeVisible();
      await visited(page, "forgot password: link sent");
      await open(page, await linkIn(owner, "Choose a new Posthaste password", "/set-password"));
      await expect(page.getByTestId("set-password-email")).toHaveText(owner);
      await visited(page, "set password");
      await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel("Confirm password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Set password and sign in" }).click();
      await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
      await expect(page.getByText("Password set. You are signed in.")).toBeVisible();
      await ownerContext.clearCookies();
      await signIn(page, owner, NEW_PASSWORD);
      await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
      await visited(page, "signed in with the new password");
      // The key made on the first day still works.
      expect((await v1(baseURL!, "GET", `/v1/emails/${id}`, key)).status).toBe(200);
      await ownerContext.close();
    } finally {
      await receiver.stop();
      await dns.stop();
    }
  });
}
