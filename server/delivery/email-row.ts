import { eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { emailContents, emails } from "../db/schema";

/** A message as dispatch renders it: its status row and its content, stored beside it (decision 0045). */
export type EmailRow = typeof emails.$inferSelect & Omit<typeof emailContents.$inferSelect, "emailId">;

/** An EmailRow's columns: the row's own, and its content's (none once retention pruned it). */
const columns = {
  ...getTableColumns(emails),
  html: emailContents.html,
  text: emailContents.text,
  attachments: sql`coalesce(${emailContents.attachments}, '[]'::jsonb)`.mapWith(
    emailContents.attachments,
  ) as unknown as typeof emailContents.attachments,
  templateVariables: emailContents.templateVariables,
};

/** The messages of `ids` with their content; `= any(array)`: one statement text for any number (prepared once). */
export function selectEmailRows(db: Db, ids: string[]): Promise<EmailRow[]> {
  return db
    .select(columns)
    .from(emails)
    .leftJoin(emailContents, eq(emailContents.emailId, emails.id))
    .where(sql`${emails.id} = any(${sql.param(ids)}::text[])`) as Promise<EmailRow[]>;
}
