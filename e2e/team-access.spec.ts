import { expect, test, type Browser, type Page } from "@playwright/test";
import { approve, createKey, mailTo, open, PASSWORD, seriousAxeViolations, signUp, uniqueEmail, v1 } from "./helpers";

/**
 * Issue #28, item 4: the API keys page says who made each key, and removing a member asks in
 * the same dialog what becomes of the keys they made: revoked (the default) or handed over to
 * the owner removing them.
 */

/** Invites `email` from the owner's Team page; the colleague accepts in a browser of their own and signs in. */
async function colleague(page: Page, browser: Browser, owner: string, email: string): Promise<Page> {
  await open(page, "/team");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}`).first()).toBeVisible();
  const text = await mailTo(email, `${owner} invited you to their Posthaste account`);
  const url = new URL(/(https?:\/\/\S+\/accept-invite\?token=\S+)/.exec(text)![1]);
  const theirs = await (await browser.newContext()).newPage();
  await open(theirs, url.pathname + url.search);
  await theirs.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await theirs.getByLabel("Confirm password").fill(PASSWORD);
  await theirs.getByRole("button", { name: "Join and sign in" }).click();
  await expect(theirs.getByRole("heading", { name: "Overview" })).toBeVisible();
  return theirs;
}

test("keys show their creator; removing a member revokes their keys, or hands them over when the owner chooses", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const owner = await signUp(page);
  // Awaiting review, the account invites nobody, and the page says why.
  await open(page, "/team");
  await expect(page.getByTestId("invite-refused")).toContainText("awaits review");
  await expect(page.getByRole("button", { name: "Send invitation" })).toHaveCount(0);
  await approve(owner);
  await expect(async () => {
    await open(page, "/team");
    await expect(page.getByRole("button", { name: "Send invitation" })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  const kept = uniqueEmail("kept");
  const gone = uniqueEmail("gone");
  const keptPage = await colleague(page, browser, owner, kept);
  const keptKey = await createKey(keptPage, "kept-key");
  const gonePage = await colleague(page, browser, owner, gone);
  const goneKey = await createKey(gonePage, "gone-key");
  await createKey(page, "owner-key");

  // The keys page names each key's maker.
  await open(page, "/api-keys");
  const row = (name: string) => page.getByTestId("api-key-row").filter({ hasText: name });
  await expect(row("kept-key").getByTestId("made-by")).toHaveText(kept);
  await expect(row("gone-key").getByTestId("made-by")).toHaveText(gone);
  await expect(row("owner-key").getByTestId("made-by")).toHaveText(owner);

  // Removed with the default choice: the key stops at once.
  await open(page, "/team");
  await page.getByTestId("member-row").filter({ hasText: gone }).getByRole("button", { name: "Remove" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("They made 1 API key");
  await expect(dialog.getByRole("radio", { name: /Revoke and delete them/ })).toBeChecked();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Remove member" }).click();
  await expect(page.getByText(`${gone} removed; 1 API key revoked`)).toBeVisible();
  expect((await v1(baseURL!, "GET", "/v1/api-keys", goneKey)).status).toBe(401);

  // Removed with "hand over": the key keeps working and is now the owner's.
  await page.getByTestId("member-row").filter({ hasText: kept }).getByRole("button", { name: "Remove" }).click();
  await page
    .getByRole("alertdialog")
    .getByRole("radio", { name: /Hand them over to me/ })
    .check();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove member" }).click();
  await expect(page.getByText(`${kept} removed; 1 API key is now yours`)).toBeVisible();
  await expect(page.getByTestId("member-row")).toHaveCount(1);
  expect((await v1(baseURL!, "GET", "/v1/api-keys", keptKey)).status).toBe(200);
  await open(page, "/api-keys");
  await expect(row("kept-key").getByTestId("made-by")).toHaveText(owner);
  await expect(row("gone-key")).toHaveCount(0);

  // The removed colleagues are signed out.
  await open(keptPage, "/api-keys");
  await expect(keptPage).toHaveURL(/\/sign-in/);
  await open(gonePage, "/api-keys");
  await expect(gonePage).toHaveURL(/\/sign-in/);
});
