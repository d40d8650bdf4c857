import { and, eq } from "drizzle-orm";
import PostalMime from "postal-mime";
import { database } from "../db/client";
import { emails, sinkMessages } from "../db/schema";
import { ownedOrThrow } from "../lib/owned";
import type { SinkMessage } from "./schemas";

/** The message the `sink` provider kept for one of the account's emails, parsed for display. */
export async function readSinkMessage(accountId: string, emailId: string): Promise<SinkMessage> {
  const { db } = await database();
  const row = await ownedOrThrow("Stored message", emailId, async () => {
    const [found] = await db
      .select({ raw: sinkMessages.raw })
      .from(sinkMessages)
      .innerJoin(emails, eq(emails.id, sinkMessages.emailId))
      .where(and(eq(sinkMessages.emailId, emailId), eq(emails.accountId, accountId)))
      // A bulk message keeps one copy per recipient; the dashboard shows the first.
      .orderBy(sinkMessages.recipients)
      .limit(1);
    return found;
  });
  const parsed = await PostalMime.parse(row.raw);
  return {
    raw: row.raw,
    subject: parsed.subject ?? null,
    html: parsed.html ?? null,
    text: parsed.text ?? null,
    headers: parsed.headers.map((h) => ({ key: h.key, value: h.value })),
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename,
      mimeType: a.mimeType,
      size: typeof a.content === "string" ? a.content.length : a.content.byteLength,
    })),
  };
}
