/**
 * Knobs of the delivery pipeline. Read from the environment on each call (cheap) so
 * tests can shorten schedules per process without touching the shared config module.
 */
function num(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name}: "${raw}" is not a non-negative number`);
  return n;
}

function seconds(name: string, fallback: number[]): number[] {
  const raw = process.env[name];
  if (!raw) return fallback;
  return raw.split(",").map((s) => {
    const n = Number(s.trim());
    if (!Number.isFinite(n) || n < 0) throw new Error(`${name}: "${s}" is not a non-negative number`);
    return n;
  });
}

export const deliverySettings = () => ({
  /** Rows claimed per dispatch run. */
  batchSize: num("DISPATCH_BATCH_SIZE", 100),
  /** Parallel dispatch loops of the embedded driver. */
  concurrency: num("DISPATCH_CONCURRENCY", 4),
  /** How long a claimed row is ours before another worker may take it over (crash recovery). */
  leaseMs: num("DISPATCH_LEASE_MS", 120_000),
  /** Idle poll interval (scheduled sends become due without anyone waking us). */
  idleMs: num("DISPATCH_IDLE_MS", 1000),
  /** Seconds to wait after each failed hand-off to the provider; once exhausted the email fails. */
  retrySchedule: seconds("DISPATCH_RETRY_SCHEDULE", [30, 120, 600, 1800, 3600, 7200, 14400]),
  /** SMTP pool connections. */
  smtpPoolSize: num("SMTP_POOL_SIZE", 8),
  /** Deliverability breaker thresholds (DESIGN.md). */
  breakerMinSends: num("BREAKER_MIN_SENDS", 100),
  breakerBounceRate: num("BREAKER_BOUNCE_RATE", 0.1),
  breakerComplaintRate: num("BREAKER_COMPLAINT_RATE", 0.005),
  breakerWindowMs: num("BREAKER_WINDOW_MS", 24 * 3600 * 1000),
  breakerIntervalMs: num("BREAKER_INTERVAL_MS", 60_000),
});
