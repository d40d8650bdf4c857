import { readDailyCounts, utcDay } from "../delivery/hourly-counts";
import type { Activity, ActivityRange } from "./schemas";

const DAY_MS = 86_400_000;

/** The first and last UTC day a range covers, today last. */
export function rangeDays(range: ActivityRange, now = new Date()): { first: string; last: string } {
  const last = utcDay(now);
  if (range === "month") return { first: `${last.slice(0, 7)}-01`, last };
  const days = range === "7d" ? 7 : 30;
  return { first: utcDay(new Date(now.getTime() - (days - 1) * DAY_MS)), last };
}

/** The account's daily counts over a range (a chart's data): one read of the daily counts table. */
export async function readActivity(accountId: string, range: ActivityRange, now = new Date()): Promise<Activity> {
  const { first, last } = rangeDays(range, now);
  return { range, days: await readDailyCounts(accountId, first, last) };
}
