import { expect, test, type Browser, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import { WEBHOOK_RECEIVER_PORT } from "../playwright.config";
import { createKey, open, seriousAxeViolations, signUp, v1 } from "./helpers";

/**
 * The dashboard as a person sees it, from a phone to a desktop: no page scrolls sideways, axe
 * finds nothing serious in either theme, the phone's menu opens and closes, and every page is
 * kept as a full-page screenshot (attached to the test's report) at 390 and 1280 px.
 */
const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
/**
 * The narrowest phone only has to fit: axe and the screenshots at 390 px see the same phone
 * layout (two thirds of this file's time went to axe and full-page screenshots).
 */
const FIT_ONLY_WIDTH = 360;

const SANDBOX = "onboarding@posthaste.dev";
const SIMULATOR = "success@simulator.amazonses.com";
// Long values that must wrap inside their cell, never widen the page.
const LONG_ADDRESS = "a-rather-long-local-part-for-wrapping-checks-0123456789@mail.a-long-subdomain.example.com";
const LONG_SUBJECT = "A subject long enough to need two lines on a phone: quarterly statement and the receipts that go with it";

/** Signed-in state and the ids of what the seed made, shared by the tests below. */
let storageState: Awaited<ReturnType<BrowserContext["storageState"]>>;
let emailId: string;
let webhookId: string;
let templateId: string;

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page);
  const key = await createKey(page, "ui-check");
  await expect(page.getByText("API key created")).toBeVisible();

  // Before the send, so its events leave attempts in the delivery log (nothing listens: they fail).
  const hook = await v1(baseURL!, "POST", "/v1/webhooks", key, {
    url: `http://127.0.0.1:${WEBHOOK_RECEIVER_PORT}/hooks/a/rather/long/path/that/has/to/wrap/somewhere/on/a/phone`,
    events: ["*"],
    description: "UI check receiver",
  });
  expect(hook.status).toBe(201);
  webhookId = hook.body.id;
  const sent = await v1(baseURL!, "POST", "/v1/emails", key, {
    from: SANDBOX,
    to: SIMULATOR,
    subject: LONG_SUBJECT,
    html: "<h1>Statement</h1><p>Hello</p>",
    text: "Hello",
  });
  expect(sent.status).toBe(200);
  emailId = sent.body.id;
  const template = await v1(baseURL!, "POST", "/v1/templates", key, {
    name: "A template name long enough to wrap on a phone's narrow screen",
    subject: "Hello {{{NAME}}}",
    html: "<p>Hello {{{NAME}}}</p>",
    variables: [{ key: "NAME", type: "string", fallback_value: "there" }],
  });
  expect(template.status).toBe(201);
  templateId = template.body.id;
  expect((await v1(baseURL!, "POST", "/v1/domains", key, { name: `ui-${Date.now()}.example.com` })).status).toBe(201);
  expect((await v1(baseURL!, "POST", "/v1/suppressions", key, { email: LONG_ADDRESS })).status).toBe(201);
  await expect
    .poll(async () => (await v1(baseURL!, "GET", `/v1/emails/${emailId}`, key)).body.status, { timeout: 20_000 })
    .toBe("delivered");
  storageState = await context.storageState();
  await context.close();
});

function consolePages(): string[] {
  return [
    "/",
    "/usage",
    "/emails",
    `/emails/${emailId}`,
    "/inbound",
    "/domains",
    "/api-keys",
    "/suppressions",
    "/webhooks",
    `/webhooks/${webhookId}`,
    "/templates",
    `/templates/${templateId}`,
    "/team",
    "/settings",
    // notFound() inside the console: the console's frame around the 404.
    "/emails/00000000-0000-7000-8000-000000000000",
  ];
}

const PUBLIC_PAGES = [
  "/docs",
  "/docs/errors/rate_limited",
  "/docs/webhooks",
  "/docs/resend",
  "/sign-in",
  "/sign-up",
  // The door pages a link leads to; without a token they say the link is unusable.
  "/forgot-password",
  "/verify-email",
  "/set-password",
  "/accept-invite",
  "/confirm-email-change",
  "/no-such-page",
];

async function newPage(browser: Browser, viewport: { width: number; height: number }, signedIn: boolean): Promise<Page> {
  const context = await browser.newContext({ viewport, storageState: signedIn ? storageState : undefined });
  return context.newPage();
}

async function expectFits(page: Page, path: string): Promise<void> {
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(width.scroll, `${path} scrolls sideways`).toBeLessThanOrEqual(width.window);
}

