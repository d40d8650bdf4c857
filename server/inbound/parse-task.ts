import { eq, sql } from "drizzle-orm";
import { database } from "../db/client";
import { inboundEmails } from "../db/schema";
import { TASKS } from "../jobs/names";
import type { Task } from "../jobs/tasks";
import { inboundMessages } from "../ops/metrics";
import { logRetried, parseStored } from "./parse-message";
import { settleFailed } from "./settle";

/** Rows one run takes at most. */
const BATCH = 50;
/** Raw bytes one run holds in memory at once (at least one message, however large). */
const BYTES_IN_HAND = 64 * 1024 * 1024;
/** A run holds its rows this long; one that died (a crash) leaves them to the next run after it. */
const LEASE_SECONDS = 120;
/**
 * A message up to this size comes with its claim (base64: a third fewer bytes on the socket
 * than bytea's hex, and no second query per message); a larger one is read on its own, under
 * BYTES_IN_HAND. A whole claim's worth (BATCH of them, as base64) stays far below that bound.
 */
const RAW_WITH_CLAIM_BYTES = 256 * 1024;
/** Runs that may take a row before it is marked failed: a message that kills the parser every time stops being retried. */
const MAX_ATTEMPTS = 3;

interface Claimed {
  id: string;
  account_id: string;
  parse_attempts: number;
  size: number;
  mail_from: string;
  client_ip: string;
  helo: string;
  received_for: string[];
  created_at: string | Date;
  /** The raw message in base64 when it is at most RAW_WITH_CLAIM_BYTES (else null: read it with rawOf). */
  raw64: string | null;
}

/** Takes up to BATCH unparsed rows, oldest first, under a lease (SKIP LOCKED: runs in other processes take others). */
async function claim(): Promise<Claimed[]> {
  const { rows: run } = await database();
  return run<Claimed>(sql`
    update inbound_emails i
    set parse_attempts = i.parse_attempts + 1, parse_lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
    where i.id in (
      select id from inbound_emails
      where status = 'received' and (parse_lease_until is null or parse_lease_until < now())
      order by created_at
      limit ${BATCH}
      for update skip locked
    )
    returning i.id, i.account_id, i.parse_attempts, i.size, i.mail_from, i.client_ip, i.helo, i.received_for, i.created_at,
      case when i.size <= ${RAW_WITH_CLAIM_BYTES} then encode(i.raw, 'base64') end as raw64`);
}

async function rawOf(id: string): Promise<Buffer | null> {
  const { db } = await database();
  const [row] = await db.select({ raw: inboundEmails.raw }).from(inboundEmails).where(eq(inboundEmails.id, id)).limit(1);
  return row?.raw ? Buffer.from(row.raw) : null;
}

/** Parses one claimed row (parse-message.ts); one that outlived MAX_ATTEMPTS runs is marked failed instead. */
async function parseOne(c: Claimed): Promise<void> {
  if (c.parse_attempts > MAX_ATTEMPTS) {
    await settleFailed(c.id, `parsing did not finish in ${MAX_ATTEMPTS} attempts`);
    inboundMessages.inc({ outcome: "parse_failed", reason: "attempts" });
    return;
  }
  const raw = c.raw64 !== null ? Buffer.from(c.raw64, "base64") : await rawOf(c.id);
  c.raw64 = null; // the run keeps its claimed rows until the last is done: hold the bytes once
  if (!raw) return;
  await parseStored(
    [
      {
        id: c.id,
        accountId: c.account_id,
        mailFrom: c.mail_from,
        clientIp: c.client_ip,
        helo: c.helo,
        receivedFor: c.received_for,
        createdAt: new Date(c.created_at),
      },
    ],
    raw,
  );
}

/**
 * One run: claims unparsed rows and parses them side by side, holding at most
 * BYTES_IN_HAND of raw messages at once (always at least one). What it claimed it finishes,
 * shutdown or not (a claimed row would otherwise wait out its lease). Returns how many it took.
 */
export async function parseDue(): Promise<number> {
  const claimed = await claim();
  let inHand = 0;
  const running = new Set<Promise<void>>();
  for (const c of claimed) {
    while (running.size && inHand + c.size > BYTES_IN_HAND) await Promise.race(running);
    inHand += c.size;
    const job: Promise<void> = parseOne(c)
      .catch(logRetried([c.id]))
      .finally(() => {
        inHand -= c.size;
        running.delete(job);
      });
    running.add(job);
  }
  await Promise.all(running);
  return claimed.length;
}

export const inboundParseTask: Task = {
  name: TASKS.inboundParse,
  runOnce: parseDue,
  idleIntervalMs: 2000,
  gatherMs: 10,
  batchSize: BATCH,
  concurrency: 2,
  // MIME parsing and the sender's authentication: CPU per message, rows claimed SKIP LOCKED.
  everyProcess: true,
};
