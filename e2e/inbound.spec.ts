import { randomUUID } from "node:crypto";
import path from "node:path";
import { expect, test } from "@playwright/test";
import postgres from "postgres";
import { pgliteSocketPath } from "../server/db/socket-path";
import { open, seriousAxeViolations, signUp } from "./helpers";

/**
 * A received message for the account of `owner`, written as the MX listener and its parse
 * task leave one (status parsed, raw bytes, an attachment), through the embedded database's
 * socket as the CLI reaches it: exact authentication verdicts and content to check the page
 * against. Delivery over SMTP to the MX listener is the receiving journey in e2e/console.spec.ts.
 */
async function receive(owner: string, message: { subject: string; html: string; text: string; attachment: string }): Promise<string> {
  if (!process.env.E2E_SCRATCH || process.env.E2E_BASE_URL) throw new Error("seeding needs the server playwright.config.ts starts");
  const sql = postgres({ path: pgliteSocketPath(path.join(process.env.E2E_SCRATCH, "db")), max: 1, onnotice: () => {} });
  try {
    const [account] = await sql<{ id: string }[]>`select id from accounts where lower(email) = lower(${owner})`;
    const id = randomUUID();
    const raw = Buffer.from(
      `From: Ada <ada@example.com>\r\nTo: support@in.example.com\r\nSubject: ${message.subject}\r\n\r\n${message.text}\r\n`,
    );
    const auth = { spf: "pass", dkim: "fail", dmarc: "none", arc: "none", header: "mx.test; spf=pass" };
    await sql`insert into inbound_emails (id, account_id, status, mail_from, received_for, client_ip, helo, auth, size, raw,
        message_id, "from", "to", subject, text, html, headers, parsed_at)
      values (${id}, ${account.id}, 'parsed', 'ada@example.com', ${sql.json(["support@in.example.com"])}, '192.0.2.1', 'mail.example.com',
        ${sql.json(auth)}, ${raw.length}, ${raw}, ${`<${id}@example.com>`}, 'Ada <ada@example.com>', ${sql.json(["support@in.example.com"])},
        ${message.subject}, ${message.text}, ${message.html}, ${sql.json({ subject: message.subject, "x-mailer": "e2e" })}, now())`;
    const content = Buffer.from(message.attachment);
    await sql`insert into inbound_attachments (id, inbound_email_id, account_id, filename, content_type, content_disposition, size, content)
      values (${randomUUID()}, ${id}, ${account.id}, 'notes.txt', 'text/plain', 'attachment', ${content.length}, ${content})`;
    return id;
  } finally {
    await sql.end();
  }
}

test("read a received message: sandboxed HTML, text, authentication badges and downloads", async ({ page }) => {
  test.setTimeout(120_000);
  const owner = await signUp(page);
  await open(page, "/inbound");
  await expect(page.getByRole("heading", { name: "Inbound", level: 1 })).toBeVisible();
  await expect(page.getByTestId("inbound-empty")).toContainText("turn on receiving");

  await receive(owner, {
    subject: "Question about my order",
    html: "<h1>Where is my parcel?</h1><script>parent.document.title='owned'</script>",
    text: "Where is my parcel?",
    attachment: "order 1234",
  });
  await open(page, "/inbound");
  const row = page.getByTestId("inbound-row").filter({ hasText: "Question about my order" });
  await expect(row).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByLabel("Search").fill("parcel order");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No received mail matches.")).toBeVisible();
  await page.getByLabel("Search").fill("question about");
  await page.getByRole("button", { name: "Search" }).click();
  await row.getByRole("link").click();

  await expect(page.getByRole("heading", { name: "Question about my order", level: 1 })).toBeVisible();
  const frame = page.getByTestId("inbound-html");
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(page.frameLocator('[data-testid="inbound-html"]').locator("h1")).toHaveText("Where is my parcel?");
  // The message's script never ran: the frame has no scripts and no access to this page.
  expect(await page.title()).not.toBe("owned");
  await expect(page.getByTestId("auth-results")).toContainText("SPF: pass");
  await expect(page.getByTestId("auth-results")).toContainText("DKIM: fail");
  expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "Text" }).click();
  await expect(page.getByTestId("inbound-text")).toContainText("Where is my parcel?");

  const attachment = page.waitForEvent("download");
  await page.getByRole("link", { name: "notes.txt" }).click();
  const file = await attachment;
  expect(file.suggestedFilename()).toBe("notes.txt");
  expect((await import("node:fs")).readFileSync(await file.path(), "utf8")).toBe("order 1234");

  const raw = page.waitForEvent("download");
  await page.getByTestId("raw-download").click();
  expect((await raw).suggestedFilename()).toMatch(/\.eml$/);
});
