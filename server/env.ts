import { z } from "zod";

/**
 * Every environment variable the service reads: how each is parsed (zod), its default and
 * what it is for. `server/config.ts` turns the parsed values into the typed Config;
 * `.env.example` and the README's configuration tables are generated or checked from
 * the documentation registered here, so a variable cannot be added without them.
 * Unset and "" mean the same thing (the default) everywhere.
 */

export interface VariableDoc {
  /** One line: what the variable is for. */
  doc: string;
  /** README table: "Configuration" or its "Tuning" table. */
  section: "configuration" | "tuning";
}

export const envDocs = z.registry<VariableDoc>();

type Raw = string | undefined;
const given = (raw: Raw): raw is string => raw !== undefined && raw !== "";

/** A value read by `read`, or the fallback when unset; `read` returns undefined for a bad value. */
function parsed<T>(fallback: T, problem: string, read: (raw: string) => T | undefined) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T => {
      if (!given(raw)) return fallback;
      const value = read(raw);
      if (value === undefined) {
        ctx.addIssue({ code: "custom", message: `"${raw}" ${problem}` });
        return z.NEVER;
      }
      return value;
    });
}

const nonNegative = (text: string): number | undefined => {
  const n = Number(text.trim());
  return text.trim() !== "" && Number.isFinite(n) && n >= 0 ? n : undefined;
};

const positiveInteger = (fallback: number) =>
  parsed(fallback, "is not a positive integer", (raw) => {
    const n = Number(raw);
    return Number.isInteger(n) && n > 0 ? n : undefined;
  });
const nonNegativeNumber = (fallback: number) => parsed(fallback, "is not a non-negative number", nonNegative);
const nonNegativeNumbers = (fallback: number[]) =>
  parsed(fallback, "is not a comma-separated list of non-negative numbers", (raw) => {
    const numbers = raw.split(",").map(nonNegative);
    return numbers.every((n) => n !== undefined) ? (numbers as number[]) : undefined;
  });
const text = () =>
  z
    .string()
    .optional()
    .transform((raw) => (given(raw) ? raw : null));
const textOr = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((raw) => (given(raw) ? raw : fallback));
/** The entries of a comma-separated value, trimmed, empty ones dropped. */
const items = (raw: string) =>
  raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
const list = () =>
  z
    .string()
    .optional()
    .transform((raw) => items(raw ?? ""));
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .optional()
    .transform((raw) => (given(raw) ? raw.toLowerCase() : null))
    .pipe(z.enum(values, { error: (issue) => `"${String(issue.input)}" is not one of ${values.join(", ")}` }).nullable());
const url = () => text().pipe(z.url({ error: (issue) => `"${String(issue.input)}" is not a URL` }).nullable());
const origins = () =>
  parsed<string[]>([], "is not a comma-separated list of URLs", (raw) => {
    try {
      return items(raw).map((o) => new URL(o).origin);
    } catch {
      return undefined;
    }
  });
/** A TCP port, or `off` (null): no listener. */
const port = (fallback: number) =>
  parsed<number | null>(fallback, "is not a port (1-65535) or off", (raw) => {
    if (raw.trim().toLowerCase() === "off") return null;
    const n = Number(raw);
    return Number.isInteger(n) && n >= 0 && n <= 65535 ? n : undefined;
  });
const regularExpression = () =>
  parsed<string | null>(null, "is not a regular expression", (raw) => {
    try {
      new RegExp(raw);
      return raw;
    } catch {
      return undefined;
    }
  });

const main = (doc: string): VariableDoc => ({ doc, section: "configuration" });
const tuning = (doc: string): VariableDoc => ({ doc, section: "tuning" });

