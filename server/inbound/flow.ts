import { sql } from "drizzle-orm";
import { database } from "../db/client";
import { MX_FLOW_BACKLOG, MX_FLOW_WAIT_MS } from "../limits/constants";
import { processShared } from "../lib/process-shared";

/** How fresh a reading of the backlog must be; every MAIL FROM in that time shares one count. */
const READING_MS = 100;
/** How often a waiting MAIL FROM looks again. */
const POLL_MS = 25;

const reading = processShared("inboundBacklog", () => ({ at: 0, value: 0, pending: null as Promise<number> | null }));

/**
 * Stored messages the inbound-parse task has not parsed yet, counted up to the flow
 * threshold on the unparsed partial index (every process's listener reads the same
 * number, whichever process parses). One count per READING_MS however many clients ask.
 */
async function backlog(): Promise<number> {
  if (Date.now() - reading.at < READING_MS) return reading.value;
  reading.pending ??= (async () => {
    try {
      const { rows } = await database();
      const [row] = await rows<{ n: number }>(
        sql`select count(*)::int as n from (select 1 from inbound_emails where status = 'received' limit ${MX_FLOW_BACKLOG}) q`,
      );
      reading.value = Number(row.n);
      reading.at = Date.now();
      return reading.value;
    } finally {
      reading.pending = null;
    }
  })();
  return reading.pending;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits before a new inbound message while the parse backlog is at MX_FLOW_BACKLOG, at
 * most MX_FLOW_WAIT_MS (then the message is taken: it is stored before its 250 and parsed
 * when the task catches up). Arrival then follows the rate mail is parsed at, so the time
 * from a 250 to its email.received stays bounded under any load, and each sender is slowed
 * rather than refused. Returns the milliseconds waited. `stop` ends the wait at once (shutdown).
 */
export async function awaitInboundFlow(stop: () => boolean): Promise<number> {
  const started = Date.now();
  while ((await backlog()) >= MX_FLOW_BACKLOG && !stop()) {
    const waited = Date.now() - started;
    if (waited >= MX_FLOW_WAIT_MS) break;
    await sleep(Math.min(POLL_MS, MX_FLOW_WAIT_MS - waited));
  }
  return Date.now() - started;
}
