import { config } from "../config";

/** Domain knobs (DOMAIN_*; server/env.ts; docs/decisions/0002-sending-domains.md, "Sending domains"). */
export const domainSettings = {
  /** Label of the return-path (MAIL FROM) subdomain that carries the SPF and MX records. */
  returnPathLabel: "bounces",
  /** MX target of the return path for sink/smtp: where bounces come back. */
  mxHost: () => config().domains.mxHost,
  /** The MX listener's host: the value of each receiving domain's MX record. */
  inboundMxHost: () => config().inbound.mxHost,
  /** The SPF include for sink/smtp return paths. */
  spfInclude: () => config().domains.spfInclude,
  /** Seconds between background polls of a pending domain; the last step repeats. */
  pollSchedule: () => config().domains.pollSchedule,
  /** Seconds after which a pending domain is given up on (failed). */
  verifyTimeout: () => config().domains.verifyTimeout,
  /** Seconds between health checks of a verified domain. */
  healthInterval: () => config().domains.healthInterval,
  /** Verify calls within this many ms of the last fresh check are answered from the row. */
  verifyCacheMs: () => config().domains.verifyCacheMs,
  /** How often the embedded driver looks for due domains when nothing woke it. */
  sweepIntervalMs: () => config().domains.sweepIntervalMs,
};
