import { sql } from "drizzle-orm";
import { database } from "../db/client";
import { shapedQuery } from "../db/shaped";
import { PLANS, runCompiled } from "../db/statements";
import { TASKS } from "../jobs/names";
import { wake } from "../jobs/tasks";
import { newId } from "../lib/ids";
import { IN_HAND_LEASE_SECONDS, parseInHand, releaseInHand, reserveInHand } from "./in-hand";
import type { StoredInbound } from "./parse-message";

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
 * one statement (all or none; compiled once, the raw sent once as base64). Then the rows
 * are parsed in this process with the bytes in hand when it has room (stored leased to it,
 * in-hand.ts), else the inbound-parse task is woken to claim them. Returns the rows' ids.
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
  const rows: StoredInbound[] = [...byAccount].map(([accountId, receivedFor]) => ({
    id: newId(now.getTime()),
    accountId,
    mailFrom: m.mailFrom,
    clientIp: m.clientIp,
    helo: m.helo.slice(0, 255),
    receivedFor,
    createdAt: now,
  }));
  const inHand = reserveInHand(rows.length, raw.length);
  const lease = inHand ? sql`1, now() + make_interval(secs => ${IN_HAND_LEASE_SECONDS}::int)` : sql`0, null`;
  const query = shapedQuery(sql`insert into inbound_emails
      (id, account_id, received_for, mail_from, client_ip, helo, size, raw, created_at, parse_attempts, parse_lease_until)
    select r.id, r.account_id, r.received_for, ${m.mailFrom}, ${m.clientIp}, ${m.helo.slice(0, 255)}, ${raw.length}::int,
      decode(${raw.toString("base64")}, 'base64'), ${now.toISOString()}::timestamptz, ${lease}
    from json_to_recordset(${JSON.stringify(rows.map((r) => ({ id: r.id, account_id: r.accountId, received_for: r.receivedFor })))}::json)
      as r(id text, account_id text, received_for jsonb)`);
  try {
    await runCompiled(await database(), PLANS.default, query);
  } catch (err) {
    if (inHand) releaseInHand(rows.length, raw.length);
    throw err;
  }
  if (inHand) parseInHand(rows, raw);
  else wake(TASKS.inboundParse);
  return rows.map((r) => r.id);
}
