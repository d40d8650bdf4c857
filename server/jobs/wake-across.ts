import { sql } from "drizzle-orm";
import { database } from "../db/client";
import { log } from "../ops/log";
import { setRemoteSignal, wakeLocal } from "./tasks";

/**
 * Waking task loops in other processes (POSTHASTE_ROLE=web hands its work to workers):
 * a NOTIFY on one channel whose payload is the task's name. Roles other than `all` need
 * PostgreSQL (config.ts), so this is PostgreSQL's LISTEN/NOTIFY only; a missed one costs
 * no more than the task's idle poll.
 */
const CHANNEL = "posthaste_wake";
/**
 * At most one NOTIFY per task per this many ms per process, however many messages arrive.
 * Each costs a statement and wakes the listeners' connections; the woken dispatch loop
 * gathers for 10 ms anyway (server/delivery/dispatch.ts), so sooner gains nothing.
 */
const COALESCE_MS = 10;

/** Role web: wake() announces new work to the processes that run the tasks. Returns how to stop. */
export function announceWakes(): () => void {
  const pending = new Map<string, NodeJS.Timeout>();
  const notify = async (name: string) => {
    pending.delete(name);
    try {
      const { db } = await database();
      await db.execute(sql`select pg_notify(${CHANNEL}, ${name})`);
    } catch (err) {
      log().error({ err }, `jobs: could not announce new ${name} work; the workers' idle poll will find it`);
    }
  };
  setRemoteSignal(async (name) => {
    if (!pending.has(name))
      pending.set(
        name,
        setTimeout(() => void notify(name), COALESCE_MS),
      );
  });
  return () => {
    setRemoteSignal(null);
    for (const timer of pending.values()) clearTimeout(timer);
    pending.clear();
  };
}

/** A process running task loops: new work announced by web processes wakes them. */
export async function listenForWakes(): Promise<void> {
  const d = await database();
  if (d.kind === "postgres") await d.listen(CHANNEL, wakeLocal);
}
