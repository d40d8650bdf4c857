import { sql } from "drizzle-orm";
import { database } from "../db/client";
import { domains } from "../db/schema";
import type { Task } from "../jobs/tasks";
import { TASKS } from "../jobs/names";
import { checkDomain, type DomainRow } from "./check";
import { domainSettings } from "./settings";
import { log } from "../ops/log";

const BATCH = 10;
/** A claimed domain is not due again for this long, so a crashed worker's claim lapses. */
const LEASE_MS = 5 * 60_000;

/** Claims due domains of one status (SKIP LOCKED: instances never take the same one). */
async function claimDue(status: "pending" | "verified"): Promise<DomainRow[]> {
  const { db } = await database();
  const lease = new Date(Date.now() + LEASE_MS);
  const claimed = await db
    .update(domains)
    .set({ nextCheckAt: lease })
    .where(
      sql`${domains.id} in (
      select id from domains
      where status = ${status} and next_check_at <= now()
      order by next_check_at
      limit ${BATCH}
      for update skip locked)`,
    )
    .returning();
  // The claim moved nextCheckAt; the check sets the real next time.
  return claimed;
}

async function runDue(status: "pending" | "verified", mode: "poll" | "health"): Promise<number> {
  const due = await claimDue(status);
  await Promise.all(
    due.map((row) =>
      checkDomain(row, mode).catch((err) => {
        log().error({ err, domain: row.name, mode }, "domains: check failed");
      }),
    ),
  );
  return due.length;
}

/** Pending domains, polled on DOMAIN_POLL_SCHEDULE until verified or given up on. */
export const domainPollTask: Task = {
  name: TASKS.domainPoll,
  runOnce: () => runDue("pending", "poll"),
  get idleIntervalMs() {
    return domainSettings.sweepIntervalMs();
  },
  cron: "* * * * *",
};

/** Verified domains, re-checked every DOMAIN_HEALTH_INTERVAL: sets or clears dnsRegressedAt. */
export const domainHealthTask: Task = {
  name: TASKS.domainHealth,
  runOnce: () => runDue("verified", "health"),
  get idleIntervalMs() {
    return domainSettings.sweepIntervalMs();
  },
  cron: "*/15 * * * *",
};
