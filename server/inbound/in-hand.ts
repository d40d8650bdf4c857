import { TASKS } from "../jobs/names";
import { runsHere } from "../jobs/tasks";
import { processShared } from "../lib/process-shared";
import { logRetried, parseStored, type StoredInbound } from "./parse-message";

/**
 * Rows and raw bytes a process parses in hand at once. Past either, a message it stores is
 * left to the inbound-parse task, which claims it from the database like any other.
 */
const IN_HAND_ROWS = 128;
const IN_HAND_BYTES = 64 * 1024 * 1024;
/**
 * How long a row stored in hand is held from the task: parsing starts at once and its DNS
 * is bounded (AUTH_DEADLINE_MS), so only a process that died still holds one after this;
 * the task then parses it (docs/inbound.md, "Store first").
 */
export const IN_HAND_LEASE_SECONDS = 30;

const hand = processShared("inboundInHand", () => ({ rows: 0, bytes: 0, running: new Set<Promise<void>>() }));

/**
 * Whether the process storing a message parses it itself, with the raw bytes it already
 * holds (no claim, no reading them back): only where the inbound-parse task runs (the
 * embedded driver's loops), and while there is room. Reserves the room when so; the rows
 * are then stored leased to this process.
 */
export function reserveInHand(rows: number, bytes: number): boolean {
  if (!runsHere(TASKS.inboundParse)) return false;
  if (hand.rows + rows > IN_HAND_ROWS || (hand.rows > 0 && hand.bytes + bytes > IN_HAND_BYTES)) return false;
  hand.rows += rows;
  hand.bytes += bytes;
  return true;
}

/** Gives back room reserved for rows that were not stored after all. */
export function releaseInHand(rows: number, bytes: number): void {
  hand.rows -= rows;
  hand.bytes -= bytes;
}

/** Parses a message's rows stored leased to this process (reserveInHand), then gives back their room. */
export function parseInHand(rows: StoredInbound[], raw: Buffer): void {
  const job: Promise<void> = parseStored(rows, raw)
    .catch(logRetried(rows.map((r) => r.id)))
    .finally(() => {
      releaseInHand(rows.length, raw.length);
      hand.running.delete(job);
    });
  hand.running.add(job);
}

/** Waits for the messages in hand to be written (shutdown, after the listener stops taking mail). */
export async function drainInHand(): Promise<void> {
  while (hand.running.size) await Promise.all(hand.running);
}