export const envSchema = z.object({
  NODE_ENV: text().register(envDocs, main("production (set by npm start) forbids INNGEST_DEV; npm run dev sets development")),
  PORT: positiveInteger(3000).register(envDocs, main("HTTP port of npm start / npm run dev")),
  APP_URL: url().register(envDocs, main("public base URL (links in mail, docs_url, tracking); default http://localhost:<PORT>")),
  TRACKING_URL: url().register(
    envDocs,
    main(
      "base URL of the links in tenants' mail (open pixel, click redirects, unsubscribe); a host apart from APP_URL's keeps click redirects off the dashboard's origin (docs/security.md); default APP_URL",
    ),
  ),
  DATABASE_URL: text().register(envDocs, main("PostgreSQL (postgres://…); unset = embedded PGlite")),
  VERCEL: text().register(
    envDocs,
    main("set by Vercel (1) during its builds and in its functions: DATABASE_URL is then required (docs/deploy.md)"),
  ),
  DATABASE_POOL_SIZE: positiveInteger(10).register(envDocs, main("PostgreSQL connections per process")),
  PGLITE_DIR: textOr("./.data/pglite").register(envDocs, main("embedded database directory")),
  WEB_CONCURRENCY: parsed<number | null>(null, "is not a positive integer", (raw) => {
    const n = Number(raw);
    return Number.isInteger(n) && n > 0 ? n : undefined;
  }).register(
    envDocs,
    main("processes npm start runs (1: one process, no cluster); default the number of cores with DATABASE_URL, 1 on PGlite"),
  ),
  POSTHASTE_ROLE: oneOf(["all", "web", "worker", "smtp", "mx"])
    .transform((role) => role ?? "all")
    .register(
      envDocs,
      main(
        "all (HTTP, SMTP submission, the MX listener and background tasks), web (HTTP only), worker (background tasks), smtp (SMTP submission) or mx (inbound MX listener); worker, smtp and mx serve HTTP /api/health and /metrics only; web, worker, smtp and mx need DATABASE_URL",
      ),
    ),
  SMTP_SUBMISSION_PORT: port(2587).register(
    envDocs,
    main("SMTP submission port, STARTTLS offered (587 in the production image); off: no listener (docs/smtp.md)"),
  ),
  SMTP_SUBMISSION_TLS_PORT: port(2465).register(
    envDocs,
    main("SMTP submission port with implicit TLS (465 in the production image); off: no listener"),
  ),
  SMTP_TLS_CERT_FILE: text().register(
    envDocs,
    main("PEM certificate (chain) of the SMTP listeners, reloaded when it changes; unset: a generated self-signed one, with a warning"),
  ),
  SMTP_TLS_KEY_FILE: text().register(envDocs, main("PEM private key of SMTP_TLS_CERT_FILE, reloaded when it changes")),
  SMTP_SUBMISSION_PROXY: z
    .string()
    .optional()
    .transform((raw) => raw === "1" || raw === "true")
    .register(envDocs, main("1: every SMTP connection starts with a PROXY protocol header (behind a TCP load balancer)")),
  SMTP_SUBMISSION_HOST: text().register(
    envDocs,
    main("host name applications connect to for SMTP, shown on the API keys page and in the greeting; default the APP_URL host"),
  ),
  SMTP_MX_PORT: port(2525).register(
    envDocs,
    main("inbound MX listener port, STARTTLS offered (25 in the production image); off: no listener (docs/inbound.md)"),
  ),
  SMTP_MX_HOST: text().register(
    envDocs,
    main(
      "host name of the MX listener: the value of each receiving domain's MX record (docs/inbound.md); default SMTP_SUBMISSION_HOST, else the APP_URL host",
    ),
  ),
  MAX_INBOUND_BYTES: positiveInteger(40 * 1024 * 1024).register(
    envDocs,
    main("largest inbound message the MX listener accepts, enforced while it streams (552 above)"),
  ),
  MAIL_PROVIDER: oneOf(["sink", "smtp", "ses"])
    .transform((provider) => provider ?? "sink")
    .register(envDocs, main("sink (keep in the database), smtp, or ses")),
  SMTP_URL: text().register(envDocs, main("smtp://user:pass@host:port; required with MAIL_PROVIDER=smtp")),
  AWS_REGION: textOr("us-east-1").register(envDocs, main("Amazon SES v2 region (docs/ses.md)")),
  SES_ENDPOINT: url().register(envDocs, main("SES-compatible endpoint (LocalStack, tests); unset = Amazon's")),
  SES_CONFIGURATION_SET: text().register(envDocs, main("SES configuration set whose events are published to SNS")),
  AWS_ACCESS_KEY_ID: text().register(
    envDocs,
    main("read by the AWS SDK; with SES_ENDPOINT and neither this nor AWS_PROFILE, placeholder credentials are used"),
  ),
  AWS_PROFILE: text().register(envDocs, main("read by the AWS SDK (see AWS_ACCESS_KEY_ID)")),
  SNS_TOPIC_ARNS: list().register(
    envDocs,
    main("comma-separated SNS topic ARNs whose SES events POST /api/ses/sns accepts; required with MAIL_PROVIDER=ses"),
  ),
  SANDBOX_SENDER: textOr("onboarding@posthaste.dev").register(envDocs, main("test-mode sender address")),
  SYSTEM_SENDER: text().register(envDocs, main("sender of owner notices; default notifications@<APP_URL host>")),
  ENCRYPTION_KEY: text().register(
    envDocs,
    main("encrypts DKIM keys and webhook secrets at rest; generated on the embedded quick start, required with DATABASE_URL"),
  ),
  AUTH_SECRET: text().register(
    envDocs,
    main("signs dashboard sessions and tracking tokens; generated on the embedded quick start, required with DATABASE_URL"),
  ),
  WEBHOOK_RETRY_SCHEDULE: nonNegativeNumbers([5, 300, 1800, 7200, 18000, 36000, 36000]).register(
    envDocs,
    main("seconds between webhook attempts"),
  ),
  WEBHOOK_ALLOWED_ORIGINS: origins().register(envDocs, main("origins exempt from the https/443/public-host webhook rules (development)")),
  DNS_SERVERS: list().register(envDocs, main("resolvers for domain checks and webhook targets, e.g. 127.0.0.1:5353; unset = the system's")),
  RAMP_STAGES: nonNegativeNumbers([]).register(
    envDocs,
    main("recipients per day for days 1, 2, … after approval, e.g. 100,500,2000; unset = no ramp"),
  ),
  PLANS: text().register(envDocs, main('JSON overriding plan limits, e.g. {"free":{"month":5000}}')),
  LOG_LEVEL: oneOf(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
    .transform((level) => level ?? "info")
    .register(
      envDocs,
      main("JSON log lines on stdout at this level and above: fatal, error, warn, info (one line per request), debug, silent"),
    ),
  METRICS_TOKEN: text().register(envDocs, main("bearer token of GET /metrics (Prometheus); unset = no metrics endpoint")),
  RETENTION_DAYS: parsed<number | null>(null, "is not a positive number of days", (raw) => {
    const n = Number(raw);
    return Number.isFinite(n) && n > 0 ? n : undefined;
  }).register(
    envDocs,
    main("prune message bodies, events and delivery logs older than this many days (status rows stay); unset = keep forever"),
  ),
  JOBS_DRIVER: oneOf(["inngest", "embedded"]).register(
    envDocs,
    main("who runs background functions; default embedded, or inngest when an Inngest variable is set"),
  ),
  INNGEST_EVENT_KEY: text().register(envDocs, main("Inngest event key (Inngest Cloud / self-hosted; read by the Inngest client too)")),
  INNGEST_SIGNING_KEY: text().register(envDocs, main("Inngest signing key (read by the Inngest client too)")),
  INNGEST_DEV: text().register(envDocs, main("use the Inngest dev server (1 or its URL); a start-up error with NODE_ENV=production")),
  // Read by the Inngest SDK only; listed so a typo is a start-up error rather than events sent nowhere.
  INNGEST_BASE_URL: url().register(
    envDocs,
    main(
      "self-hosted Inngest server the SDK sends events to (e.g. http://inngest:8288); unset = Inngest Cloud; does not select the driver",
    ),
  ),
  MAX_BODY_BYTES: positiveInteger(10 * 1024 * 1024).register(envDocs, main("largest request body (413 above)")),
  MAX_MESSAGE_BYTES: positiveInteger(10 * 1024 * 1024).register(
    envDocs,
    main("largest message: content plus decoded attachments (413 above)"),
  ),
  TRUSTED_PROXY_HOPS: nonNegativeNumber(0).register(
    envDocs,
    main("proxies in front that append to X-Forwarded-For (0: the socket's peer is the client)"),
  ),

  PLATFORM_DKIM_PRIVATE_KEY: text().register(
    envDocs,
    tuning("PEM DKIM key (\\n for line breaks) for mail from the sandbox and system senders; unset: unsigned, with a warning"),
  ),
  PLATFORM_DKIM_SELECTOR: textOr("posthaste").register(envDocs, tuning("selector of PLATFORM_DKIM_PRIVATE_KEY")),
  SMTP_POOL_SIZE: nonNegativeNumber(16).register(envDocs, tuning("pooled SMTP connections")),
  SMTP_TLS_REJECT_UNAUTHORIZED: z
    .string()
    .optional()
    .transform((raw) => raw !== "false")
    .register(envDocs, tuning("false accepts a relay's self-signed certificate")),
  DISPATCH_BATCH_SIZE: nonNegativeNumber(100).register(envDocs, tuning("messages claimed per dispatch run")),
  DISPATCH_CONCURRENCY: nonNegativeNumber(4).register(envDocs, tuning("parallel dispatch loops of the embedded driver")),
  DISPATCH_LEASE_MS: nonNegativeNumber(120_000).register(
    envDocs,
    tuning("how long a claimed message is ours before another worker may take it (crash recovery)"),
  ),
  DISPATCH_IDLE_MS: nonNegativeNumber(1000).register(envDocs, tuning("idle poll interval (scheduled sends become due unannounced)")),
  DISPATCH_SEND_TIMEOUT_MS: nonNegativeNumber(30_000).register(
    envDocs,
    tuning("deadline of one hand-off to the provider; keep DISPATCH_LEASE_MS above twice this"),
  ),
  DISPATCH_RETRY_SCHEDULE: nonNegativeNumbers([30, 120, 600, 1800, 3600, 7200, 14400]).register(
    envDocs,
    tuning("seconds between hand-off retries after a temporary provider failure; once exhausted the email fails"),
  ),
  PROVIDER_MAX_PER_SECOND: parsed<number | null>(null, "is not a non-negative number", nonNegative).register(
    envDocs,
    tuning("Inngest throttle for provider sends (at least 1); unset: 14 with ses, none otherwise"),
  ),
  BREAKER_MIN_SENDS: nonNegativeNumber(100).register(envDocs, tuning("deliverability breaker: sends in the window before it judges")),
  BREAKER_BOUNCE_RATE: nonNegativeNumber(0.1).register(envDocs, tuning("deliverability breaker: bounce rate that pauses an account")),
  BREAKER_COMPLAINT_RATE: nonNegativeNumber(0.005).register(
    envDocs,
    tuning("deliverability breaker: complaint rate that pauses an account"),
  ),
  BREAKER_WINDOW_MS: nonNegativeNumber(24 * 3600 * 1000).register(envDocs, tuning("deliverability breaker window")),
  BREAKER_INTERVAL_MS: nonNegativeNumber(60_000).register(envDocs, tuning("how often the breaker looks")),
  DOMAIN_POLL_SCHEDULE: nonNegativeNumbers([60, 120, 300, 600, 900, 1800, 3600]).register(
    envDocs,
    tuning("seconds between DNS polls of a pending domain (the last repeats)"),
  ),
  DOMAIN_VERIFY_TIMEOUT: nonNegativeNumber(72 * 3600).register(envDocs, tuning("seconds after which a pending domain fails")),
  DOMAIN_HEALTH_INTERVAL: nonNegativeNumber(24 * 3600).register(envDocs, tuning("seconds between health checks of a verified domain")),
  DOMAIN_VERIFY_CACHE: nonNegativeNumber(10).register(
    envDocs,
    tuning("seconds within which a verify call is answered from the last check"),
  ),
  DOMAIN_SWEEP_INTERVAL: nonNegativeNumber(15).register(envDocs, tuning("seconds between the embedded driver's looks for due domains")),
  DOMAIN_MX_HOST: text().register(envDocs, tuning("return-path MX for sink/smtp; default feedback-smtp.<APP_URL host>")),
  DOMAIN_SPF_INCLUDE: text().register(envDocs, tuning("return-path SPF include for sink/smtp; default _spf.<APP_URL host>")),
  SNS_CERT_URL_PATTERN: regularExpression().register(
    envDocs,
    tuning("regular expression replacing the Amazon host check of SNS certificate and subscribe URLs"),
  ),
  SEARCH_WINDOW: positiveInteger(100).register(envDocs, tuning("newest matches ranked together by email search")),
  AUTH_SIGNIN_FAILURES_PER_ADDRESS: nonNegativeNumber(10).register(
    envDocs,
    tuning("failed dashboard sign-ins per address from one client (IP, IPv6 /64) per window (0 = off)"),
  ),
  AUTH_SIGNIN_CEILING: nonNegativeNumber(100).register(
    envDocs,
    tuning(
      "failed dashboard sign-ins per address from all clients together per AUTH_SIGNIN_CEILING_WINDOW; clients that signed in to it before are exempt (0 = off)",
    ),
  ),
  AUTH_SIGNIN_CEILING_WINDOW: nonNegativeNumber(3600).register(envDocs, tuning("seconds of the sign-in ceiling's window")),
  AUTH_SIGNIN_ATTEMPTS_PER_IP: nonNegativeNumber(30).register(
    envDocs,
    tuning("dashboard sign-in attempts per client IP per window (0 = off)"),
  ),
  AUTH_SIGNIN_WINDOW: nonNegativeNumber(900).register(envDocs, tuning("seconds of the sign-in limits' window")),
  AUTH_SIGNUP_PER_IP: nonNegativeNumber(5).register(envDocs, tuning("sign-ups and new-link requests per client IP per window (0 = off)")),
  AUTH_MAILS_PER_ADDRESS: nonNegativeNumber(5).register(envDocs, tuning("mails the public forms send one address per window (0 = off)")),
  AUTH_SIGNUP_WINDOW: nonNegativeNumber(3600).register(envDocs, tuning("seconds of the sign-up limits' window")),
  EMAIL_VERIFICATION_TTL: nonNegativeNumber(24 * 3600).register(
    envDocs,
    tuning("seconds a sign-up's verification link (and an email change's confirmation link) stays valid"),
  ),
  PASSWORD_RESET_TTL: nonNegativeNumber(3600).register(
    envDocs,
    tuning("seconds a password link stays valid: a reset link, or the sign-in link `accounts create` prints"),
  ),
  INVITATION_TTL: nonNegativeNumber(7 * 24 * 3600).register(envDocs, tuning("seconds a team invitation's link stays valid")),
  TRACKING_TOKEN_TTL_DAYS: nonNegativeNumber(90).register(
    envDocs,
    tuning("days a tracking link works: opens and clicks are recorded and clicks redirect; past it a click is refused (410)"),
  ),
  SMTP_DATA_TIMEOUT: positiveInteger(600).register(
    envDocs,
    tuning(
      "seconds a submitted message may take to arrive, from the 354 to the final dot; past it 421 and the connection closes (a sender dribbling bytes holds no connection forever)",
    ),
  ),
  SMTP_AUTH_FAILURES_PER_IP: nonNegativeNumber(10).register(
    envDocs,
    tuning("failed SMTP AUTH attempts per client IP per AUTH_SIGNIN_WINDOW before AUTH is refused (0 = off)"),
  ),
  TRACKING_MAX_HITS: nonNegativeNumber(100).register(envDocs, tuning("recorded opens per message and clicks per link per message")),
  SMTP_MX_MESSAGES_PER_MINUTE: nonNegativeNumber(600).register(
    envDocs,
    tuning("messages one client address may deliver to the MX listener per minute, per listener process, before 451 (0 = off)"),
  ),
});

export type EnvName = keyof typeof envSchema.shape;
export type EnvValues = z.output<typeof envSchema>;
export const ENV_NAMES = Object.keys(envSchema.shape) as EnvName[];

/** The documentation of one variable (every variable has one). */
export const envDoc = (name: EnvName): VariableDoc => envDocs.get(envSchema.shape[name])!;

/** A variable's default as it would be written in the environment; "" when unset or derived from others (its doc says). */
export function defaultText(name: EnvName): string {
  const value: unknown = envSchema.shape[name].parse(undefined);
  return value === null ? "" : Array.isArray(value) ? value.join(",") : String(value);
}

/** Each variable parsed on its own, so one start-up error can name every bad variable. */
export function parseEnv(env: Record<string, string | undefined>): { values: Partial<EnvValues>; problems: string[] } {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const name of ENV_NAMES) {
    const result = envSchema.shape[name].safeParse(env[name]);
    if (result.success) values[name] = result.data;
    else problems.push(...result.error.issues.map((issue) => `${name}: ${issue.message}`));
  }
  return { values: values as Partial<EnvValues>, problems };
}
