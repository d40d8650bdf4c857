import { sql } from "drizzle-orm";
import { database } from "../db/client";
import { jsonRows } from "../db/json-rows";
import { inboundEmails } from "../db/schema";
import { shapedQuery } from "../db/shaped";
import { PLANS, runCompiled } from "../db/statements";
import { TASKS } from "../jobs/names";
import { wake } from "../jobs/tasks";
import { groupedWriter } from "../lib/grouped";
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
/** Envelope text as stored: no control characters (PostgreSQL text holds no NUL), capped. */
const storable = (text: string, max: number) => text.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, max);

/** One message's rows as one store writes them (one per account among its recipients). */
interface ToStore {
  rows: StoredInbound[];
  raw: Buffer;
  /** Parsed in this process (in-hand.ts): the rows are stored leased to it. */
  leased: boolean;
}

/** An inbound row as the store sends it: the raw message as base64, and whether this process parses it. */
const STORED = jsonRows(inboundEmails, ["id", "accountId", "receivedFor", "mailFrom", "clientIp", "helo", "size", "raw", "createdAt"], {
  sentAs: { raw: "text" },
  extra: { leased: "boolean" },
});

/**
 * Inserts messages in ONE statement (one commit for all the messages whose DATA ended
 * meanwhile, groupedWriter), each raw message as base64 (a third fewer bytes than bytea's
 * hex), one text for any number: compiled once, named.
 */
async function insertAll(messages: ToStore[]): Promise<void[]> {
  const rows = messages.flatMap((m) => {
    const raw = m.raw.toString("base64");
    return m.rows.map((r) => ({ ...r, size: m.raw.length, raw, leased: m.leased }));
  });
  await runCompiled(
    await database(),
    PLANS.default,
    shapedQuery(sql`insert into inbound_emails (${STORED.names()}, parse_attempts, parse_lease_until)
      select ${STORED.values("r", { raw: sql`decode(r.raw, 'base64')` })},
        case when r.leased then 1 else 0 end,
        case when r.leased then now() + make_interval(secs => ${IN_HAND_LEASE_SECONDS}::int) end
      from ${STORED.from(rows, "r")}`),
  );
  return messages.map(() => undefined);
}

/** Up to 64 messages or about 32 MiB of raw a statement; a message the database refuses fails alone. */
const insertGrouped = groupedWriter<ToStore, void>(
  "inboundStore",
  { items: 64, weight: { of: (m) => m.raw.length, most: 32 * 1024 * 1024 } },
  insertAll,
);

/**
 * Stores a message before the 250 (docs/inbound.md, "Store first"): one row per account
 * among the recipients, each with the raw bytes and only its own envelope recipients, all
 * or none, in one statement with the other messages stored meanwhile. Then the rows are
 * parsed in this process with the bytes in hand when it has room (stored leased to it,
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
    mailFrom: storable(m.mailFrom, 998),
    clientIp: m.clientIp,
    helo: storable(m.helo, 255),
    receivedFor,
    createdAt: now,
  }));
  const leased = reserveInHand(rows.length, raw.length);
  try {
    await insertGrouped({ rows, raw, leased });
  } catch (err) {
    if (leased) releaseInHand(rows.length, raw.length);
    throw err;
  }
  if (leased) parseInHand(rows, raw);
  else wake(TASKS.inboundParse);
  return rows.map((r) => r.id);
}
