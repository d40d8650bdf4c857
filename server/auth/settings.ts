import { envNumber } from "../lib/env";

/**
 * Abuse-control knobs of the dashboard's doors, read from the environment (README,
 * "Configuration"). Read on each use so tests and operators can change them per process.
 */
export interface Window {
  limit: number;
  seconds: number;
}

export const authSettings = {
  /** Failed sign-ins per address (unknown addresses count too, so limits reveal nothing). */
  signInFailuresPerAddress: (): Window => ({ limit: envNumber("AUTH_SIGNIN_FAILURES_PER_ADDRESS", 10), seconds: envNumber("AUTH_SIGNIN_WINDOW", 900) }),
  /** Sign-in attempts per client IP, successful or not. */
  signInAttemptsPerIp: (): Window => ({ limit: envNumber("AUTH_SIGNIN_ATTEMPTS_PER_IP", 30), seconds: envNumber("AUTH_SIGNIN_WINDOW", 900) }),
  /** Sign-ups (and verification resends) per client IP. */
  signUpsPerIp: (): Window => ({ limit: envNumber("AUTH_SIGNUP_PER_IP", 5), seconds: envNumber("AUTH_SIGNUP_WINDOW", 3600) }),
  /** Mail the public forms may cause to one address (verification links, "you already have an account"). */
  mailsPerAddress: (): Window => ({ limit: envNumber("AUTH_MAILS_PER_ADDRESS", 5), seconds: envNumber("AUTH_SIGNUP_WINDOW", 3600) }),
  /** How long a verification link stays valid. */
  verificationTtlSeconds: () => envNumber("EMAIL_VERIFICATION_TTL", 24 * 3600),
  /**
   * Proxies in front of the server that append to X-Forwarded-For. 0: the client is the
   * socket's peer and the header is ignored (anyone can write it).
   */
  trustedProxyHops: () => envNumber("TRUSTED_PROXY_HOPS", 0),
};
