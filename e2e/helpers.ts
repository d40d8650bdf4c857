import { expect, type Page } from "@playwright/test";

let counter = 0;

/** A fresh owner per test: tests never share an account. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${process.pid}-${++counter}@example.com`;
}

export const PASSWORD = "correct horse battery";

/** Navigates and waits until React has hydrated, so typing and clicks reach the handlers. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

export async function signUp(page: Page, email = uniqueEmail("owner")): Promise<string> {
  await open(page, "/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.getByTestId("account-email")).toHaveText(email);
  return email;
}

/** Creates a key in the dashboard and returns the plaintext shown once. */
export async function createKey(page: Page, name: string, scope: "Full access" | "Sending only" = "Full access"): Promise<string> {
  await open(page, "/api-keys");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Permission").selectOption({ label: scope });
  await page.getByRole("button", { name: "Create key" }).click();
  const secret = page.getByTestId("one-time-secret");
  await expect(secret).toBeVisible();
  const key = (await secret.textContent())!.trim();
  expect(key).toMatch(/^ph_[A-Za-z0-9_-]{43}$/);
  return key;
}

/** Calls the REST API over HTTP, as an application would. */
export async function v1(baseURL: string, method: string, path: string, key: string, body?: unknown) {
  const res = await fetch(baseURL + path, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any = null;
  try { json = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, body: json, text };
}
