import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpReceiver } from "../support/delivery";
import { RawSmtp } from "../support/smtp-client";
import { until } from "../support/wait";
import { freePort, run, tail } from "./run";

/**
 * The Docker image as an operator meets it (issue #15): built from the Dockerfile on the
 * node:20-bookworm-slim base (a local stand-in here: shared/tools/docker-local-base.sh),
 * run with --network host against a fresh PostgreSQL database, an account made with the CLI
 * inside the container, a message sent over HTTP that reaches an SMTP relay on the host, and
 * `docker stop` ending it cleanly. No Docker daemon is a failure, not a skip: CI has one.
 */
const image = process.env.DEPLOY_IMAGE ?? "posthaste:ci";
const admin = process.env.DEPLOY_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const database = `posthaste_docker_${process.pid}`;
const container = `posthaste-check-${process.pid}`;
const owner = "owner@example.com";
/**
 * What the image adds to its base (docs/decisions/0041-a-small-image.md): the layers of our own,
 * so the figure does not depend on which node:20-bookworm-slim the machine has (the local
 * stand-in is 310 MB, the official one about 200 MB). 89 MB when decided; 915 MB before.
 */
const APP_LAYERS_LIMIT_BYTES = 300 * 1024 * 1024;
/**
 * From `docker run` to /api/health answering 200, the first start on a fresh database (so with
 * the migrations) with the default two processes on two cores. Issue #33 aims at 3 s; one
 * process on a migrated database takes 2-3 s here, this start 5.6 s when decided, and the
 * checks share the machine with whatever else runs (docs/benchmarks.md): the bound catches a
 * start gone wrong (a cold import of something huge, a blocking step), not the last second.
 */
const COLD_START_LIMIT_MS = 15_000;

let relay: Awaited<ReturnType<typeof startSmtpReceiver>>;
let port = 0;
let smtpPort = 0;
const base = () => `http://127.0.0.1:${port}`;
let apiKey = "";

const docker = (args: string[], timeoutMs?: number) => run("docker", args, { timeoutMs });

/** The container's state and last log lines, for a failure message. */
async function containerReport(): Promise<string> {
  const state = await docker(["inspect", "-f", "status={{.State.Status}} exit={{.State.ExitCode}} oom={{.State.OOMKilled}}", container]);
  const logs = await docker(["logs", "--tail", "40", container]);
  return `${state.stdout.trim()}\n${tail(logs, 40)}`;
}

/** Waits as `until` does; a timeout says what the container was doing. */
async function untilContainer<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  try {
    return await until(read, ok, 90_000, what);
  } catch (err) {
    throw new Error(`${(err as Error).message}\n${await containerReport()}`);
  }
}
const adminSql = () => postgres(admin, { max: 1, onnotice: () => {} });

beforeAll(async () => {
  relay = await startSmtpReceiver();
});
afterAll(async () => {
  const report = await containerReport();
  if (!report.startsWith("status=exited exit=0")) console.log(`container at the end: ${report}`);
  await docker(["rm", "-f", "-v", container]); // -v: the anonymous /app/.data volume too
  await relay?.stop();
  const sql = adminSql();
  await sql.unsafe(`drop database if exists ${database} with (force)`).catch(() => {});
  await sql.end();
  // The image stays tagged (the next build reuses its layers); the one it replaced is dangling now.
  await docker(["image", "prune", "-f"], 5 * 60_000);
}, 6 * 60_000);

