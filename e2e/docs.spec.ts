import { expect, test } from "@playwright/test";

/** /docs/api renders the served document with the bundled renderer, asking no other host for anything. */
test("the API reference renders /v1/openapi.json offline", async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on("request", (req) => {
    if (!req.url().startsWith(baseURL!) && !req.url().startsWith("data:") && !req.url().startsWith("blob:")) foreign.push(req.url());
  });
  await page.goto("/docs/api");
  await expect(page.getByText("Posthaste API").first()).toBeVisible();
  await expect(page.getByText("Send an email").first()).toBeVisible();
  await expect(page.getByText("Send up to 100 emails").first()).toBeVisible();
  expect(foreign).toEqual([]);
});

test("the webhooks and Resend migration guides are linked from /docs", async ({ page }) => {
  await page.goto("/docs");
  // In the page, not the site navigation beside it (which links there too).
  await page.getByRole("main").getByRole("link", { name: "Webhooks", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Verifying signatures" })).toBeVisible();
  await expect(page.getByText("email.delivery_delayed").first()).toBeVisible();
  await page.goto("/docs");
  await page.getByRole("main").getByRole("link", { name: "Migrating from Resend" }).click();
  await expect(page.getByText("RESEND_BASE_URL=https://mail.example.com/v1")).toBeVisible();
});
