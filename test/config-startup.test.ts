import { execFile } from "node:child_process";
import os from "node:os";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { checkVercelBuild, loadConfig } from "../server/config";

/** Start-up refuses configurations that would leave a door open, naming the variable. */
describe("start-up configuration", () => {
  it("MAIL_PROVIDER=ses needs SNS_TOPIC_ARNS", () => {
    expect(() => loadConfig({ MAIL_PROVIDER: "ses" })).toThrow(/SNS_TOPIC_ARNS/);
    expect(() => loadConfig({ MAIL_PROVIDER: "ses", SNS_TOPIC_ARNS: " , " })).toThrow(/SNS_TOPIC_ARNS/);
    expect(
      loadConfig({ MAIL_PROVIDER: "ses", SNS_TOPIC_ARNS: "arn:aws:sns:eu-west-1:1:a, arn:aws:sns:eu-west-1:1:b" }).snsTopicArns,
    ).toEqual(["arn:aws:sns:eu-west-1:1:a", "arn:aws:sns:eu-west-1:1:b"]);
    expect(loadConfig({ MAIL_PROVIDER: "sink" }).mailProvider).toBe("sink");
  });

  it("SNS_CERT_URL_PATTERN must be a regular expression", () => {
    expect(() => loadConfig({ MAIL_PROVIDER: "ses", SNS_TOPIC_ARNS: "arn:x", SNS_CERT_URL_PATTERN: "(" })).toThrow(/SNS_CERT_URL_PATTERN/);
  });
});

describe("processes and roles", () => {
  const pg = { DATABASE_URL: "postgres://localhost/x" };
  it("WEB_CONCURRENCY defaults to the cores with PostgreSQL and to 1 on PGlite; a given one is kept", () => {
    expect(loadConfig(pg).processes).toBe(os.availableParallelism());
    expect(loadConfig({}).processes).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: "3" }).processes).toBe(3);
    expect(() => loadConfig({ WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY/);
  });

  it("POSTHASTE_ROLE web and worker need PostgreSQL; a worker needs the embedded driver", () => {
    expect(loadConfig({}).role).toBe("all");
    expect(loadConfig({ ...pg, POSTHASTE_ROLE: "Worker" }).role).toBe("worker");
    expect(() => loadConfig({ POSTHASTE_ROLE: "web" })).toThrow(/POSTHASTE_ROLE=web needs DATABASE_URL/);
    expect(() => loadConfig({ POSTHASTE_ROLE: "worker" })).toThrow(/POSTHASTE_ROLE=worker needs DATABASE_URL/);
    expect(() => loadConfig({ ...pg, POSTHASTE_ROLE: "worker", JOBS_DRIVER: "inngest" })).toThrow(/with Inngest/);
    expect(() => loadConfig({ POSTHASTE_ROLE: "both" })).toThrow(/POSTHASTE_ROLE/);
  });

  it("SMTP submission: role smtp needs PostgreSQL; ports take a number or off; a certificate comes with its key", () => {
    expect(loadConfig({ ...pg, POSTHASTE_ROLE: "smtp" }).role).toBe("smtp");
    expect(() => loadConfig({ POSTHASTE_ROLE: "smtp" })).toThrow(/POSTHASTE_ROLE=smtp needs DATABASE_URL/);
    expect(loadConfig({}).smtpSubmission).toMatchObject({ port: 2587, tlsPort: 2465, certFile: null, proxy: false, host: "localhost" });
    expect(loadConfig({ SMTP_SUBMISSION_PORT: "off", SMTP_SUBMISSION_TLS_PORT: "OFF" }).smtpSubmission).toMatchObject({
      port: null,
      tlsPort: null,
    });
    expect(() => loadConfig({ SMTP_SUBMISSION_PORT: "smtp" })).toThrow(/SMTP_SUBMISSION_PORT/);
    expect(() => loadConfig({ SMTP_SUBMISSION_TLS_PORT: "70000" })).toThrow(/SMTP_SUBMISSION_TLS_PORT/);
    expect(() => loadConfig({ SMTP_TLS_CERT_FILE: "/etc/cert.pem" })).toThrow(/SMTP_TLS_CERT_FILE and SMTP_TLS_KEY_FILE/);
    expect(loadConfig({ SMTP_SUBMISSION_PROXY: "1", SMTP_SUBMISSION_HOST: "smtp.example.com" }).smtpSubmission).toMatchObject({
      proxy: true,
      host: "smtp.example.com",
    });
  });

  it("inbound: role mx needs PostgreSQL; SMTP_MX_PORT takes a number or off; sizes and rates have defaults", () => {
    expect(loadConfig({ ...pg, POSTHASTE_ROLE: "mx" }).role).toBe("mx");
    expect(() => loadConfig({ POSTHASTE_ROLE: "mx" })).toThrow(/POSTHASTE_ROLE=mx needs DATABASE_URL/);
    expect(loadConfig({}).inbound).toEqual({ mxPort: 2525, maxBytes: 41943040, messagesPerMinute: 600, mxHost: "localhost" });
    expect(
      loadConfig({ SMTP_MX_PORT: "off", MAX_INBOUND_BYTES: "1000", SMTP_MX_MESSAGES_PER_MINUTE: "0", SMTP_MX_HOST: "mx.example.com" })
        .inbound,
    ).toEqual({ mxPort: null, maxBytes: 1000, messagesPerMinute: 0, mxHost: "mx.example.com" });
    expect(() => loadConfig({ SMTP_MX_PORT: "25x" })).toThrow(/SMTP_MX_PORT/);
  });
});

