import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { ENV_NAMES } from "../../server/env";
import { run, tail } from "./run";

/**
 * docker-compose.yml, read by a real Compose parser (Debian's docker-compose, `config`): it
 * resolves with the required values set, refuses to without them, passes the app only
 * variables the app (or a library it uses) reads, and every documented way to run it starts
 * only services whose configuration the app accepts (none crash-loops).
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

interface Service {
  profiles: string[];
  environment: Record<string, string>;
}

/** The services of `docker-compose config`'s output (its fixed two-space layout): profiles and environment. */
function servicesOf(resolved: string): Map<string, Service> {
  const services = new Map<string, Service>();
  const lines = resolved.split("\n");
  let current: Service | null = null;
  let section = "";
  for (const line of lines.slice(lines.indexOf("services:") + 1)) {
    if (/^\S/.test(line)) break;
    let m: RegExpExecArray | null;
    if ((m = /^ {2}([\w-]+):$/.exec(line))) services.set(m[1], (current = { profiles: [], environment: {} }));
    else if ((m = /^ {4}(\w+):/.exec(line))) section = m[1];
    else if (current && section === "profiles" && (m = /^ {4}- (.+)$/.exec(line))) current.profiles.push(m[1]);
    else if (current && section === "environment" && (m = /^ {6}([A-Z][A-Z0-9_]*): (.*)$/.exec(line)))
      current.environment[m[1]] = m[2].replace(/^'(.*)'$/, "$1").replaceAll("''", "'");
  }
  return services;
}

/** What `docker compose [--profile …] up` starts: the services without a profile and those of the given ones. */
async function started(env: Record<string, string>, profiles: string[]): Promise<Map<string, Service>> {
  const resolved = await compose(["config"], { ...required, ...env });
  expect(resolved.code, tail(resolved)).toBe(0);
  return new Map(
    [...servicesOf(resolved.stdout)].filter(([, s]) => s.profiles.length === 0 || s.profiles.some((p) => profiles.includes(p))),
  );
}

describe("docker-compose.yml", () => {
  it("resolves with the required values: PostgreSQL and the app, workers and Inngest in their own profiles", async () => {
    const services = await compose(["config", "--services"]);
    expect(services.code, tail(services)).toBe(0);
    expect(services.stdout.trim().split("\n").sort()).toEqual(["inngest", "inngest-redis", "postgres", "web", "worker"]);
    const resolved = await compose(["config"]);
    expect(resolved.code, tail(resolved)).toBe(0);
    const all = servicesOf(resolved.stdout);
    expect(Object.fromEntries([...all].map(([name, s]) => [name, s.profiles]))).toEqual({
      web: [],
      postgres: [],
      worker: ["worker"],
      inngest: ["inngest"],
      "inngest-redis": ["inngest"],
    });
    expect(all.get("web")!.environment).toMatchObject({
      POSTHASTE_ROLE: "all",
      DATABASE_URL: "postgres://posthaste:pw@postgres:5432/posthaste",
    });
    expect(all.get("worker")!.environment.POSTHASTE_ROLE).toBe("worker");
    expect(resolved.stdout).toMatch(/inngest:\n(?:.*\n)*?\s+- start\n/);
    // One image, built once (by web); the worker runs its tag, never building or pulling its own.
    expect(resolved.stdout.match(/^ {4}build:/gm)).toHaveLength(1);
    expect(resolved.stdout).toMatch(/^ {2}web:\n {4}build:/m);
    expect(resolved.stdout.match(/^ {4}image: posthaste:latest$/gm)).toHaveLength(2);
    expect(resolved.stdout).toMatch(/^ {2}worker:\n(?: {4}.*\n)*? {4}pull_policy: never$/m);
    // SIGTERM, then 45 s before SIGKILL: the HTTP drain plus the send deadline (docs/operations.md).
    expect(resolved.stdout.match(/^ {4}stop_grace_period: 45s$/gm)).toHaveLength(2);
  });

  it("every documented way starts only app services whose configuration the app accepts", async () => {
    const ways: { what: string; env: Record<string, string>; profiles: string[]; roles: Record<string, string> }[] = [
      { what: "default (embedded)", env: {}, profiles: [], roles: { web: "all" } },
      { what: "workers apart", env: { WEB_ROLE: "web" }, profiles: ["worker"], roles: { web: "web", worker: "worker" } },
      {
        what: "self-hosted Inngest",
        env: { JOBS_DRIVER: "inngest", INNGEST_EVENT_KEY: "event-key", INNGEST_SIGNING_KEY: "ab12" },
        profiles: ["inngest"],
        roles: { web: "all" },
      },
    ];
    for (const way of ways) {
      const app = [...(await started(way.env, way.profiles))].filter(([, s]) => s.environment.POSTHASTE_ROLE);
      expect(Object.fromEntries(app.map(([name, s]) => [name, s.environment.POSTHASTE_ROLE])), way.what).toEqual(way.roles);
      // What server/config.ts refuses at start-up would restart forever (restart: unless-stopped).
      for (const [name, s] of app) expect(() => loadConfig(s.environment), `${way.what}: ${name}`).not.toThrow();
    }
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
