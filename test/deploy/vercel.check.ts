import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { run, tail } from "./run";

/**
 * `vercel build` as Vercel runs it, offline (a local .vercel/project.json; nothing is
 * deployed): it refuses a project without DATABASE_URL, and with one its output holds a
 * function for /v1, /api/trpc, /api/inngest and each dashboard page. The CLI is fetched by
 * npm exec at a pinned version rather than made a devDependency (docs/decisions/).
 */
const VERCEL_CLI = "vercel@60.1.3";
const output = ".vercel/output";

/** This environment without the service's own settings, plus `env`. */
function buildEnv(env: Record<string, string>): Record<string, string | undefined> {
  const base: Record<string, string | undefined> = { ...process.env, VERCEL_TELEMETRY_DISABLED: "1", NEXT_TELEMETRY_DISABLED: "1" };
  for (const name of [
    "DATABASE_URL",
    "ENCRYPTION_KEY",
    "AUTH_SECRET",
    "JOBS_DRIVER",
    "INNGEST_EVENT_KEY",
    "INNGEST_SIGNING_KEY",
    "INNGEST_DEV",
  ]) {
    delete base[name];
  }
  return { ...base, ...env };
}
const vercelBuild = (env: Record<string, string>) =>
  run("npm", ["exec", "--yes", "--", VERCEL_CLI, "build", "--yes"], { env: buildEnv(env), timeoutMs: 20 * 60_000 });

beforeAll(() => {
  // What `vercel link` would write; the build reads only the framework from it.
  if (!fs.existsSync(".vercel/project.json")) {
    fs.mkdirSync(".vercel", { recursive: true });
    fs.writeFileSync(
      ".vercel/project.json",
      JSON.stringify({ projectId: "prj_posthaste_ci", orgId: "team_posthaste_ci", settings: { framework: "nextjs" } }),
    );
  }
});

const functionConfig = (route: string) =>
  JSON.parse(fs.readFileSync(path.join(output, "functions", `${route}.func`, ".vc-config.json"), "utf8")) as {
    launcherType: string;
    maxDuration?: number;
    filePathMap?: Record<string, string>;
  };

describe("vercel build", () => {
  it("refuses to build without DATABASE_URL, saying why", { timeout: 10 * 60_000 }, async () => {
    const refused = await vercelBuild({ ENCRYPTION_KEY: "k", AUTH_SECRET: "s" });
    expect(refused.code, tail(refused)).not.toBe(0);
    expect(`${refused.stdout}${refused.stderr}`).toContain("DATABASE_URL is required on Vercel");
  });

  it("builds a function for /v1, /api/trpc, /api/inngest and each dashboard page", { timeout: 20 * 60_000 }, async () => {
    fs.rmSync(output, { recursive: true, force: true });
    const built = await vercelBuild({
      DATABASE_URL: "postgres://posthaste@db.example.com:5432/posthaste",
      ENCRYPTION_KEY: "k",
      AUTH_SECRET: "s",
      INNGEST_EVENT_KEY: "event-key",
      INNGEST_SIGNING_KEY: "signkey-prod-00",
    });
    expect(built.code, tail(built)).toBe(0);
    console.log(`vercel build: ${Math.round(built.ms / 1000)} s`);
    const routes = [
      "v1/[[...path]]",
      "api/trpc/[trpc]",
      "api/inngest",
      "api/health",
      "index",
      "emails",
      "domains",
      "api-keys",
      "webhooks",
      "suppressions",
      "sign-in",
    ];
    for (const route of routes) expect(functionConfig(route).launcherType, route).toBe("Nodejs");
    // Inngest runs one step per call: the route asks for the longest duration (app/api/inngest/route.ts).
    expect(functionConfig("api/inngest").maxDuration).toBe(300);
    // The migrations travel with the functions that open the database (next.config.ts).
    for (const route of routes) expect(Object.keys(functionConfig(route).filePathMap ?? {}), route).toContain("drizzle/meta/_journal.json");
  });
});