describe("INNGEST_DEV in production", () => {
  it("is a start-up error with NODE_ENV=production, allowed in development", () => {
    expect(() => loadConfig({ NODE_ENV: "production", INNGEST_DEV: "1" })).toThrow(/INNGEST_DEV/);
    expect(() => loadConfig({ NODE_ENV: "production", INNGEST_DEV: "http://127.0.0.1:8288" })).toThrow(/INNGEST_DEV/);
    expect(loadConfig({ NODE_ENV: "development", INNGEST_DEV: "1" }).jobsDriver).toBe("inngest");
    // INNGEST_DEV=0 is Inngest's own way of saying "not the dev server".
    expect(() => loadConfig({ NODE_ENV: "production", INNGEST_DEV: "0", INNGEST_SIGNING_KEY: "signkey-prod-x" })).not.toThrow();
  });
});

describe("INNGEST_BASE_URL", () => {
  it("must be a URL, and only says where Inngest is: it does not choose the Inngest driver", () => {
    expect(() => loadConfig({ INNGEST_BASE_URL: "inngest port 8288" })).toThrow(/INNGEST_BASE_URL: "inngest port 8288" is not a URL/);
    expect(loadConfig({ INNGEST_BASE_URL: "http://inngest:8288" }).jobsDriver).toBe("embedded");
  });
});

describe("on Vercel (VERCEL set)", () => {
  const secrets = { ENCRYPTION_KEY: "k", AUTH_SECRET: "s" };
  const database = { DATABASE_URL: "postgres://u@db.example.com/posthaste" };

  it("the build and start-up refuse the embedded database", () => {
    expect(() => checkVercelBuild({ VERCEL: "1", ...secrets })).toThrow(/DATABASE_URL is required on Vercel/);
    expect(() => loadConfig({ VERCEL: "1" })).toThrow(/DATABASE_URL is required on Vercel/);
    expect(loadConfig({ VERCEL: "1", ...database }).databaseUrl).toBe(database.DATABASE_URL);
  });

  it("the build refuses missing secrets and warns when nothing would run background work", () => {
    expect(() => checkVercelBuild({ VERCEL: "1", ...database })).toThrow(/ENCRYPTION_KEY and AUTH_SECRET must be set on Vercel/);
    const warnings: string[] = [];
    checkVercelBuild({ VERCEL: "1", ...database, ...secrets }, (line) => warnings.push(line));
    expect(warnings).toEqual([expect.stringMatching(/without Inngest.*POSTHASTE_ROLE=worker/)]);
    warnings.length = 0;
    checkVercelBuild({ VERCEL: "1", ...database, ...secrets, INNGEST_SIGNING_KEY: "signkey-prod-x" }, (line) => warnings.push(line));
    expect(warnings).toEqual([]);
  });

  it("is no concern elsewhere", () => {
    expect(() => checkVercelBuild({})).not.toThrow();
  });
});

