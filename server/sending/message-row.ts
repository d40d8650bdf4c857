import { getTableColumns, is } from "drizzle-orm";
import { PgBoolean, PgJsonb, PgText, type PgColumn } from "drizzle-orm/pg-core";
import { jsonRows } from "../db/json-rows";
import { emailContents, emails } from "../db/schema";

type Columns = (typeof emails)["_"]["columns"];
type ContentColumns = (typeof emailContents)["_"]["columns"];

/**
 * The emails columns an accepted message fills itself, as prepare() fills them. The rows
 * travel as one JSON parameter read by json_to_recordset. The account, the acceptance
 * time and what follows from them (status, first attempt) are added by the statement, so
 * the JSON carries (and PostgreSQL parses) only what differs per message.
 */
const OWN = [
  "id",
  "from",
  "to",
  "cc",
  "bcc",
  "replyTo",
  "subject",
  "headers",
  "tags",
  "rewrittenRecipients",
  "bulk",
  "testMode",
  "source",
  "domainId",
  "recipientCount",
  "idempotencyKey",
  "messageId",
  "searchText",
  "scheduledAt",
  "templateId",
  "templateVersionId",
] as const satisfies readonly (keyof Columns)[];

/** The message's content, stored beside its row in email_contents (decision 0045), keyed by the same id. */
const CONTENT = ["html", "text", "attachments", "templateVariables"] as const satisfies readonly (keyof ContentColumns)[];

/** A column's name in SQL, which is also its key in a row's JSON. */
export type RowColumnName = Columns[(typeof OWN)[number]]["_"]["name"] | ContentColumns[(typeof CONTENT)[number]]["_"]["name"];

export interface RowColumn {
  name: RowColumnName;
  /** Its SQL type, for json_to_recordset's record definition. */
  type: string;
  /**
   * Its default as an SQL literal, for a key left out of the JSON (no cc, no tags, not bulk,
   * …: a typical row is about a tenth shorter to send and to parse); null: left out is null.
   */
  whenOmitted: string | null;
}

/** The tables' own definitions, so a column added, renamed or retyped in the schema follows here. */
const rowColumns = <T extends typeof emails | typeof emailContents>(table: T, keys: readonly string[]): RowColumn[] => {
  const defined = getTableColumns(table) as Record<string, PgColumn>;
  return jsonRows(table, keys as never).columns.map((c, i) => ({
    name: c.name as RowColumnName,
    type: c.type,
    whenOmitted: defaultLiteral(defined[keys[i]]),
  }));
};

/** The emails row's own columns. */
export const ROW_COLUMNS: readonly RowColumn[] = rowColumns(emails, OWN);

/** The email_contents row's columns but its key (email_id: the message's id). */
export const CONTENT_COLUMNS: readonly RowColumn[] = rowColumns(emailContents, CONTENT);

/** A constant default of a text, boolean or jsonb column as an SQL literal. */
function defaultLiteral(column: PgColumn): string | null {
  if (!column.hasDefault || column.default === undefined) return null;
  const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;
  if (is(column, PgJsonb)) return `${quoted(JSON.stringify(column.default))}::jsonb`;
  if (is(column, PgBoolean)) return String(column.default === true);
  if (is(column, PgText)) return quoted(String(column.default));
  throw new Error(`message-row: no literal for the default of ${column.name}`);
}

/** A message's own columns (ROW_COLUMNS and CONTENT_COLUMNS), as sent to the insert. */
export type EmailRowJson = Record<RowColumnName, unknown>;

/** A message that passed the per-message rules: the row to store and what the limits count. */
export interface Prepared {
  row: EmailRowJson;
  id: string;
  recipients: string[];
  bulk: boolean;
  idempotencyKey: string | null;
  immediate: boolean;
  testMode: boolean;
}
