import { getTableColumns, is } from "drizzle-orm";
import { PgBoolean, PgJsonb, PgText, type PgColumn } from "drizzle-orm/pg-core";
import { jsonRows } from "../db/json-rows";
import { emails } from "../db/schema";

const columns = getTableColumns(emails);

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
  "html",
  "text",
  "headers",
  "tags",
  "attachments",
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
  "templateVariables",
] as const satisfies readonly (keyof typeof columns)[];

/** A column's name in SQL, which is also its key in a row's JSON. */
export type RowColumnName = (typeof columns)[(typeof OWN)[number]]["_"]["name"];

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

/** The table's own definitions, so a column added, renamed or retyped in the schema follows here. */
export const ROW_COLUMNS: readonly RowColumn[] = jsonRows(emails, OWN).columns.map((c, i) => ({
  name: c.name as RowColumnName,
  type: c.type,
  whenOmitted: defaultLiteral(columns[OWN[i]]),
}));

/** A constant default of a text, boolean or jsonb column as an SQL literal. */
function defaultLiteral(column: PgColumn): string | null {
  if (!column.hasDefault || column.default === undefined) return null;
  const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;
  if (is(column, PgJsonb)) return `${quoted(JSON.stringify(column.default))}::jsonb`;
  if (is(column, PgBoolean)) return String(column.default === true);
  if (is(column, PgText)) return quoted(String(column.default));
  throw new Error(`message-row: no literal for the default of ${column.name}`);
}

/** A message's own columns (ROW_COLUMNS), as sent to the insert. */
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
