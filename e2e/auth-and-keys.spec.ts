import { expect, test } from "@playwright/test";
import { createKey, open, PASSWORD, signUp, uniqueEmail, v1 } from "./helpers";

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

  page.once("dialog", (d) => void d.accept());
  await row.getByRole("button", { name: "Revoke" }).click();
  await expect(row).toHaveCount(0);
  const after = await v1(baseURL!, "GET", "/v1/api-keys", key);
  expect(after.status).toBe(401);
  expect(after.body.error.type).toBe("authentication_error");
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
  await expect(page.locator(".alert.error")).toHaveText("Wrong email or password.");

  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
});

test("a second sign-up with the same email is refused", async ({ page, browser }) => {
  const email = await signUp(page, uniqueEmail("dup"));
  const other = await browser.newPage();
  await open(other, "/sign-up");
  await other.getByLabel("Email").fill(email.toUpperCase());
  await other.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await other.getByLabel("Confirm password").fill(PASSWORD);
  await other.getByRole("button", { name: "Create account" }).click();
  await expect(other.locator(".alert.error")).toContainText("already exists");
  await other.close();
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