describe("the Docker image", () => {
  it("Docker answers and the node:20-bookworm-slim base is present", async () => {
    const info = await docker(["info", "--format", "{{.ServerVersion}}"]);
    expect(info.code, `no Docker daemon (run shared/tools/docker-local-base.sh): ${tail(info)}`).toBe(0);
    const baseImage = await docker(["image", "inspect", "node:20-bookworm-slim"]);
    expect(baseImage.code, "no node:20-bookworm-slim image (shared/tools/docker-local-base.sh builds the stand-in)").toBe(0);
  });

  it("builds from the Dockerfile", { timeout: 20 * 60_000 }, async () => {
    const build = await docker(["build", "--network", "host", "-t", image, "."], 20 * 60_000);
    expect(build.code, tail(build)).toBe(0);
    const size = await docker(["image", "inspect", image, "--format", "{{.Size}}"]);
    console.log(`docker build: ${Math.round(build.ms / 1000)} s, image ${Math.round(Number(size.stdout) / 1e6)} MB`);
  });

  it("adds at most 300 MiB of its own to the base image", async () => {
    const sizes = await docker(["image", "inspect", image, "node:20-bookworm-slim", "--format", "{{.Size}}"]);
    expect(sizes.code, tail(sizes)).toBe(0);
    const [total, base] = sizes.stdout.trim().split("\n").map(Number);
    // The image's first layers are the base's own (FROM): the difference is ours.
    const history = await docker(["history", "--no-trunc", "--format", "{{.Size}}\t{{.CreatedBy}}", image]);
    console.log(
      `image ${(total / 1e6).toFixed(0)} MB = base ${(base / 1e6).toFixed(0)} MB + ours ${((total - base) / 1e6).toFixed(1)} MB\n` +
        history.stdout
          .split("\n")
          .filter((line) => line && !line.startsWith("0B"))
          .map((line) => `  ${line.slice(0, 120)}`)
          .join("\n"),
    );
    expect(total - base).toBeGreaterThan(0);
    expect(total - base).toBeLessThanOrEqual(APP_LAYERS_LIMIT_BYTES);
  });

  it("runs as the unprivileged node user, with a health check and SIGTERM as its stop signal", async () => {
    const inspect = await docker(["image", "inspect", image, "--format", "{{json .Config}}"]);
    const cfg = JSON.parse(inspect.stdout) as { User: string; Healthcheck: { Test: string[] }; StopSignal?: string };
    expect(cfg.User).toBe("node");
    expect(cfg.Healthcheck.Test.join(" ")).toContain("/api/health");
    expect(cfg.StopSignal ?? "SIGTERM").toBe("SIGTERM");
  });

  it("starts on PostgreSQL, migrates, and is healthy for Docker too", { timeout: 240_000 }, async () => {
    const sql = adminSql();
    await sql.unsafe(`drop database if exists ${database} with (force)`);
    await sql.unsafe(`create database ${database}`);
    await sql.end();
    // Picked now, not before the minutes of building: a port free then may be anyone's by now.
    port = await freePort();
    smtpPort = await freePort();
    const env = {
      PORT: String(port),
      APP_URL: base(),
      DATABASE_URL: admin.replace(/\/[^/]*$/, `/${database}`),
      ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      AUTH_SECRET: randomBytes(32).toString("base64"),
      MAIL_PROVIDER: "smtp",
      SMTP_URL: relay.url,
      // On the host's network the image's 587, 465 and 25 are privileged and maybe taken: ports of our own.
      SMTP_SUBMISSION_PORT: String(smtpPort),
      SMTP_SUBMISSION_TLS_PORT: "off",
      SMTP_MX_PORT: "off",
    };
    const startedAt = Date.now();
    const started = await docker([
      "run",
      "-d",
      "--name",
      container,
      "--network",
      "host",
      ...Object.entries(env).flatMap(([k, v]) => ["-e", `${k}=${v}`]),
      image,
    ]);
    expect(started.code, tail(started)).toBe(0);
    const health = await untilContainer(
      () =>
        fetch(`${base()}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      (status) => status === 200,
      "/api/health to answer 200",
    );
    expect(health).toBe(200);
    // Counted from before `docker run`: its own second or so is part of what an operator waits.
    const coldStartMs = Date.now() - startedAt;
    console.log(`cold start: docker run to /api/health 200 in ${coldStartMs} ms (fresh database, migrations included)`);
    expect(coldStartMs).toBeLessThanOrEqual(COLD_START_LIMIT_MS);
    const state = await untilContainer(
      async () => (await docker(["inspect", "-f", "{{.State.Health.Status}}", container])).stdout.trim(),
      (status) => status === "healthy",
      "Docker's health check to pass",
    );
    expect(state).toBe("healthy");
    // SMTP submission listens too (role all), with a generated certificate.
    const { greeting, client } = await RawSmtp.connect(smtpPort);
    client.close();
    expect(greeting).toMatch(/^220 /);
  });

  it("serves the dashboard, its assets, the docs and the API reference from the traced tree", async () => {
    // The image carries traced files, not node_modules: a page whose module was missed fails here.
    const page = async (path: string) => {
      const res = await fetch(`${base()}${path}`, { headers: { accept: "text/html" } });
      return { status: res.status, body: await res.text() };
    };
    const signIn = await page("/sign-in");
    expect(signIn.status).toBe(200);
    const assets = [...signIn.body.matchAll(/\/_next\/static\/[^"']+\.(?:js|css)/g)].map((m) => m[0]);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets.slice(0, 5)) expect((await page(asset)).status, asset).toBe(200);
    for (const path of ["/docs", "/docs/webhooks", "/docs/errors/validation_error", "/docs/api", "/v1/openapi.json"]) {
      expect((await page(path)).status, path).toBe(200);
    }
    // The reference renderer: the one bundle of @scalar/api-reference the image keeps.
    const renderer = await page("/docs/api/scalar.js");
    expect(renderer.status).toBe(200);
    expect(renderer.body.length).toBeGreaterThan(1_000_000);
  });

  it("creates an account with the CLI inside the container", async () => {
    const created = await docker([
      "exec",
      container,
      "node",
      "dist/cli.mjs",
      "accounts",
      "create",
      "--email",
      owner,
      "--approved",
      "--json",
    ]);
    expect(created.code, tail(created)).toBe(0);
    apiKey = (JSON.parse(created.stdout.trim()) as { apiKey: string }).apiKey;
    expect(apiKey).toMatch(/^\S+$/);
  });

  it("sends over HTTP, and the relay on the host receives the message", async () => {
    const subject = `Through the image ${process.pid}`;
    const res = await fetch(`${base()}/v1/emails`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ from: "onboarding@posthaste.dev", to: owner, subject, text: "Hello from the container" }),
    });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const received = await until(
      () => relay.messages.find((m) => m.raw.toString().includes(subject)),
      Boolean,
      60_000,
      "the relay to receive the message",
    );
    expect(received!.to).toEqual([owner]);
    const email = await until(
      async () =>
        (await (await fetch(`${base()}/v1/emails/${id}`, { headers: { authorization: `Bearer ${apiKey}` } })).json()) as { status: string },
      (e) => ["sent", "delivered"].includes(e.status),
      30_000,
      "the email to be sent",
    );
    expect(["sent", "delivered"]).toContain(email.status);
  });

  it("docker stop shuts it down cleanly (SIGTERM, exit 0)", async () => {
    // The grace docker-compose.yml gives (stop_grace_period) and docs/operations.md recommends.
    const stopped = await docker(["stop", "-t", "45", container], 90_000);
    expect(stopped.code, tail(stopped)).toBe(0);
    const exit = await docker(["inspect", "-f", "{{.State.ExitCode}}", container]);
    expect(exit.stdout.trim()).toBe("0");
    const logs = await docker(["logs", container]);
    expect(`${logs.stdout}${logs.stderr}`).toMatch(/SIGTERM/);
  });
});
