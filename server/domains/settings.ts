import { config } from "../config";
import { envNumbers } from "../lib/env";

/** Domain knobs read from the environment (documented in docs/decisions.md, "Sending domains"). */

const appHost = () => new URL(config().appUrl).hostname;

export const domainSettings = {
  /** Label of the return-path (MAIL FROM) subdomain that carries the SPF and MX records. */
  returnPathLabel: "bounces",
  /** MX target of the return path for sink/smtp: where bounces come back. */
  mxHost: () => process.env.DOMAIN_MX_HOST || `feedback-smtp.${appHost()}`,
  /** The SPF include for sink/smtp return paths. */
  spfInclude: () => process.env.DOMAIN_SPF_INCLUDE || `_spf.${appHost()}`,
  /** Seconds between background polls of a pending domain; the last step repeats. */
  pollSchedule: () => envNumbers("DOMAIN_POLL_SCHEDULE", [60, 120, 300, 600, 900, 1800, 3600]),
  /** Seconds after which a pending domain is given up on (failed). */
  verifyTimeout: () => envNumbers("DOMAIN_VERIFY_TIMEOUT", [72 * 3600])[0],
  /** Seconds between health checks of a verified domain. */
  healthInterval: () => envNumbers("DOMAIN_HEALTH_INTERVAL", [24 * 3600])[0],
  /** Verify calls within this many ms of the last fresh check are answered from the row. */
  verifyCacheMs: () => envNumbers("DOMAIN_VERIFY_CACHE", [10])[0] * 1000,
  /** How often the embedded driver looks for due domains when nothing woke it. */
  sweepIntervalMs: () => envNumbers("DOMAIN_SWEEP_INTERVAL", [15])[0] * 1000,
};
