import { config } from "../config";
import { log } from "../ops/log";
import { inboundMessages } from "../ops/metrics";
import { causeOf } from "../smtp/serve";
import { authResults } from "./auth-results";
import { parseInbound, type ParsedInbound } from "./parse";
import { settleFailed, settleParsed } from "./settle";

/** A stored message's row as parsing needs it: who it is for and how it arrived. */
export interface StoredInbound {
  id: string;
  accountId: string;
  mailFrom: string;
  clientIp: string;
  helo: string;
  receivedFor: string[];
  createdAt: Date;
}

/**
 * Parses one stored message, wherever it is parsed (in the process that stored it, or by
 * the inbound-parse task): the sender's authentication results and the MIME parse, once
 * for all its rows (one per account among its recipients: same bytes, same envelope), then
 * each row written parsed with its attachments and event (grouped with others, settle.ts),
 * or marked failed with why when postal-mime refuses it.
 */
export async function parseStored(rows: StoredInbound[], raw: Buffer): Promise<void> {
  const [first] = rows;
  if (!first) return;
  const auth = await authResults(raw, {
    mailFrom: first.mailFrom,
    clientIp: first.clientIp,
    helo: first.helo,
    mta: config().smtpSubmission.host,
  }).catch((err: unknown) => {
    log().warn({ ids: rows.map((r) => r.id), error: causeOf(err) }, "inbound: authentication results could not be computed");
    return null;
  });
  let parsed: ParsedInbound;
  try {
    parsed = await parseInbound(raw);
  } catch (err) {
    for (const row of rows) {
      await settleFailed(row.id, `the message could not be parsed: ${causeOf(err)}`, auth);
      inboundMessages.inc({ outcome: "parse_failed", reason: "mime" });
    }
    return;
  }
  await Promise.all(
    rows.map((row) =>
      settleParsed({ id: row.id, accountId: row.accountId, receivedFor: row.receivedFor, createdAt: row.createdAt, parsed, auth }),
    ),
  );
}

/** Logs a message whose parse did not finish: its rows stay leased, and a later run of the task takes them again. */
export const logRetried = (ids: string[]) => (err: unknown) =>
  log().error({ ids, error: causeOf(err) }, "inbound: a message could not be parsed; it is retried");
