import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { confirmAddress, createKey, mailTo, open, PASSWORD, signIn, submitSignUp, uniqueEmail, v1 } from "./helpers";

/**
 * A new owner's first day, as one person at a desktop and one on a phone: sign up, confirm,
 * sign in, make a key, send, watch the email arrive, suppress and unsuppress an address, invite a
 * colleague who joins and sees the same email, then forget the password and choose a new one.
 * Every page visited passes axe and is kept as a screenshot in the test's report.
 */
const SANDBOX = "onboarding@posthaste.dev";
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
    test.setTimeout(240_000);
    let step = 0;
    /** Axe finds nothing serious or critical on the page as it stands; the page is kept as a screenshot. */
    async function visited(page: Page, name: string) {
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      const results = await new AxeBuilder({ page }).exclude("[data-testid=html-preview]").analyze();
      const serious = results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect(serious, `${name}: axe`).toEqual([]);
      const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, window: window.innerWidth }));
      expect(width.scroll, `${name} scrolls sideways`).toBeLessThanOrEqual(width.window);
      const file = testInfo.outputPath(`${String(++step).padStart(2, "0")}-${name.replace(/[^a-z0-9]+/gi, "-")}-${viewport.width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(`${step}. ${name} (${viewport.width}x${viewport.height})`, { path: file, contentType: "image/png" });
    }

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

    // A key, read from its one-time reveal, then a send over /v1 with it.
    const key = await createKey(page, "journey");
    await expect(page.getByText("API key created")).toBeVisible();
    await visited(page, "api key revealed");
    const subject = `Journey ${viewport.width} ${Date.now()}`;
    const sent = await page.request.post(`${baseURL}/v1/emails`, {
      headers: { authorization: `Bearer ${key}` },
      data: { from: SANDBOX, to: SIMULATOR, subject, html: "<p>Hello from the journey</p>", text: "Hello from the journey" },
    });
    expect(sent.status()).toBe(200);
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
    await visited(page, "email delivered");

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
    await open(page, "/team");
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
  });
}
