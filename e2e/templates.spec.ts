import { expect, test } from "@playwright/test";
import { open, seriousAxeViolations, signUp } from "./helpers";

/**
 * A template from the dashboard: create it, edit the source beside the live preview (in a
 * sandboxed frame), publish it, see its versions, and send a test to the owner's address.
 */
test("create, preview, publish and send a template", async ({ page }) => {
  test.setTimeout(120_000);
  const owner = await signUp(page);
  await open(page, "/templates");
  await expect(page.getByRole("heading", { name: "Templates", level: 1 })).toBeVisible();
  await page.getByLabel("Name").fill("Welcome mail");
  await page.getByRole("button", { name: "Create template" }).click();
  await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("template-status")).toContainText("draft");

  // The preview follows the source, values escaped, in a frame that runs no scripts.
  const frame = page.getByTestId("html-preview");
  await expect(frame).toHaveAttribute("sandbox", "");
  await page.getByLabel("HTML").fill("<h1>Hi {{{NAME}}}</h1><script>document.title='x'</script>");
  await page.getByLabel("Fallback (optional)").first().fill("<Ann>");
  await expect(page.frameLocator('[data-testid="html-preview"]').locator("h1")).toHaveText("Hi <Ann>");
  await expect(page.getByTestId("preview-subject")).toContainText("Welcome, <Ann>");
  // An undeclared placeholder is named before saving.
  await page.getByLabel("HTML").fill("<h1>Hi {{{NAME}}} {{{WHO}}}</h1>");
  await expect(page.getByTestId("preview-error")).toContainText("{{{WHO}}}");
  await page.getByLabel("HTML").fill("<h1>Hi {{{NAME}}}</h1>");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Saved: publish to send this version")).toBeVisible();

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("template-status")).toContainText("published");
  await expect(page.getByTestId("versions")).toContainText("Version 1 (sending)");
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Send a test" }).click();
  await expect(page.getByText("Test sent to your address")).toBeVisible();
  await open(page, "/emails");
  // Sent from the sandbox sender (the template has no from) to the owner's own address.
  const row = page.getByRole("row", { name: /\[Test\] Welcome, <Ann>/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText(owner);
});
