import { describe, expect, it } from "vitest";
import { loadConfig as load } from "../server/config";

const loadConfig = (env: Record<string, string>) => load(env as NodeJS.ProcessEnv);

/** Start-up refuses configurations that would leave a door open, naming the variable. */
describe("start-up configuration", () => {
  it("MAIL_PROVIDER=ses needs SNS_TOPIC_ARNS", () => {
    expect(() => loadConfig({ MAIL_PROVIDER: "ses" })).toThrow(/SNS_TOPIC_ARNS/);
    expect(() => loadConfig({ MAIL_PROVIDER: "ses", SNS_TOPIC_ARNS: " , " })).toThrow(/SNS_TOPIC_ARNS/);
    expect(loadConfig({ MAIL_PROVIDER: "ses", SNS_TOPIC_ARNS: "arn:aws:sns:eu-west-1:1:a, arn:aws:sns:eu-west-1:1:b" }).snsTopicArns).toEqual([
      "arn:aws:sns:eu-west-1:1:a",
      "arn:aws:sns:eu-west-1:1:b",
    ]);
    expect(loadConfig({ MAIL_PROVIDER: "sink" }).mailProvider).toBe("sink");
  });

  it("SNS_CERT_URL_PATTERN must be a regular expression", () => {
    expect(() => loadConfig({ MAIL_PROVIDER: "ses", SNS_TOPIC_ARNS: "arn:x", SNS_CERT_URL_PATTERN: "(" })).toThrow(/SNS_CERT_URL_PATTERN/);
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
