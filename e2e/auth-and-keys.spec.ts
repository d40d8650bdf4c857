import { expect, test } from "@playwright/test";
import nodemailer from "nodemailer";
import {
  confirmAddress,
  createKey,
  mailTo,
  open,
  PASSWORD,
  signIn,
  signUp,
  submitSignUp,
  uniqueEmail,
  v1,
  verificationPath,
} from "./helpers";

const FAILED = "Wrong email or password, or the address is not confirmed yet (follow the link we emailed you).";

test("sign up, create a key, use it over /v1, see it used in the dashboard, revoke it", async ({ page, baseURL }) => {
  await signUp(page);
  const key = await createKey(page, "e2e-key");
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("one-time-secret")).toHaveCount(0);

  const row = page.getByTestId("api-key-row").filter({ hasText: "e2e-key" });
  await expect(row).toContainText(key.slice(-4));
  await expect(row.getByTestId("last-used")).toHaveText("Never");
  // The plaintext never comes back once dismissed.
  await expect(page.locator("body")).not.toContainText(key);

  const list = await v1(baseURL!, "GET", "/v1/api-keys", key);
  expect(list.status).toBe(200);
  expect(list.body.data.map((k: any) => k.name)).toEqual(["e2e-key"]);

  await expect(async () => {
    await page.reload();
    await expect(row.getByTestId("last-used")).not.toHaveText("Never", { timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  await row.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(row).toHaveCount(0);
  const after = await v1(baseURL!, "GET", "/v1/api-keys", key);
  expect(after.status).toBe(401);
  expect(after.body.error.type).toBe("authentication_error");
});

test("the API keys page shows the SMTP settings, and they send with a key", async ({ page, baseURL }) => {
  const email = await signUp(page);
  const key = await createKey(page, "smtp-key", "Sending only");
  await page.getByRole("button", { name: "Done" }).click();
  const box = page.getByTestId("smtp-settings");
  await expect(box.getByRole("heading", { name: "SMTP" })).toBeVisible();
  await expect(box.getByTestId("smtp-host")).toHaveText(new URL(baseURL!).hostname);
  await expect(box.getByTestId("smtp-username")).toHaveText("posthaste");
  await expect(box.getByTestId("smtp-self-signed")).toBeVisible();
  const port = Number(await box.getByTestId("smtp-port").textContent());
  await expect(box.getByTestId("smtp-tls-port")).toHaveText(String(port + 1));
  // What the page says is what an application configures: a test-mode send to the account's own address.
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port,
    requireTLS: true,
    auth: { user: "posthaste", pass: key },
    tls: { rejectUnauthorized: false },
  });
  const info = await transport.sendMail({ from: "onboarding@posthaste.dev", to: email, subject: "Over SMTP", text: "hello" });
  const id = /queued as (\S+)$/.exec(info.response)?.[1];
  expect(info.response).toMatch(/^250 2\.0\.0 queued as /);
  await page.goto(`/emails/${id}`);
  await expect(page.getByText("Over SMTP").first()).toBeVisible();
});

test("sign up, sign-in refused until the emailed link is followed, a used link is refused, then sign in", async ({ page }) => {
  const email = uniqueEmail("journey");
  await submitSignUp(page, email);
  await signIn(page, email);
  await expect(page.getByTestId("error-alert")).toHaveText(FAILED);

  const link = await verificationPath(email);
  await confirmAddress(page, email);
  // The same link a second time.
  await open(page, link);
  await page.getByRole("button", { name: "Confirm my address" }).click();
  await expect(page.getByTestId("error-alert")).toContainText("expired, has already been used");

  await signIn(page, email);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
});

test("sign out, wrong password is refused, sign back in", async ({ page }) => {
  const email = await signUp(page, uniqueEmail("signin"));
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to Posthaste" })).toBeVisible();
  await page.goto("/api-keys");
  await expect(page).toHaveURL(/\/sign-in/);

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("error-alert")).toHaveText(FAILED);

  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
});

test("a sign-up with a taken address reads like any other, and its owner is told", async ({ page, browser }) => {
  const email = await signUp(page, uniqueEmail("dup"));
  const other = await browser.newPage();
  await submitSignUp(other, email.toUpperCase(), "another password");
  await expect(other.getByRole("status")).toHaveText("Check your inbox: we sent a link to confirm your address. Follow it, then sign in.");
  expect(await mailTo(email, "Someone tried to sign up to Posthaste with your address")).toContain("Nothing was changed");
  await signIn(other, email, "another password");
  await expect(other.getByTestId("error-alert")).toHaveText(FAILED);
  await other.close();
});

test("ten wrong passwords for an address from one client lock that client out for a while, the right one included", async ({ page }) => {
  const email = await signUp(page, uniqueEmail("locked"));
  await page.getByRole("button", { name: "Sign out" }).click();
  for (let i = 0; i < 10; i++) {
    await signIn(page, email, `wrong password ${i}`);
    await expect(page.getByTestId("error-alert")).toHaveText(FAILED);
  }
  await signIn(page, email);
  await expect(page.getByTestId("error-alert")).toHaveText("Too many sign-in attempts. Wait a few minutes, then try again.");
});

test("the service's own addresses cannot be signed up", async ({ page }) => {
  await open(page, "/sign-up");
  await page.getByLabel("Email").fill("onboarding@posthaste.dev");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("error-alert")).toHaveText("This address belongs to the service itself. Sign up with your own address.");
});

test("error reference pages exist for every type", async ({ page }) => {
  await page.goto("/docs");
  await page.getByRole("link", { name: "rate_limited" }).click();
  await expect(page.getByRole("heading", { name: "rate_limited" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Retry-After" })).toBeVisible();
  const res = await page.request.get("/docs/errors/validation_error");
  expect(res.status()).toBe(200);
  expect((await page.request.get("/docs/errors/no_such_type")).status()).toBe(404);
});
