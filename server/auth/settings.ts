import { config, type Config } from "../config";

/** Abuse-control knobs of the dashboard's doors (AUTH_*, EMAIL_VERIFICATION_TTL, PASSWORD_RESET_TTL, INVITATION_TTL, TRUSTED_PROXY_HOPS; server/env.ts). */
export type Window = Config["auth"]["signUpsPerIp"];

export const authSettings = {
  /** Failed sign-ins per address from one client (unknown addresses count too, so limits reveal nothing). */
  signInFailuresPerAddress: (): Window => config().auth.signInFailuresPerAddress,
  /** Failed sign-ins per address from every client not known to it, together: the brute-force ceiling. */
  signInCeilingPerAddress: (): Window => config().auth.signInCeilingPerAddress,
  /** Sign-in attempts per client IP, successful or not. */
  signInAttemptsPerIp: (): Window => config().auth.signInAttemptsPerIp,
  /** Sign-ups (and verification resends) per client IP. */
  signUpsPerIp: (): Window => config().auth.signUpsPerIp,
  /** Mail the public forms may cause to one address (verification links, "you already have an account"). */
  mailsPerAddress: (): Window => config().auth.mailsPerAddress,
  /** How long a verification link (and an email change's confirmation link) stays valid. */
  verificationTtlSeconds: () => config().auth.verificationTtlSeconds,
  /** How long a password link (reset, or the CLI's first sign-in) stays valid. */
  passwordResetTtlSeconds: () => config().auth.passwordResetTtlSeconds,
  /** How long an invitation link stays valid. */
  invitationTtlSeconds: () => config().auth.invitationTtlSeconds,
  /**
   * Proxies in front of the server that append to X-Forwarded-For. 0: the client is the
   * socket's peer and the header is ignored (anyone can write it).
   */
  trustedProxyHops: () => config().auth.trustedProxyHops,
};