describe("one validated configuration", () => {
  it("names every bad variable in one start-up error, with why", () => {
    let message = "";
    try {
      loadConfig({
        PORT: "80x",
        APP_URL: "not a url",
        MAIL_PROVIDER: "postfix",
        DISPATCH_RETRY_SCHEDULE: "30,soon",
        TRUSTED_PROXY_HOPS: "-1",
        WEBHOOK_ALLOWED_ORIGINS: "::",
      });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message.split("\n")).toEqual([
      "Invalid configuration:",
      '  PORT: "80x" is not a positive integer',
      '  APP_URL: "not a url" is not a URL',
      '  MAIL_PROVIDER: "postfix" is not one of sink, smtp, ses',
      '  WEBHOOK_ALLOWED_ORIGINS: "::" is not a comma-separated list of URLs',
      '  TRUSTED_PROXY_HOPS: "-1" is not a non-negative number',
      '  DISPATCH_RETRY_SCHEDULE: "30,soon" is not a comma-separated list of non-negative numbers',
    ]);
  });

  it("reports rules between variables beside bad variables", () => {
    expect(() => loadConfig({ MAIL_PROVIDER: "smtp", SMTP_POOL_SIZE: "many" })).toThrow(
      /SMTP_POOL_SIZE: "many".*\n.*MAIL_PROVIDER=smtp needs SMTP_URL/,
    );
  });

  it("takes unset and empty as the default, and derives the defaults that depend on other variables", () => {
    for (const env of [
      {},
      { PORT: "", APP_URL: "", MAIL_PROVIDER: "", DISPATCH_RETRY_SCHEDULE: "", AWS_REGION: "", SMTP_TLS_REJECT_UNAUTHORIZED: "" },
    ]) {
      const cfg = loadConfig(env);
      expect(cfg.port).toBe(3000);
      expect(cfg.appUrl).toBe("http://localhost:3000");
      expect(cfg.mailProvider).toBe("sink");
      expect(cfg.jobsDriver).toBe("embedded");
      expect(cfg.delivery.retrySchedule).toEqual([30, 120, 600, 1800, 3600, 7200, 14400]);
      expect(cfg.awsRegion).toBe("us-east-1");
      expect(cfg.smtpTlsRejectUnauthorized).toBe(true);
      expect(cfg.providerMaxPerSecond).toBeNull();
    }
    const cfg = loadConfig({ APP_URL: "https://mail.example.com/", INNGEST_EVENT_KEY: "k", MAIL_PROVIDER: "SES", SNS_TOPIC_ARNS: "arn:x" });
    expect(cfg.appUrl).toBe("https://mail.example.com");
    expect(cfg.systemSender).toBe("notifications@mail.example.com");
    expect(cfg.domains.mxHost).toBe("feedback-smtp.mail.example.com");
    expect(cfg.jobsDriver).toBe("inngest");
    expect(cfg.mailProvider).toBe("ses");
    expect(cfg.providerMaxPerSecond).toBe(14);
    expect(loadConfig({ PROVIDER_MAX_PER_SECOND: "0" }).providerMaxPerSecond).toBe(1);
    expect(loadConfig({ SMTP_TLS_REJECT_UNAUTHORIZED: "false" }).smtpTlsRejectUnauthorized).toBe(false);
    expect(loadConfig({ PLATFORM_DKIM_PRIVATE_KEY: "-----BEGIN\\nKEY" }).platformDkim).toEqual({
      selector: "posthaste",
      privateKey: "-----BEGIN\nKEY",
    });
  });
});

describe("start-up with a bad configuration", () => {
  it("the server exits before serving, naming each bad variable", async () => {
    const env = { ...process.env, PORT: "eighty", MAIL_PROVIDER: "ses", SNS_TOPIC_ARNS: "", DOMAIN_VERIFY_CACHE: "soon" };
    const started = promisify(execFile)(process.execPath, ["--import", "tsx", "server/main.ts"], { env, timeout: 60_000 });
    const failure = await started.then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('PORT: "eighty" is not a positive integer');
    expect(failure?.stderr).toContain('DOMAIN_VERIFY_CACHE: "soon" is not a non-negative number');
    expect(failure?.stderr).toContain("MAIL_PROVIDER=ses needs SNS_TOPIC_ARNS");
  });
});
