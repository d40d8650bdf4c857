import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { TASKS } from "../jobs/names";
import { runsHere, wakeLocal } from "../jobs/tasks";
import { processShared } from "../lib/process-shared";
import { INBOUND_WEBHOOK_CONTENT_CHARS } from "../limits/constants";
import { DEADLINE_MS } from "./http-post";

/** A delivery claimed for sending, with what sending needs. */
export interface Claimed {
  id: string;
  event_id: string;
  endpoint_id: string;
  attempts: number;
  payload: { id: string; type: string; created_at: string; data: unknown };
  url: string;
  /** As stored: encrypted (or plaintext from before encryption); see signing-secret.ts. */
  secret: string;
  enabled: boolean;
  suspended_by_plan: boolean;
  account_id: string;
  /** A test event (server/webhooks/test-event.ts): one attempt, not counted in the endpoint's health. */
  test: boolean;
  /** email.received to an endpoint with include_content: the parsed text and html, capped (else absent or null). */
  content?: { text: string | null; html: string | null } | null;
}

/**
 * Where each field of a Claimed comes from, over a delivery `d`, its event `ev` and its
 * endpoint `e`: the claim's select list and the hand-over's JSON are both written from
 * this, so the two cannot disagree with the type.
 */
const CLAIMED_FIELDS = {
  id: "d.id",
  event_id: "d.event_id",
  endpoint_id: "d.endpoint_id",
  attempts: "d.attempts",
  payload: "ev.payload",
  test: "ev.test",
  url: "e.url",
  secret: "e.secret",
  enabled: "e.enabled",
  suspended_by_plan: "e.suspended_by_plan",
  account_id: "e.account_id",
} as const satisfies Record<Exclude<keyof Claimed, "content">, string>;

/** The columns of a Claimed, for a select over `d`, `ev` and `e`. */
export const claimedColumns: SQL = sql.raw(
  Object.entries(CLAIMED_FIELDS)
    .map(([field, source]) => `${source} as ${field}`)
    .join(", "),
);

/**
 * A Claimed's `content`, over `ev` and `e`: email.received's parsed text and html, capped,
 * when the endpoint includes content, read from `inbound` (rows with id, account_id, text
 * and html: the inbound_emails table, or the statement that just wrote them).
 */
export const claimedContent = (inbound: SQL): SQL => sql`case when e.include_content and ev.type = 'email.received' then (
    select json_build_object('text', left(i.text, ${INBOUND_WEBHOOK_CONTENT_CHARS}), 'html', left(i.html, ${INBOUND_WEBHOOK_CONTENT_CHARS}))
    from ${inbound} i where i.id = ev.email_id and i.account_id = ev.account_id
  ) end`;

/** A Claimed as one JSON object, over `d`, `ev` and `e`, with its `content` when given. */
export const claimedJson = (content?: SQL): SQL =>
  sql`json_build_object(${sql.raw(
    Object.entries(CLAIMED_FIELDS)
      .map(([field, source]) => `'${field}', ${source}`)
      .join(", "),
  )}${content ? sql`, 'content', ${content}` : sql``})`;

/** A claimed or handed-over row comes back to the queue after this long if its worker died mid-flight. */
export const LEASE_SECONDS = Math.ceil(DEADLINE_MS / 1000) * 3;

/** Handed-over deliveries waiting here at most: past it, new ones wait in the database. */
const MOST_WAITING = 2_000;

/**
 * Deliveries stored already leased to this process by the statement that recorded their
 * events (a message's outcome), so its webhook loop sends them without claiming them from
 * the database (docs/decisions/0024-the-pipeline-under-load.md, "Webhooks handed over").
 */
const handedOver = () => processShared("webhooksHandedOver", () => ({ waiting: [] as Claimed[], lastClaimAt: 0 }));

/** Whether deliveries recorded now may be handed over: this process runs the webhook loop and is not stopping. */
export function canHandOver(): boolean {
  return runsHere(TASKS.webhookDelivery) && handedOver().waiting.length < MOST_WAITING;
}

/** Deliveries just committed, leased to this process: its webhook loop takes them next. */
export function handOver(deliveries: Claimed[]): void {
  handedOver().waiting.push(...deliveries);
  wakeLocal(TASKS.webhookDelivery);
}

export function takeHandedOver(max: number): Claimed[] {
  return handedOver().waiting.splice(0, max);
}

/**
 * Whether a run claims from the database too. Handed-over work could keep the loops busy
 * forever; retries and what other processes left behind get a claim at least once a second.
 */
export function databaseTurn(handed: number): boolean {
  const state = handedOver();
  if (handed > 0 && Date.now() - state.lastClaimAt < 1000) return false;
  state.lastClaimAt = Date.now();
  return true;
}

/** On stop: what was handed over but not sent goes back to the queue, due now, its attempt not counted. */
export async function releaseHandedOver(db: Pick<Db, "execute">): Promise<void> {
  const ids = handedOver()
    .waiting.splice(0)
    .map((d) => d.id);
  if (!ids.length) return;
  await db.execute(sql`
    update webhook_deliveries set next_attempt_at = now(), attempts = greatest(attempts - 1, 0)
    where status = 'pending' and id = any(${sql.param(ids)}::text[])`);
}
