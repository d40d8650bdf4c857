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
 * the inbound-parse task): the sender's authentication results and the MIME parse, then
 * the row written parsed with its attachments and event (grouped with others, settle.ts),
 * or marked failed with why when postal-mime refuses it.
 */
export async function parseStored(row: StoredInbound, raw: Buffer): Promise<void> {
  const auth = await authResults(raw, {
    mailFrom: row.mailFrom,
    clientIp: row.clientIp,
    helo: row.helo,
    mta: config().smtpSubmission.host,
  }).catch((err: unknown) => {
    log().warn({ id: row.id, error: causeOf(err) }, "inbound: authentication results could not be computed");
    return null;
  });
  let parsed: ParsedInbound;
  try {
    parsed = await parseInbound(raw);
  } catch (err) {
    await settleFailed(row.id, `the message could not be parsed: ${causeOf(err)}`, auth);
    inboundMessages.inc({ outcome: "parse_failed", reason: "mime" });
    return;
  }
  await settleParsed({ id: row.id, accountId: row.accountId, receivedFor: row.receivedFor, createdAt: row.createdAt, parsed, auth });
}

/** Logs a message whose parse did not finish: its row stays leased, and a later run of the task takes it again. */
export const logRetried = (id: string) => (err: unknown) =>
  log().error({ id, error: causeOf(err) }, "inbound: a message could not be parsed; it is retried");
