import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ENV_NAMES } from "../../server/env";
import { run, tail } from "./run";

/**
 * docker-compose.yml, read by a real Compose parser (Debian's docker-compose, `config`): it
 * resolves with the required values set, refuses to without them, and passes the app only
 * variables the app (or a library it uses) reads.
 */
const required = {
  POSTGRES_PASSWORD: "pw",
  ENCRYPTION_KEY: "key",
  AUTH_SECRET: "secret",
  APP_URL: "https://mail.example.com",
};
// The environment Compose interpolates from: the required values, nothing of this machine's.
const compose = (args: string[], env: Record<string, string> = required) =>
  run("docker-compose", ["--project-directory", ".", "-f", "docker-compose.yml", ...args], { env: { PATH: process.env.PATH, ...env } });

describe("docker-compose.yml", () => {
  it("resolves with the required values: PostgreSQL, a web and a worker role, and Inngest in its own profile", async () => {
    const services = await compose(["config", "--services"]);
    expect(services.code, tail(services)).toBe(0);
    expect(services.stdout.trim().split("\n").sort()).toEqual(["inngest", "inngest-redis", "postgres", "web", "worker"]);
    const resolved = await compose(["config"]);
    expect(resolved.code, tail(resolved)).toBe(0);
    expect(resolved.stdout).toMatch(/POSTHASTE_ROLE: web/);
    expect(resolved.stdout).toMatch(/POSTHASTE_ROLE: worker/);
    expect(resolved.stdout).toContain("DATABASE_URL: postgres://posthaste:pw@postgres:5432/posthaste");
    // Only the Inngest server and its Redis wait for `--profile inngest`.
    expect(resolved.stdout.match(/profiles:\n\s+- inngest\n/g)).toHaveLength(2);
    expect(resolved.stdout).toMatch(/inngest:\n(?:.*\n)*?\s+- start\n/);
  });

  it("refuses to resolve without the secrets, naming them", async () => {
    for (const name of Object.keys(required)) {
      const without = Object.fromEntries(Object.entries(required).filter(([k]) => k !== name));
      const res = await compose(["config", "--quiet"], without);
      expect(res.code, name).not.toBe(0);
      expect(res.stderr).toContain(`set ${name}`);
    }
  });

  it("passes the app only variables it reads", () => {
    const text = fs.readFileSync("docker-compose.yml", "utf8");
    const appEnv = text.slice(text.indexOf("environment: &app-env"), text.indexOf("\nservices:"));
    const passed = [...appEnv.matchAll(/^ {4}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]);
    expect(passed.length).toBeGreaterThan(5);
    expect(passed.filter((name) => !(ENV_NAMES as string[]).includes(name))).toEqual([]);
  });
});
