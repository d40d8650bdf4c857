import { database } from "../db/client";
import { breakerStats, breakerThresholds } from "../delivery/breaker";
import type { Deliverability } from "./schemas";

/** The breaker's own numbers for the account (server/delivery/breaker.ts), with its thresholds. */
export async function readDeliverability(accountId: string): Promise<Deliverability> {
  const t = breakerThresholds();
  const { db } = await database();
  const stats = await breakerStats(db, accountId, t);
  const rate = (n: number) => (stats.sends > 0 ? n / stats.sends : null);
  return {
    windowMs: t.windowMs,
    sends: stats.sends,
    bounces: stats.bounces,
    complaints: stats.complaints,
    bounceRate: rate(stats.bounces),
    complaintRate: rate(stats.complaints),
    minSends: t.minSends,
    bounceThreshold: t.bounceRate,
    complaintThreshold: t.complaintRate,
    judged: stats.sends >= t.minSends,
    blocked: stats.blocked,
  };
}