/** Everything checked on one page at one size: in the light theme, then the dark one. */
async function checkPage(page: Page, path: string, testInfo: TestInfo): Promise<void> {
  await open(page, path);
  if (page.viewportSize()!.width === FIT_ONLY_WIDTH) return expectFits(page, path);
  for (const scheme of ["light", "dark"] as const) {
    // The default theme follows the system's, so emulating it switches the page.
    await page.emulateMedia({ colorScheme: scheme });
    if (scheme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await expectFits(page, path);
    expect(await seriousAxeViolations(page), `${path} in the ${scheme} theme`).toEqual([]);
    // Written to the test's output folder (kept after the run) and attached to its report.
    const size = page.viewportSize()!;
    const name = `${path} ${size.width}x${size.height} ${scheme}`;
    const file = testInfo.outputPath(
      `${(path === "/" ? "overview" : path).replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "")}-${size.width}-${scheme}.png`,
    );
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(name, { path: file, contentType: "image/png" });
  }
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width}x${viewport.height}`, () => {
    const checked = viewport.width === FIT_ONLY_WIDTH ? "fit" : "fit, pass axe in both themes, and are kept as screenshots";
    test(`console pages ${checked}`, async ({ browser }, testInfo) => {
      test.setTimeout(300_000);
      const page = await newPage(browser, viewport, true);
      for (const path of consolePages()) await checkPage(page, path, testInfo);
      await page.context().close();
    });

    test(`docs, sign-in and 404 pages ${checked}`, async ({ browser }, testInfo) => {
      test.setTimeout(300_000);
      const page = await newPage(browser, viewport, false);
      for (const path of PUBLIC_PAGES) await checkPage(page, path, testInfo);
      // The same docs signed in, in the console's frame.
      const signedIn = await newPage(browser, viewport, true);
      await checkPage(signedIn, "/docs/webhooks", testInfo);
      await page.context().close();
      await signedIn.context().close();
    });

    test("the navigation: a drawer behind a menu button on phones, a sidebar on desktops", async ({ browser }, testInfo) => {
      const page = await newPage(browser, viewport, true);
      await open(page, "/");
      const menu = page.getByTestId("menu-button");
      const drawer = page.getByTestId("mobile-nav");
      if (viewport.width >= 768) {
        await expect(menu).toBeHidden();
        await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
      } else {
        await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeHidden();
        await menu.click();
        await expect(drawer).toBeVisible();
        await expect(drawer.getByRole("link", { name: "Domains" })).toBeVisible();
        await expect(drawer.getByTestId("account-email")).toBeVisible();
        // Open, in either theme, the drawer and the page behind it pass axe (once its slide-in is over).
        await drawer.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
        for (const scheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          if (scheme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
          else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
          await expect(drawer).toBeVisible();
          expect(await seriousAxeViolations(page), `the open drawer in the ${scheme} theme`).toEqual([]);
          const file = testInfo.outputPath(`drawer-open-${viewport.width}-${scheme}.png`);
          await page.screenshot({ path: file });
          await testInfo.attach(`drawer open ${viewport.width}x${viewport.height} ${scheme}`, { path: file, contentType: "image/png" });
        }
        await drawer.getByRole("button", { name: "Close menu" }).click();
        await expect(drawer).toBeHidden();
        await expect(menu).toBeFocused();
        // Following a link closes the drawer too.
        await menu.click();
        await drawer.getByRole("link", { name: "Domains" }).click();
        await expect(page).toHaveURL(/\/domains$/);
        await expect(drawer).toBeHidden();
        await expect(page.getByRole("heading", { name: "Domains", level: 1 })).toBeVisible();
        // Escape closes it as well.
        await menu.click();
        await expect(drawer).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(drawer).toBeHidden();
      }
      await page.context().close();
    });
  });
}

test("the theme switch overrides the system's choice, and remembers it", async ({ browser }) => {
  const page = await newPage(browser, { width: 1280, height: 800 }, true);
  await page.emulateMedia({ colorScheme: "light" });
  await open(page, "/");
  await page.getByTestId("theme-toggle").click();
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.getByTestId("theme-toggle").click();
  await page.getByRole("menuitemradio", { name: "System" }).click();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await page.context().close();
});

test("times read relatively, with the exact UTC time on hover", async ({ browser }) => {
  const page = await newPage(browser, { width: 1280, height: 800 }, true);
  await open(page, "/emails");
  const created = page.getByTestId("email-row").first().locator("time");
  await expect(created).toHaveText(/ago$|^just now$/);
  await expect(created).toHaveAttribute("title", /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
  await page.context().close();
});

test("copy buttons put the value on the clipboard and say so", async ({ browser }) => {
  const page = await newPage(browser, { width: 1280, height: 800 }, true);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await open(page, `/emails/${emailId}`);
  await page.getByRole("button", { name: "Copy email id" }).click();
  await expect(page.getByText("Copied to the clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(emailId);
  await page.context().close();
});

test("a sign-out is confirmed in a toast", async ({ browser }) => {
  // A throwaway session: signing out ends it for every context sharing the cookie.
  const page = await newPage(browser, { width: 1280, height: 800 }, false);
  await signUp(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to Posthaste" })).toBeVisible();
  await expect(page.getByText("Signed out")).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.context().close();
});

test("unknown paths: a page in the site's frame for browsers, the API's envelope for API clients", async ({ browser, request }) => {
  const page = await newPage(browser, { width: 1280, height: 800 }, false);
  const response = await page.goto("/no-such-page");
  expect(response!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page does not exist" })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("main")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Site" })).toBeVisible();
  await page.context().close();

  for (const [method, path] of [
    ["GET", "/no-such-page"],
    ["POST", "/nowhere?x=1"],
    ["GET", "/api/nope"],
    ["GET", "/v1/nope"],
  ]) {
    const res = await request.fetch(path, { method, headers: { accept: "application/json" } });
    expect(res.status(), path).toBe(404);
    expect(res.headers()["content-type"], path).toMatch(/application\/json/);
    const body = await res.json();
    expect(body.error.type, path).toBe("not_found");
    expect(body.error.message, path).toContain(`No endpoint ${method} ${path.split("?")[0]}`);
  }
});

test("/docs/api keeps Scalar's page, with a way back to the docs", async ({ page }) => {
  await page.goto("/docs/api");
  await page.getByRole("navigation", { name: "Docs" }).getByRole("link", { name: "Docs", exact: true }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole("heading", { name: "Posthaste API", level: 1 })).toBeVisible();
});
