import path from "node:path";
import { envNumbers } from "./lib/env";
import { trimEnd } from "./lib/text";
import { processShared } from "./lib/process-shared";

/** Every environment variable the service reads, parsed once. See README "Configuration". */
export interface Config {
  port: number;
  appUrl: string;
  databaseUrl: string | null;
  pgliteDir: string;
  mailProvider: "sink" | "smtp" | "ses";
  smtpUrl: string | null;
  sandboxSender: string;
  systemSender: string;
  encryptionKey: string | null;
  authSecret: string | null;
  webhookRetrySchedule: number[];
  webhookAllowedOrigins: string[];
  dnsServers: string[];
  rampStages: number[];
  jobsDriver: "inngest" | "embedded";
  maxBodyBytes: number;
  maxMessageBytes: number;
  plansOverride: string | null;
  awsRegion: string | null;
  sesEndpoint: string | null;
  sesConfigurationSet: string | null;
  /** SNS topics whose SES events we accept (required with MAIL_PROVIDER=ses). */
  snsTopicArns: string[];
  /** Replaces the Amazon host pattern of SNS certificate and subscribe URLs (private setups, tests). */
  snsCertUrlPattern: string | null;
}

const DEFAULT_RETRY_SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 36000];
const MIB = 1024 * 1024;

function list(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

function int(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name}: "${value}" is not a positive integer`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int("PORT", env.PORT, 3000);
  const appUrl = trimEnd(env.APP_URL || `http://localhost:${port}`, "/");
  const provider = (env.MAIL_PROVIDER || "sink").toLowerCase();
  if (provider !== "sink" && provider !== "smtp" && provider !== "ses") {
    throw new Error(`MAIL_PROVIDER: "${provider}" is not one of sink, smtp, ses`);
  }
  if (provider === "smtp" && !env.SMTP_URL) throw new Error("MAIL_PROVIDER=smtp needs SMTP_URL");
  const snsTopicArns = list(env.SNS_TOPIC_ARNS);
  // Without a topic list anyone with an SNS topic of their own could post events to us.
  if (provider === "ses" && !snsTopicArns.length) {
    throw new Error("MAIL_PROVIDER=ses needs SNS_TOPIC_ARNS: the comma-separated ARNs of the SNS topics your SES events are published to");
  }
  if (env.SNS_CERT_URL_PATTERN) {
    try {
      new RegExp(env.SNS_CERT_URL_PATTERN);
    } catch {
      throw new Error(`SNS_CERT_URL_PATTERN: "${env.SNS_CERT_URL_PATTERN}" is not a regular expression`);
    }
  }
  // The Inngest dev server accepts unsigned calls: never in production (NODE_ENV=production,
  // which `npm start` and `next start` set).
  if (env.NODE_ENV === "production" && env.INNGEST_DEV && !["0", "false"].includes(env.INNGEST_DEV.toLowerCase())) {
    throw new Error("INNGEST_DEV is set but NODE_ENV=production: the Inngest dev server runs functions without signed requests. Unset INNGEST_DEV and set INNGEST_SIGNING_KEY / INNGEST_EVENT_KEY");
  }
  const inngestConfigured = Boolean(env.INNGEST_EVENT_KEY || env.INNGEST_SIGNING_KEY || env.INNGEST_DEV);
  const driver = (env.JOBS_DRIVER || (inngestConfigured ? "inngest" : "embedded")).toLowerCase();
  if (driver !== "inngest" && driver !== "embedded") {
    throw new Error(`JOBS_DRIVER: "${driver}" is not one of inngest, embedded`);
  }
  const appHost = new URL(appUrl).hostname;
  return {
    port,
    appUrl,
    databaseUrl: env.DATABASE_URL || null,
    pgliteDir: path.resolve(env.PGLITE_DIR || "./.data/pglite"),
    mailProvider: provider,
    smtpUrl: env.SMTP_URL || null,
    sandboxSender: (env.SANDBOX_SENDER || "onboarding@posthaste.dev").toLowerCase(),
    systemSender: (env.SYSTEM_SENDER || `notifications@${appHost}`).toLowerCase(),
    encryptionKey: env.ENCRYPTION_KEY || null,
    authSecret: env.AUTH_SECRET || null,
    webhookRetrySchedule: env.WEBHOOK_RETRY_SCHEDULE
      ? envNumbers("WEBHOOK_RETRY_SCHEDULE", DEFAULT_RETRY_SCHEDULE, env)
      : DEFAULT_RETRY_SCHEDULE,
    webhookAllowedOrigins: list(env.WEBHOOK_ALLOWED_ORIGINS).map((o) => new URL(o).origin),
    dnsServers: list(env.DNS_SERVERS),
    rampStages: envNumbers("RAMP_STAGES", [], env),
    jobsDriver: driver,
    maxBodyBytes: int("MAX_BODY_BYTES", env.MAX_BODY_BYTES, 10 * MIB),
    maxMessageBytes: int("MAX_MESSAGE_BYTES", env.MAX_MESSAGE_BYTES, 10 * MIB),
    plansOverride: env.PLANS || null,
    awsRegion: env.AWS_REGION || null,
    sesEndpoint: env.SES_ENDPOINT || null,
    sesConfigurationSet: env.SES_CONFIGURATION_SET || null,
    snsTopicArns,
    snsCertUrlPattern: env.SNS_CERT_URL_PATTERN || null,
  };
}

const current = processShared("config", () => ({ config: null as Config | null }));

/** The process-wide config (one per process, shared by Next's bundle and ours). */
export function config(): Config {
  return (current.config ??= loadConfig());
}

/** For tests and start-up: replace the process-wide config. */
export function setConfig(next: Config): void {
  current.config = next;
}
