import { sql } from "drizzle-orm";
import { database } from "../db/client";
import { MX_FLOW_BACKLOG, MX_FLOW_TOTAL_BACKLOG } from "../limits/constants";
import { processShared } from "../lib/process-shared";

/** How fresh a reading of the backlog must be; every RCPT TO in that time shares one count. */
const READING_MS = 100;
/** How often a waiting RCPT TO looks again. */
const POLL_MS = 25;

interface Backlog {
  total: number;
  byAccount: Map<string, number>;
}

const reading = processShared("inboundBacklog", () => ({
  at: 0,
  value: { total: 0, byAccount: new Map() } as Backlog,
  pending: null as Promise<Backlog> | null,
}));

/**
 * Stored messages not parsed yet, by account, counted on the unparsed partial index up to
 * MX_FLOW_TOTAL_BACKLOG in all (every process's listener reads the same numbers, whichever
 * process parses). One count per READING_MS however many clients ask.
 */
async function backlog(): Promise<Backlog> {
  if (Date.now() - reading.at < READING_MS) return reading.value;
  reading.pending ??= (async () => {
    try {
      const { rows } = await database();
      const counted = await rows<{ account_id: string; n: number }>(
        sql`select account_id, count(*)::int as n
          from (select account_id from inbound_emails where status = 'received' limit ${MX_FLOW_TOTAL_BACKLOG}) q
          group by account_id`,
      );
      const byAccount = new Map(counted.map((r) => [r.account_id, Number(r.n)]));
      reading.value = { total: counted.reduce((sum, r) => sum + Number(r.n), 0), byAccount };
      reading.at = Date.now();
      return reading.value;
    } finally {
      reading.pending = null;
    }
  })();
  return reading.pending;
}

const held = (b: Backlog, accountId: string) => b.total >= MX_FLOW_TOTAL_BACKLOG || (b.byAccount.get(accountId) ?? 0) >= MX_FLOW_BACKLOG;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits before taking a recipient of `accountId` while that account's parse backlog is at
 * MX_FLOW_BACKLOG (or everyone's at MX_FLOW_TOTAL_BACKLOG), at most `budgetMs` (what is left
 * of the message's MX_FLOW_WAIT_MS; then the recipient is taken: the message is stored
 * before its 250 and parsed when the task catches up). Arrival then follows the rate that
 * account's mail is parsed at, so the time from a 250 to its email.received stays bounded,
 * the sender is slowed rather than refused, and one account's flood holds no other
 * account's mail. Returns the milliseconds waited. `stop` ends the wait at once (shutdown).
 */
export async function awaitInboundFlow(accountId: string, budgetMs: number, stop: () => boolean): Promise<number> {
  const started = Date.now();
  while (held(await backlog(), accountId) && !stop()) {
    const waited = Date.now() - started;
    if (waited >= budgetMs) break;
    await sleep(Math.min(POLL_MS, budgetMs - waited));
  }
  return Date.now() - started;
}
