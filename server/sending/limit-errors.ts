import { config } from "../config";
import { ApiError } from "../errors";
import { SANDBOX_PER_DAY } from "../limits/constants";
import type { SendLimits } from "../limits/limits";
import { secondsToUtcMidnight } from "../lib/time";
import type { AcceptResult } from "./accept-statement";

/** The limit a refused statement ran into, as the spec's error. */
export function limitError(limits: SendLimits, r: AcceptResult): ApiError {
  if (r.month_ok === false) {
    return new ApiError(
      "quota_exceeded",
      429,
      `Monthly quota exhausted: this account has reached its limit of ${limits.hardLimit} messages this month (plan limit ${limits.monthLimit} plus grace). Sending resumes at the monthly reset.`,
    );
  }
  if (r.day_ok === false && limits.day) {
    if (limits.day.kind === "plan") {
      return new ApiError(
        "quota_exceeded",
        429,
        `Daily quota exhausted: this plan sends ${limits.day.limit} messages per UTC day. Retry after UTC midnight.`,
      );
    }
    const why = limits.day.kind === "ramp" ? "new-account ramp" : "review throttle";
    return new ApiError(
      "rate_limited",
      429,
      `Daily capacity reached: the ${why} allows ${limits.day.limit} recipients per UTC day.`,
      secondsToUtcMidnight(),
    );
  }
  if (r.sandbox_ok === false) {
    return new ApiError(
      "rate_limited",
      429,
      `Test-mode daily cap reached: at most ${SANDBOX_PER_DAY} sends per UTC day from ${config().sandboxSender}.`,
      secondsToUtcMidnight(),
    );
  }
  if (r.rate_ok === false) {
    return new ApiError(
      "rate_limited",
      429,
      `Send rate exceeded: ${limits.rate!.perSecond} messages per second (burst ${limits.rate!.burst}).`,
      Math.max(1, r.retry_after ?? 1),
    );
  }
  return new ApiError("rate_limited", 429, "Too many concurrent sends contended for this account's counters; retry shortly.", 1);
}
