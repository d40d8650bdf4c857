/** The exact instant in UTC, the same on server and client: "2026-05-01 14:03:09 UTC". */
export function formatUtc(ms: number): string {
  return new Date(ms).toISOString().replace("T", " ").slice(0, 19) + " UTC";
}

const RELATIVE = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

// Each unit is used until the next one reads better (45 seconds → "1 minute ago", 22 hours → "yesterday"…).
const STEPS: Array<[limitSeconds: number, unit: Intl.RelativeTimeFormatUnit, seconds: number]> = [
  [45 * 60, "minute", 60],
  [22 * 3600, "hour", 3600],
  [26 * 86400, "day", 86400],
  [320 * 86400, "month", 30 * 86400],
  [Infinity, "year", 365 * 86400],
];

/** "just now", "3 minutes ago", "in 2 hours", "yesterday", "last month"… from `now`. */
export function formatRelative(ms: number, now: number): string {
  const seconds = (ms - now) / 1000;
  const size = Math.abs(seconds);
  if (size < 45) return "just now";
  for (const [limit, unit, unitSeconds] of STEPS) {
    if (size < limit) return RELATIVE.format(Math.round(seconds / unitSeconds), unit);
  }
  return formatUtc(ms);
}
