import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { describe, expect, it } from "vitest";
import { migrationsBefore } from "./support/migrations";

/**
 * Upgrading an installation whose messages hold their content (migration 0023) to content
 * beside the status rows (0024, decision 0045): every message's html, text, attachments and
 * a template's values move to email_contents unchanged; a message retention already
 * pruned gets no content row; the emails columns go.
 */
describe("migration 0024: message content moves beside the status rows", () => {
  it("moves each message's content unchanged, none for pruned messages, and drops the columns", async () => {
    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore("0024_email_contents") });

    await client.exec(`insert into accounts (id, email, plan) values ('acc', 'a@example.com', 'free')`);
    const email = (id: string, content: { html?: string; text?: string; attachments?: unknown[]; values?: Record<string, string> }) =>
      client.query(
        `insert into emails (id, account_id, status, "from", "to", recipient_count, message_id, search_text, html, text, attachments, template_variables)
         values ($1, 'acc', 'delivered', 'n@example.com', '["r@example.org"]', 1, $1, '', $2, $3, $4::jsonb, $5::jsonb)`,
        [
          id,
          content.html ?? null,
          content.text ?? null,
          JSON.stringify(content.attachments ?? []),
          content.values ? JSON.stringify(content.values) : null,
        ],
      );
    const attachment = { filename: "a.txt", content: "YQ==", contentType: "text/plain" };
    await email("html-and-text", { html: "<p>Hi ‘you’</p>", text: "Hi 'you'" });
    await email("attachment-only", { text: "", attachments: [attachment] });
    await email("template", { values: { name: "Ada" } });
    await email("pruned", {});

    await migrate(db, { migrationsFolder: path.resolve("drizzle") });

    const { rows } = await client.query(
      `select email_id, html, text, attachments, template_variables from email_contents order by email_id`,
    );
    expect(rows).toEqual([
      { email_id: "attachment-only", html: null, text: "", attachments: [attachment], template_variables: null },
      { email_id: "html-and-text", html: "<p>Hi ‘you’</p>", text: "Hi 'you'", attachments: [], template_variables: null },
      { email_id: "template", html: null, text: null, attachments: [], template_variables: { name: "Ada" } },
    ]);
    const { rows: left } = await client.query<{ column_name: string }>(
      `select column_name from information_schema.columns
       where table_name = 'emails' and column_name in ('html', 'text', 'attachments', 'template_variables')`,
    );
    expect(left).toEqual([]);
    const { rows: kept } = await client.query(`select count(*)::int as n from emails`);
    expect(kept).toEqual([{ n: 4 }]);
    await client.close();
  });
});
