/** Unix milliseconds of a stored timestamp, or null. */
export function ms(date: Date | null | undefined): number | null {
  return date ? date.getTime() : null;
}

export function monthPeriod(now = new Date()): string {
  return `m:${now.toISOString().slice(0, 7)}`;
}

export function dayPeriod(now = new Date()): string {
  return `d:${now.toISOString().slice(0, 10)}`;
}

/** Whole seconds until the next UTC midnight (at least 1). */
export function secondsToUtcMidnight(now = new Date()): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}
