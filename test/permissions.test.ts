import fs from "node:fs";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";
import { linkToken, mailTo, query, signIn, trpc, type TrpcReply } from "./support/dashboard";

/**
 * The permissions table of docs/security.md ("Who may do what"), cell by cell: each row names
 * an action, and a probe takes it as an owner and as a member (the dashboard's tRPC route, with
 * real sessions) and with a `full` and a `send` key (/v1 over HTTP; the dashboard-only
 * procedures through the tRPC route with the key as a Bearer token). A probe's call is allowed
 * when it passes the gate: any answer but 401 and 403 (a 404 for a made-up id, or a 400 for a
 * wrong confirmation, is the action's own rule speaking). The owner column is an owner who does
 * not hold the account's email, so leaving is open to them as to a member.
 */
const PASSWORD = "correct horse battery";
const SANDBOX = "onboarding@posthaste.dev";
const SIMULATOR = "success@simulator.amazonses.com";

let server: TestServer;
let reset: typeof import("../server/auth/password-reset");
let invitations: typeof import("../server/team/invitations");

beforeAll(async () => {
  server = await startTestServer({ APP_URL: "https://permissions.test", TRUSTED_PROXY_HOPS: "1", AUTH_SIGNUP_PER_IP: "200" });
  reset = await import("../server/auth/password-reset");
  invitations = await import("../server/team/invitations");
});
afterAll(async () => {
  await server?.stop();
});

type Party = "owner" | "member" | "full" | "send";
const PARTIES: Party[] = ["owner", "member", "full", "send"];

let n = 0;
const unique = (tag: string) => `${tag}-${process.pid}-${++n}-${Date.now()}@example.com`;
const run = Math.floor(Math.random() * 0xffff).toString(16);
const ip = () => `2001:db8:${run}:${(++n).toString(16)}::2`;

/** An approved account with its email's holder, a second owner, a member, a full and a send key. */
async function world() {
  const account = await server.account();
  const link = await reset.ownerSignInLink(account.accountId);
  await reset.setPasswordWithLink(new URL(link!.url).searchParams.get("token")!, PASSWORD);
  const holder = (await signIn(account.email, PASSWORD, ip())).cookie!;
  const join = async (role: "owner" | "member") => {
    const email = unique(role);
    expect((await trpc(holder, "team.invite", { email, role })).status).toBe(200);
    await invitations.acceptInvitation(linkToken((await mailTo(email)).at(-1)!.text, "/accept-invite"), PASSWORD);
    const cookie = (await signIn(email, PASSWORD, ip())).cookie!;
    return { email, cookie, userId: (await query(cookie, "account.get")).data.you.userId as string };
  };
  const owner = await join("owner");
  const member = await join("member");
  const send = await server.api("POST", "/v1/api-keys", { key: account.apiKey, body: { name: "send", scope: "send" } });
  return { account, holder, owner, member, keys: { full: account.apiKey, send: send.body.key as string } };
}
type World = Awaited<ReturnType<typeof world>>;

/** A session's call through the tRPC route, or a key's on /v1: the status it answered. */
interface Call {
  session(cookie: string, w: World): Promise<TrpcReply>;
  /** The /v1 request a key makes; null: the action has no /v1 path (the key tries the tRPC route instead). */
  v1: ((key: string, w: World) => Promise<{ status: number }>) | null;
}

const mutation = (path: string, input: (w: World) => unknown) => (cookie: string, w: World) => trpc(cookie, path, input(w));
const read =
  (path: string, input: unknown = {}) =>
  (cookie: string) =>
    query(cookie, path, input);

