/**
 * How many of an account's messages lie before a moment, estimated from its daily usage
 * counters (server/limits/counters.ts: messages accepted per UTC day), so search can size a
 * time slice in messages rather than in time: a burst of sends makes time a poor measure.
 * Within a day messages are taken as evenly spread, except around an anchor: a moment whose
 * count is known (the newest-first read has just counted the messages above it), below which
 * the rest of its day's messages are taken to go on at the pace that read saw (a burst of
 * sends is then where it is, not spread over the day). Times are µs since the epoch.
 */
export interface AccountRows {
  /** Messages before `us`. */
  before(us: number): number;
  /** The earliest moment with `count` messages before it. */
  at(count: number): number;
  /**
   * The same estimate with `count` messages known to lie before `us`, and those of its day
   * before it at `pace` messages a µs back from it (as far as the day's start).
   */
  anchored(us: number, count: number, pace: number): AccountRows;
}

const DAY_US = 86_400_000_000;

/**
 * Points (time, messages before it) from daily counts (`YYYY-MM-DD`, messages), oldest first,
 * none before `oldest` (the account's oldest message: its day's messages start there).
 */
export function dailyPoints(days: readonly (readonly [string, number])[], oldest: number): [number, number][] {
  const points: [number, number][] = [];
  let total = 0;
  for (const [day, messages] of days) {
    const start = Date.parse(`${day}T00:00:00Z`) * 1000;
    points.push([Math.min(Math.max(start, oldest), start + DAY_US), total]);
    total += messages;
    points.push([start + DAY_US, total]);
  }
  return points;
}

/** The estimate through `points` (time, messages before it), ascending in both, at least one. */
export function accountRows(points: readonly [number, number][]): AccountRows {
  const first = points[0];
  const last = points[points.length - 1];
  // Linear between neighbouring points; flat before the first and after the last.
  const along = (x: number, from: 0 | 1): number => {
    const to = (1 - from) as 0 | 1;
    if (x <= first[from]) return first[to];
    if (x >= last[from]) return last[to];
    const i = points.findIndex((p) => p[from] >= x);
    const [a, b] = [points[i - 1], points[i]];
    return b[from] === a[from] ? a[to] : a[to] + ((x - a[from]) * (b[to] - a[to])) / (b[from] - a[from]);
  };
  return {
    before: (us) => along(us, 0),
    at: (count) => along(count, 1),
    anchored(us, count, pace) {
      const [lower, upper] = [points.filter((p) => p[0] < us), points.filter((p) => p[0] > us)];
      const below = lower.at(-1) ?? [us, 0];
      const known = Math.min(Math.max(count, below[1]), upper[0]?.[1] ?? Infinity);
      const paced: [number, number] = [Math.max(below[0], us - (known - below[1]) / Math.max(pace, Number.MIN_VALUE)), below[1]];
      return accountRows([...lower, paced, [us, known], ...upper]);
    },
  };
}
