import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import type { DnsType, TestDnsServer } from "../test/support/dns-server";
import postgres from "postgres";
import { pgliteSocketPath } from "../server/db/socket-path";

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

/**
 * Serious and critical axe findings on the page as it stands, one line each. A mail's own HTML
 * (the template preview, a received message) is not ours, and a frame sandboxed without scripts
 * never answers axe: both frames are left out. Finite animations (a toast sliding in, a drawer)
 * finish first: mid-fade, text is judged against a half-drawn background.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => {});
  const results = await new AxeBuilder({ page }).exclude("[data-testid=html-preview]").exclude("[data-testid=inbound-html]").analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Fills and submits the sign-up form; the page then says to check the inbox, whatever the address. */
export async function submitSignUp(page: Page, email: string, password = PASSWORD): Promise<void> {
  await open(page, "/sign-up");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
}

/**
 * The newest mail the service queued to `address` with `subject`, read from the server's
 * embedded database through the socket the CLI uses (MAIL_PROVIDER=sink keeps it there).
 * Needs the server playwright.config.ts starts (not E2E_BASE_URL).
 */
export async function mailTo(address: string, subject: string): Promise<string> {
  if (!process.env.E2E_SCRATCH || process.env.E2E_BASE_URL)
    throw new Error("reading the sink needs the server playwright.config.ts starts");
  const sql = postgres({ path: pgliteSocketPath(path.join(process.env.E2E_SCRATCH, "db")), max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ text: string }[]>`
      select c.text from emails e join email_contents c on c.email_id = e.id
      where e."to" @> ${sql.json([address])} and e.subject = ${subject} order by e.id desc limit 1`;
    if (!row) throw new Error(`no mail "${subject}" to ${address}`);
    return row.text;
  } finally {
    await sql.end();
  }
}

/** Path and query of the newest verification link mailed to `email`. */
export async function verificationPath(email: string): Promise<string> {
  const text = await mailTo(email, "Confirm your email address for Posthaste");
  const url = new URL(/(https?:\/\/\S+\/verify-email\?token=\S+)/.exec(text)![1]);
  return url.pathname + url.search;
}

/** Follows the emailed link to its confirmation button, as the owner would. */
export async function confirmAddress(page: Page, email: string): Promise<void> {
  await open(page, await verificationPath(email));
  await page.getByRole("button", { name: "Confirm my address" }).click();
  await expect(page.getByText("Your address is confirmed.")).toBeVisible();
}

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await open(page, "/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** A new owner through the whole journey: sign up, confirm the address from the email, sign in. */
export async function signUp(page: Page, email = uniqueEmail("owner")): Promise<string> {
  await submitSignUp(page, email);
  await confirmAddress(page, email);
  await signIn(page, email);
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
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: json, text };
}

/**
 * The operator approves the account of `email` with the CLI (`accounts approve`), as a sign-up
 * awaits review until then: it talks to the running server's embedded database through its
 * socket, which tells the server to drop its cached copy. Needs the server playwright.config.ts starts.
 */
export async function approve(email: string): Promise<void> {
  if (!process.env.E2E_SCRATCH || process.env.E2E_BASE_URL) throw new Error("the CLI needs the server playwright.config.ts starts");
  await promisify(execFile)(process.execPath, ["--import", "tsx", "server/cli/index.ts", "accounts", "approve", "--email", email], {
    env: { ...process.env, PGLITE_DIR: path.join(process.env.E2E_SCRATCH, "db") },
    timeout: 60_000,
  });
}

/** Publishes every record a domain's card shows (type, name, value), as its owner would at their DNS host. */
export async function publishRecords(card: Locator, dns: TestDnsServer): Promise<number> {
  const rows = card.getByTestId("dns-record");
  const published = new Map<string, { name: string; type: DnsType; values: string[] }>();
  for (const row of await rows.all()) {
    const type = (await row.getByTestId("record-type").innerText()).trim() as DnsType;
    const [name, value] = (await row.locator("code").allInnerTexts()).map((t) => t.trim());
    const key = `${name}|${type}`;
    const entry = published.get(key) ?? { name, type, values: [] };
    entry.values.push(value);
    published.set(key, entry);
  }
  for (const { name, type, values } of published.values()) dns.set(name, type, values);
  return rows.count();
}