const PROBES: Record<string, Call & { path?: string; input?: (w: World) => unknown; kind?: "query" | "mutation" }> = {
  "Send email (`POST /v1/emails`, `/v1/emails/batch`)": {
    session: mutation("emails.send", () => ({ from: SANDBOX, to: SIMULATOR, subject: "permissions", text: "hi" })),
    v1: (key) => server.api("POST", "/v1/emails", { key, body: { from: SANDBOX, to: SIMULATOR, subject: "permissions", text: "hi" } }),
  },
  "Read emails and their timelines": {
    session: read("emails.list", { limit: "10" }),
    v1: (key) => server.api("GET", "/v1/emails", { key }),
  },
  "Read received mail and its attachments (`/v1/emails/receiving`)": {
    session: read("inbound.list", {}),
    v1: (key) => server.api("GET", "/v1/emails/receiving", { key }),
  },
  "Cancel or reschedule a scheduled email": {
    session: mutation("emails.cancel", () => ({ id: randomUUID() })),
    v1: (key) => server.api("DELETE", `/v1/emails/${randomUUID()}`, { key }),
  },
  "Domains: add, verify, update, remove": {
    session: mutation("domains.remove", () => ({ id: randomUUID() })),
    v1: (key) => server.api("DELETE", `/v1/domains/${randomUUID()}`, { key }),
  },
  "API keys: create, list, revoke": {
    session: mutation("apiKeys.create", () => ({ name: "probe" })),
    v1: (key) => server.api("POST", "/v1/api-keys", { key, body: { name: "probe" } }),
  },
  "Webhook endpoints: create, update, remove, rotate secrets, delivery log, resend": {
    session: mutation("webhooks.create", () => ({ url: "https://hooks.example.com/probe", events: ["*"] })),
    v1: (key) => server.api("POST", "/v1/webhooks", { key, body: { url: "https://hooks.example.com/probe", events: ["*"] } }),
  },
  "Suppressions: list, add, remove": {
    session: mutation("suppressions.add", () => ({ email: "probe@example.com" })),
    v1: (key) => server.api("POST", "/v1/suppressions", { key, body: { email: "probe@example.com" } }),
  },
  Usage: {
    session: read("usage.get"),
    v1: (key) => server.api("GET", "/v1/usage", { key }),
  },
  "Dashboard reads (charts, checklist, creators) and webhook test events": {
    session: read("dashboard.keyCreators"),
    v1: null,
    path: "dashboard.keyCreators",
    kind: "query",
  },
  "See the team": { session: read("team.list"), v1: null, path: "team.list", kind: "query" },
  "Change their own password and sign-in address": {
    session: mutation("account.changeEmail", () => ({ email: unique("moved"), password: "not the password" })),
    v1: null,
    path: "account.changeEmail",
    input: () => ({ email: unique("moved"), password: "not the password" }),
  },
  "Leave the account": { session: mutation("team.leave", () => ({})), v1: null, path: "team.leave" },
  "Invite members, revoke invitations": {
    session: mutation("team.invite", () => ({ email: unique("invited"), role: "member" })),
    v1: null,
    path: "team.invite",
    input: () => ({ email: unique("invited"), role: "member" }),
  },
  "Change roles, remove members": {
    session: mutation("team.changeRole", (w) => ({ userId: w.member.userId, role: "member" })),
    v1: null,
    path: "team.changeRole",
    input: (w) => ({ userId: w.member.userId, role: "member" }),
  },
  "Delete the account": {
    session: mutation("account.remove", () => ({ confirmation: "not the account's email" })),
    v1: null,
    path: "account.remove",
    input: () => ({ confirmation: "not the account's email" }),
  },
};

/** The table under "## Who may do what" in docs/security.md: action → party → allowed. */
function permissionsTable(): Map<string, Record<Party, boolean>> {
  const doc = fs.readFileSync(new URL("../docs/security.md", import.meta.url), "utf8");
  const section = doc.split(/^## Who may do what$/m)[1]?.split(/^## /m)[0];
  expect(section, "docs/security.md has a section '## Who may do what'").toBeDefined();
  const lines = section!.split("\n").filter((l) => l.startsWith("|"));
  const [header, , ...body] = lines;
  const cells = (line: string) =>
    line
      .slice(1, -1)
      .split("|")
      .map((c) => c.trim());
  expect(cells(header)).toEqual(["action", "owner", "member", "`full` key", "`send` key"]);
  const table = new Map<string, Record<Party, boolean>>();
  for (const line of body) {
    const [action, ...answers] = cells(line);
    for (const a of answers) expect(["yes", "no"], `${action}: "${a}"`).toContain(a);
    table.set(action, Object.fromEntries(PARTIES.map((p, i) => [p, answers[i] === "yes"])) as Record<Party, boolean>);
  }
  return table;
}

const allowed = (status: number) => status !== 401 && status !== 403;

async function attempt(probe: (typeof PROBES)[string], party: Party, w: World): Promise<number> {
  if (party === "owner" || party === "member") return (await probe.session(w[party].cookie, w)).status;
  const key = w.keys[party];
  if (probe.v1) return (await probe.v1(key, w)).status;
  // No /v1 path: the key tries the dashboard's route itself, as a Bearer token without a session.
  const reply = await trpc(null, probe.path!, probe.input?.(w) ?? {}, probe.kind ?? "mutation", { authorization: `Bearer ${key}` });
  return reply.status;
}

describe("the permissions table of docs/security.md", () => {
  const table = permissionsTable();

  it("has a probe for every row and a row for every probe", () => {
    expect([...table.keys()].sort()).toEqual(Object.keys(PROBES).sort());
  });

  for (const [action, expected] of table) {
    it(action, async () => {
      const probe = PROBES[action];
      expect(probe, `a probe for "${action}"`).toBeDefined();
      const w = await world();
      // Keys first and the owner last: leaving, for one, changes the world.
      const seen: Record<string, boolean> = {};
      const statuses: Record<string, number> = {};
      for (const party of ["send", "full", "member", "owner"] as Party[]) {
        statuses[party] = await attempt(probe, party, w);
        seen[party] = allowed(statuses[party]);
      }
      expect(seen, `${action}: ${JSON.stringify(statuses)}`).toEqual(expected);
    });
  }
});
