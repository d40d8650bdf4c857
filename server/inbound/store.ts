import { database } from "../db/client";
import { inboundEmails } from "../db/schema";
import { TASKS } from "../jobs/names";
import { wake } from "../jobs/tasks";
import { newId } from "../lib/ids";

/** One accepted envelope recipient and the account that receives for its domain. */
export interface InboundRecipient {
  address: string;
  accountId: string;
}

export interface ReceivedMessage {
  /** The message as the client sent it (the Received line is added here). */
  raw: Buffer;
  /** MAIL FROM ("" for a bounce). */
  mailFrom: string;
  recipients: InboundRecipient[];
  clientIp: string;
  helo: string;
  /** Whether the client had switched to TLS (ESMTPS in the Received line). */
  secure: boolean;
  /** Our host name, for the Received line. */
  host: string;
}

/** What a HELO name may show in our Received line: a host name or an address literal, capped. */
const cleanHelo = (helo: string) => helo.replace(/[^A-Za-z0-9.:[\]-]/g, "").slice(0, 255) || "unknown";

/**
 * Stores a message before the 250 (docs/inbound.md, "Store first"): one row per account
 * among the recipients, each with the raw bytes and only its own envelope recipients, in
 * one statement (all or none), then wakes the inbound-parse task. Returns the rows' ids.
 */
export async function storeInbound(m: ReceivedMessage): Promise<string[]> {
  const byAccount = new Map<string, string[]>();
  for (const r of m.recipients) {
    const list = byAccount.get(r.accountId) ?? [];
    if (!list.includes(r.address)) list.push(r.address);
    byAccount.set(r.accountId, list);
  }
  const now = new Date();
  const received = Buffer.from(
    `Received: from ${cleanHelo(m.helo)} ([${m.clientIp}])\r\n\tby ${m.host} (Posthaste) with ${m.secure ? "ESMTPS" : "ESMTP"};\r\n\t${now.toUTCString()}\r\n`,
  );
  const raw = Buffer.concat([received, m.raw]);
  const rows = [...byAccount].map(([accountId, receivedFor]) => ({
    id: newId(now.getTime()),
    accountId,
    mailFrom: m.mailFrom,
    receivedFor,
    clientIp: m.clientIp,
    helo: m.helo.slice(0, 255),
    size: raw.length,
    raw,
    createdAt: now,
  }));
  const { db } = await database();
  await db.insert(inboundEmails).values(rows);
  wake(TASKS.inboundParse);
  return rows.map((r) => r.id);
}
