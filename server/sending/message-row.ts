/**
 * The row an accepted message becomes: its own columns and their types, as prepare()
 * fills them. The rows travel as one JSON parameter read by json_to_recordset. The
 * account, the acceptance time and what follows from them (status, first attempt) are
 * added by the statement, so the JSON carries (and PostgreSQL parses) only what differs per message.
 */
export const ROW_COLUMNS = {
  id: "text",
  from: "text",
  to: "jsonb",
  cc: "jsonb",
  bcc: "jsonb",
  reply_to: "jsonb",
  subject: "text",
  html: "text",
  text: "text",
  headers: "jsonb",
  tags: "jsonb",
  attachments: "jsonb",
  rewritten_recipients: "jsonb",
  bulk: "boolean",
  test_mode: "boolean",
  source: "text",
  domain_id: "text",
  recipient_count: "int",
  idempotency_key: "text",
  message_id: "text",
  search_text: "text",
  scheduled_at: "timestamptz",
  template_id: "text",
  template_version_id: "text",
  template_variables: "jsonb",
} as const;

/** A message's own columns (ROW_COLUMNS), as sent to the insert. */
export type EmailRowJson = Record<keyof typeof ROW_COLUMNS, unknown>;

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
