import os from "node:os";
import path from "node:path";
import { parseEnv, type EnvValues } from "./env";
import { trimEnd } from "./lib/text";
import { processShared } from "./lib/process-shared";

/**
 * The service's configuration: the variables of `./env` (parsed and documented there) in
 * the shape the code uses, with the rules that tie variables together. The only module
 * that touches `process.env` (ESLint enforces it). See README "Configuration".
 */
export type Config = ReturnType<typeof fromValues>;

/** Start-up refuses a bad configuration with every problem at once, each naming its variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.length === 1 ? problems[0] : `Invalid configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const { values, problems } = parseEnv(env);
  problems.push(...crossProblems(values));
  if (problems.length) throw new ConfigError(problems);
  return fromValues(values as EnvValues);
}

/** Rules between variables, checked on those that parsed. */
function crossProblems(v: Partial<EnvValues>): string[] {
  const problems: string[] = [];
  if (v.VERCEL && !v.DATABASE_URL) problems.push(VERCEL_NEEDS_DATABASE);
  if (v.MAIL_PROVIDER === "smtp" && !v.SMTP_URL) problems.push("MAIL_PROVIDER=smtp needs SMTP_URL");
  // Without a topic list anyone with an SNS topic of their own could post events to us.
  if (v.MAIL_PROVIDER === "ses" && !v.SNS_TOPIC_ARNS?.length) {
    problems.push("MAIL_PROVIDER=ses needs SNS_TOPIC_ARNS: the comma-separated ARNs of the SNS topics your SES events are published to");
  }
  // The tracking routes sit at the root of whatever host serves them.
  if (v.TRACKING_URL && !/^[a-z][a-z0-9+.-]*:\/\/[^/?#]+\/?$/i.test(v.TRACKING_URL)) {
    problems.push(`TRACKING_URL: "${v.TRACKING_URL}" must be an origin (scheme, host and port only): the tracking links sit at its root`);
  }
  // One process owns the embedded database, so no other instance could take the other half.
  if (v.POSTHASTE_ROLE && v.POSTHASTE_ROLE !== "all" && v.DATABASE_URL === null) {
    problems.push(`POSTHASTE_ROLE=${v.POSTHASTE_ROLE} needs DATABASE_URL: with the embedded database one npm start does everything`);
  }
  // A certificate without its key (or the reverse) is a half-done setting, not a self-signed fallback.
  if (Boolean(v.SMTP_TLS_CERT_FILE) !== Boolean(v.SMTP_TLS_KEY_FILE)) {
    problems.push("SMTP_TLS_CERT_FILE and SMTP_TLS_KEY_FILE are set together (or neither, for a generated self-signed pair)");
  }
  // Inngest calls its functions over the web processes' HTTP: a worker would have nothing to do.
  if (v.POSTHASTE_ROLE === "worker" && jobsDriverOf(v) === "inngest") {
    problems.push("POSTHASTE_ROLE=worker runs the embedded driver's tasks; with Inngest, run web processes only");
  }
  // The Inngest dev server accepts unsigned calls: never in production (NODE_ENV=production,
  // which `npm start` and `next start` set).
  if (v.NODE_ENV === "production" && inngestDev(v)) {
    problems.push(
      "INNGEST_DEV is set but NODE_ENV=production: the Inngest dev server runs functions without signed requests. Unset INNGEST_DEV and set INNGEST_SIGNING_KEY / INNGEST_EVENT_KEY",
    );
  }
  return problems;
}

// A Vercel function's disk lasts one invocation and instances run side by side: an embedded
// database there would lose every write and split the data between instances.
const VERCEL_NEEDS_DATABASE =
  "DATABASE_URL is required on Vercel (VERCEL is set): serverless functions cannot keep the embedded database. Set DATABASE_URL, ENCRYPTION_KEY and AUTH_SECRET in the project's environment variables (docs/deploy.md)";

/**
 * `next build` (next.config.ts) on Vercel: refuses what would fail every request, and warns
 * about what would leave mail unsent. Elsewhere the server checks its configuration at start-up.
 */
export function checkVercelBuild(env: Record<string, string | undefined> = process.env, warn: (line: string) => void = console.warn): void {
  if (!env.VERCEL) return;
  const cfg = loadConfig(env);
  // The embedded quick start generates these on its disk; with DATABASE_URL every instance needs the same ones.
  const missing = (["ENCRYPTION_KEY", "AUTH_SECRET"] as const).filter((name) => !env[name]);
  if (missing.length) throw new ConfigError([`${missing.join(" and ")} must be set on Vercel (openssl rand -base64 32)`]);
  // No long-lived process runs the embedded driver on Vercel: Inngest does, or a worker elsewhere on the same database.
  if (cfg.jobsDriver !== "inngest") {
    warn(
      "Posthaste on Vercel without Inngest (INNGEST_SIGNING_KEY / INNGEST_EVENT_KEY unset): nothing on Vercel sends queued mail, retries webhooks or checks domains. Connect Inngest Cloud, or run a worker (POSTHASTE_ROLE=worker) elsewhere on the same DATABASE_URL (docs/deploy.md).",
    );
  }
}

/** INNGEST_DEV=0/false is Inngest's own "not the dev server". */
const inngestDev = (v: Partial<EnvValues>) => Boolean(v.INNGEST_DEV && !["0", "false"].includes(v.INNGEST_DEV.toLowerCase()));

function jobsDriverOf(v: Partial<EnvValues>): "inngest" | "embedded" {
  return v.JOBS_DRIVER ?? (v.INNGEST_EVENT_KEY || v.INNGEST_SIGNING_KEY || v.INNGEST_DEV ? "inngest" : "embedded");
}

function fromValues(v: EnvValues) {
  const appUrl = trimEnd(v.APP_URL ?? `http://localhost:${v.PORT}`, "/");
  const appHost = new URL(appUrl).hostname;
  return {
    nodeEnv: v.NODE_ENV,
    port: v.PORT,
    appUrl,
    /** Where tenants' mail links (pixel, clicks, unsubscribe) point: TRACKING_URL, else APP_URL. */
    trackingUrl: v.TRACKING_URL ? trimEnd(v.TRACKING_URL, "/") : appUrl,
    databaseUrl: v.DATABASE_URL,
    databasePoolSize: v.DATABASE_POOL_SIZE,
    pgliteDir: path.resolve(v.PGLITE_DIR),
    mailProvider: v.MAIL_PROVIDER,
    smtpUrl: v.SMTP_URL,
    smtpTlsRejectUnauthorized: v.SMTP_TLS_REJECT_UNAUTHORIZED,
    sandboxSender: v.SANDBOX_SENDER.toLowerCase(),
    systemSender: (v.SYSTEM_SENDER ?? `notifications@${appHost}`).toLowerCase(),
    encryptionKey: v.ENCRYPTION_KEY,
    authSecret: v.AUTH_SECRET,
    webhookRetrySchedule: v.WEBHOOK_RETRY_SCHEDULE,
    webhookAllowedOrigins: v.WEBHOOK_ALLOWED_ORIGINS,
    dnsServers: v.DNS_SERVERS,
    rampStages: v.RAMP_STAGES,
    jobsDriver: jobsDriverOf(v),
    /** What this process does: serve HTTP, run the embedded driver's tasks, or both. */
    role: v.POSTHASTE_ROLE,
    /**
     * Processes of npm start. PGlite's single engine serves every process through one
     * socket, so more processes add hops, not throughput (docs/decisions/): 1 unless asked.
     */
    processes: v.WEB_CONCURRENCY ?? (v.DATABASE_URL ? os.availableParallelism() : 1),
    processesGiven: v.WEB_CONCURRENCY !== null,
    /** Messages per second the provider accepts, for the Inngest throttle (SES: its default send rate). */
    providerMaxPerSecond:
      v.PROVIDER_MAX_PER_SECOND === null ? (v.MAIL_PROVIDER === "ses" ? 14 : null) : Math.max(1, v.PROVIDER_MAX_PER_SECOND),
    maxBodyBytes: v.MAX_BODY_BYTES,
    maxMessageBytes: v.MAX_MESSAGE_BYTES,
    /** The MX listener; `mxHost` is the value of every receiving domain's MX record. */
    inbound: {
      mxPort: v.SMTP_MX_PORT,
      maxBytes: v.MAX_INBOUND_BYTES,
      mxHost: v.SMTP_MX_HOST ?? v.SMTP_SUBMISSION_HOST ?? appHost,
      messagesPerMinute: v.SMTP_MX_MESSAGES_PER_MINUTE,
    },
    plansOverride: v.PLANS,
    logLevel: v.LOG_LEVEL,
    /** Bearer token of GET /metrics; null: the endpoint is off. */
    metricsToken: v.METRICS_TOKEN,
    /** Age in days past which bodies, events and delivery logs are pruned; null: kept forever. */
    retentionDays: v.RETENTION_DAYS,
    awsRegion: v.AWS_REGION,
    /** With a custom SES endpoint and no credentials of the SDK's own, placeholder ones (no EC2 metadata probe). */
    awsCredentialsInEnv: Boolean(v.AWS_ACCESS_KEY_ID || v.AWS_PROFILE),
    sesEndpoint: v.SES_ENDPOINT,
    sesConfigurationSet: v.SES_CONFIGURATION_SET,
    /** SNS topics whose SES events we accept (required with MAIL_PROVIDER=ses). */
    snsTopicArns: v.SNS_TOPIC_ARNS,
    /** Replaces the Amazon host pattern of SNS certificate and subscribe URLs (private setups, tests). */
    snsCertUrlPattern: v.SNS_CERT_URL_PATTERN,
    /** DKIM key of the platform's own sender domains; null: their mail goes unsigned. */
    platformDkim: v.PLATFORM_DKIM_PRIVATE_KEY
      ? { selector: v.PLATFORM_DKIM_SELECTOR, privateKey: v.PLATFORM_DKIM_PRIVATE_KEY.replace(/\\n/g, "\n") }
      : null,
    search: { window: v.SEARCH_WINDOW },
    /** SMTP submission (server/smtp): each port null when off. */
    smtpSubmission: {
      port: v.SMTP_SUBMISSION_PORT,
      tlsPort: v.SMTP_SUBMISSION_TLS_PORT,
      certFile: v.SMTP_TLS_CERT_FILE,
      keyFile: v.SMTP_TLS_KEY_FILE,
      proxy: v.SMTP_SUBMISSION_PROXY,
      host: v.SMTP_SUBMISSION_HOST ?? appHost,
      authFailuresPerIp: { limit: v.SMTP_AUTH_FAILURES_PER_IP, seconds: v.AUTH_SIGNIN_WINDOW },
      dataTimeoutMs: v.SMTP_DATA_TIMEOUT * 1000,
    },
    delivery: {
      batchSize: v.DISPATCH_BATCH_SIZE,
      concurrency: v.DISPATCH_CONCURRENCY,
      leaseMs: v.DISPATCH_LEASE_MS,
      idleMs: v.DISPATCH_IDLE_MS,
      retrySchedule: v.DISPATCH_RETRY_SCHEDULE,
      sendTimeoutMs: v.DISPATCH_SEND_TIMEOUT_MS,
      smtpPoolSize: v.SMTP_POOL_SIZE,
      breakerMinSends: v.BREAKER_MIN_SENDS,
      breakerBounceRate: v.BREAKER_BOUNCE_RATE,
      breakerComplaintRate: v.BREAKER_COMPLAINT_RATE,
      breakerWindowMs: v.BREAKER_WINDOW_MS,
      breakerIntervalMs: v.BREAKER_INTERVAL_MS,
      trackingTokenTtlDays: v.TRACKING_TOKEN_TTL_DAYS,
      trackingMaxHits: v.TRACKING_MAX_HITS,
    },
    domains: {
      mxHost: v.DOMAIN_MX_HOST ?? `feedback-smtp.${appHost}`,
      spfInclude: v.DOMAIN_SPF_INCLUDE ?? `_spf.${appHost}`,
      pollSchedule: v.DOMAIN_POLL_SCHEDULE,
      verifyTimeout: v.DOMAIN_VERIFY_TIMEOUT,
      healthInterval: v.DOMAIN_HEALTH_INTERVAL,
      verifyCacheMs: v.DOMAIN_VERIFY_CACHE * 1000,
      sweepIntervalMs: v.DOMAIN_SWEEP_INTERVAL * 1000,
    },
    auth: {
      signInFailuresPerAddress: { limit: v.AUTH_SIGNIN_FAILURES_PER_ADDRESS, seconds: v.AUTH_SIGNIN_WINDOW },
      signInAttemptsPerIp: { limit: v.AUTH_SIGNIN_ATTEMPTS_PER_IP, seconds: v.AUTH_SIGNIN_WINDOW },
      signInCeilingPerAddress: { limit: v.AUTH_SIGNIN_CEILING, seconds: v.AUTH_SIGNIN_CEILING_WINDOW },
      signUpsPerIp: { limit: v.AUTH_SIGNUP_PER_IP, seconds: v.AUTH_SIGNUP_WINDOW },
      mailsPerAddress: { limit: v.AUTH_MAILS_PER_ADDRESS, seconds: v.AUTH_SIGNUP_WINDOW },
      verificationTtlSeconds: v.EMAIL_VERIFICATION_TTL,
      passwordResetTtlSeconds: v.PASSWORD_RESET_TTL,
      invitationTtlSeconds: v.INVITATION_TTL,
      trustedProxyHops: v.TRUSTED_PROXY_HOPS,
    },
  };
}

const current = processShared("config", () => ({ config: null as Config | null }));

/** The process-wide config (one per process, shared by Next's bundle and ours); parsed once. */
export function config(): Config {
  return (current.config ??= loadConfig());
}

/**
 * Set by the primary of `npm start` on each child it forks (server/cluster/processes.ts): "0"
 * when the child's role includes the background loops but other children run them. Not an
 * operator's setting, so not among the documented variables.
 */
export const CHILD_LOOPS_VARIABLE = "POSTHASTE_CHILD_LOOPS";

/** Whether this cluster child runs its role's background loops (see CHILD_LOOPS_VARIABLE). */
export function clusterChildLoops(): boolean {
  return process.env[CHILD_LOOPS_VARIABLE] !== "0";
}

/** For tests and start-up: replace the process-wide config. */
export function setConfig(next: Config): void {
  current.config = next;
}

/**
 * Secrets generated on the embedded quick start (server/secrets.ts) join the environment,
 * so a config loaded again later keeps them, and the current config.
 */
export function adoptGeneratedSecrets(secrets: { ENCRYPTION_KEY?: string; AUTH_SECRET?: string }): void {
  Object.assign(process.env, secrets);
  const cfg = config();
  setConfig({ ...cfg, encryptionKey: secrets.ENCRYPTION_KEY ?? cfg.encryptionKey, authSecret: secrets.AUTH_SECRET ?? cfg.authSecret });
}

/** `npm start` / `npm run dev` say which mode Next runs in, unless the environment already does. */
export function defaultNodeEnv(mode: "development" | "production"): void {
  const env = process.env as Record<string, string | undefined>;
  env.NODE_ENV ??= mode;
}
