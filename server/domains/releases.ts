import { sql } from "drizzle-orm";
import { database } from "../db/client";
import { rows } from "../db/rows";
import type { Executor } from "../db/types";
import { TASKS } from "../jobs/names";
import { wake, type Task } from "../jobs/tasks";
import { log } from "../ops/log";
import { config } from "../config";
import { sesScope } from "../ses/client";
import { deleteIdentity } from "../ses/identities";
import { domainSettings } from "./settings";

/**
 * Releasing a name's provider identity when the last claim relying on it ends
 * (docs/decisions/0002-sending-domains.md, "Domain claims"). Only ses keeps one upstream (one identity per name per
 * AWS account, shared by the live claims of the name); sink/smtp keys live on the row and go
 * with it (a failed row's key is wiped where it fails). A release is a `domain_releases` row,
 * retried by the task below until SES confirms; a new claim of the name takes it over and
 * completes it before it makes a fresh identity (`takeRelease`), and the lease keeps the two
 * from running at once, so a release never deletes an identity a newer claim relies on.
 */

/** A release in flight (the task's or a new claim's) is not started again for this long. */
const LEASE_MS = 2 * 60_000;
const BATCH = 10;

/** Whether the provider keeps an identity per name upstream that a release must delete. */
const hasUpstreamIdentity = (provider: string) => provider === "ses";

/** The identities this process can release: none unless it is configured for ses. */
const scopeHere = () => (config().mailProvider === "ses" ? sesScope() : null);

/**
 * Call in the transaction that ended a claim (row deleted or failed), under `lockDomainName`:
 * queues the release of the name's upstream identity when no live claim of it remains.
 * Returns whether one was queued (then `wake(TASKS.domainRelease)` after the commit).
 */
export async function releaseIfUnclaimed(tx: Executor, name: string, provider: string): Promise<boolean> {
  if (!hasUpstreamIdentity(provider)) return false;
  const [live] = await rows<{ id: string }>(
    tx,
    sql`select id from domains where name = ${name} and provider = ${provider} and status <> 'failed' limit 1`,
  );
  if (live) return false;
  // Queued where the claim lived: a process on another provider has nowhere to release it.
  const scope = scopeHere() ?? "unconfigured";
  await rows(
    tx,
    sql`insert into domain_releases (name, provider, scope, next_attempt_at) values (${name}, ${provider}, ${scope}, now())
        on conflict (name) do update set next_attempt_at = least(domain_releases.next_attempt_at, now())`,
  );
  return true;
}

export const wakeReleases = () => wake(TASKS.domainRelease);

/**
 * For a new claim, in its transaction under `lockDomainName`: "busy" when a release of the
 * name is in flight (the claim must not start: it would race the delete), "taken" when one
 * was pending (this claim now holds its lease and completes it with `completeRelease` or hands
 * it back with `returnRelease`), "none" otherwise.
 */
export async function takeRelease(tx: Executor, name: string): Promise<{ state: "busy" | "none" } | { state: "taken"; lease: Date }> {
  const [pending] = await rows<{ busy: boolean }>(
    tx,
    sql`select coalesce(lease_until > now(), false) as busy from domain_releases where name = ${name} for update`,
  );
  if (!pending) return { state: "none" };
  if (pending.busy) return { state: "busy" };
  const lease = new Date(Date.now() + LEASE_MS);
  await rows(tx, sql`update domain_releases set lease_until = ${lease.toISOString()} where name = ${name}`);
  return { state: "taken", lease };
}

/** The upstream identity is gone: the release is done (only while `lease` is still its lease). */
export async function completeRelease(name: string, lease: Date): Promise<void> {
  const { rows: run } = await database();
  await run(sql`delete from domain_releases where name = ${name} and lease_until = ${lease.toISOString()}`);
}

/** The delete failed: back to the queue, due after a backoff (30 s doubling to an hour). */
export async function returnRelease(name: string, lease: Date, error: string): Promise<void> {
  const { rows: run } = await database();
  await run(sql`
    update domain_releases
    set lease_until = null, attempts = attempts + 1, last_error = ${error.slice(0, 500)},
        next_attempt_at = now() + make_interval(secs => least(30 * power(2, least(attempts, 7)), 3600))
    where name = ${name} and lease_until = ${lease.toISOString()}`);
}

/** Deletes the name's identity upstream (NotFound counts as deleted); the error's name when it failed. */
export async function deleteUpstream(name: string, provider: string): Promise<string | null> {
  if (!hasUpstreamIdentity(provider)) return null;
  try {
    await deleteIdentity(name);
    return null;
  } catch (err) {
    return (err as Error).name || (err as Error).message || String(err);
  }
}

/**
 * Claims due releases (SKIP LOCKED, not in flight) under a lease and completes each; `names`
 * narrows it to those (a remove or an account deletion releasing at once, due or not).
 */
async function runDue(stopping?: AbortSignal, names?: string[]): Promise<number> {
  const scope = scopeHere();
  if (scope === null) return 0;
  const { rows: run } = await database();
  const lease = new Date(Date.now() + LEASE_MS);
  const which = names
    ? sql`name in (${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )})`
    : sql`next_attempt_at <= now()`;
  const due = await run<{ name: string; provider: string; attempts: number }>(sql`
    update domain_releases set lease_until = ${lease.toISOString()}
    where name in (
      select name from domain_releases
      where ${which} and scope = ${scope} and (lease_until is null or lease_until <= now())
      order by next_attempt_at
      limit ${BATCH}
      for update skip locked)
    returning name, provider, attempts`);
  for (const release of due) {
    if (stopping?.aborted) {
      await run(sql`update domain_releases set lease_until = null where name = ${release.name} and lease_until = ${lease.toISOString()}`);
      continue;
    }
    const error = await deleteUpstream(release.name, release.provider);
    if (error === null) {
      await completeRelease(release.name, lease);
    } else {
      log().warn({ domain: release.name, attempts: release.attempts + 1, error }, "domains: the provider did not release the identity yet");
      await returnRelease(release.name, lease, error);
    }
  }
  return due.length;
}

/**
 * Releases these names now, in this request (a refusal leaves them to the task, woken too):
 * removing a domain answers with its identity already gone in the usual case.
 */
export async function releaseNow(names: string[]): Promise<void> {
  if (!names.length) return;
  try {
    for (let i = 0; i < names.length; i += BATCH) await runDue(undefined, names.slice(i, i + BATCH));
  } catch (err) {
    log().warn({ err }, "domains: releasing at once failed; the task retries");
  }
  wakeReleases();
}

/** Provider identities of names no claim holds any more, deleted until the provider confirms. */
export const domainReleaseTask: Task = {
  name: TASKS.domainRelease,
  runOnce: (stopping) => runDue(stopping),
  get idleIntervalMs() {
    return domainSettings.sweepIntervalMs();
  },
  batchSize: BATCH,
  cron: "* * * * *",
};
