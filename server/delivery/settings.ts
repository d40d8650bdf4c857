import { envNumber, envNumbers } from "../lib/env";

/**
 * Knobs of the delivery pipeline. Read from the environment on each call (cheap) so
 * tests can shorten schedules per process without touching the shared config module.
 */

export const deliverySettings = () => ({
  /** Rows claimed per dispatch run. */
  batchSize: envNumber("DISPATCH_BATCH_SIZE", 100),
  /** Parallel dispatch loops of the embedded driver. */
  concurrency: envNumber("DISPATCH_CONCURRENCY", 4),
  /** How long a claimed row is ours before another worker may take it over (crash recovery). */
  leaseMs: envNumber("DISPATCH_LEASE_MS", 120_000),
  /** Idle poll interval (scheduled sends become due without anyone waking us). */
  idleMs: envNumber("DISPATCH_IDLE_MS", 1000),
  /** Seconds to wait after each failed hand-off to the provider; once exhausted the email fails. */
  retrySchedule: envNumbers("DISPATCH_RETRY_SCHEDULE", [30, 120, 600, 1800, 3600, 7200, 14400]),
  /** How long one hand-off to the provider may take before it is abandoned and retried. */
  sendTimeoutMs: envNumber("DISPATCH_SEND_TIMEOUT_MS", 30_000),
  /** SMTP pool connections. */
  smtpPoolSize: envNumber("SMTP_POOL_SIZE", 8),
  /** Deliverability breaker thresholds (DESIGN.md). */
  breakerMinSends: envNumber("BREAKER_MIN_SENDS", 100),
  breakerBounceRate: envNumber("BREAKER_BOUNCE_RATE", 0.1),
  breakerComplaintRate: envNumber("BREAKER_COMPLAINT_RATE", 0.005),
  breakerWindowMs: envNumber("BREAKER_WINDOW_MS", 24 * 3600 * 1000),
  breakerIntervalMs: envNumber("BREAKER_INTERVAL_MS", 60_000),
  /** Days a tracking token records opens and clicks; an older click still redirects. */
  trackingTokenTtlDays: envNumber("TRACKING_TOKEN_TTL_DAYS", 90),
  /** Recorded opens per message, and recorded clicks per link per message; more hits still answer. */
  trackingMaxHits: envNumber("TRACKING_MAX_HITS", 100),
});
