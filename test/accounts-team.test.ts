import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";
import { rows } from "./support/db";
import { linkToken, mailTo, query, signIn, trpc } from "./support/dashboard";

/**
 * Issue #17, parts 3 and 5: the first run from the CLI into the dashboard, password reset,
 * password and address changes, the team (invitations, roles, shared data), deleting an
 * account, and test mode's rewrites marked. Sign-in goes through next-auth's route handler,
 * dashboard calls through the tRPC route with the session cookie, the CLI runs as a child
 * process beside the server, and the link-following forms are their server actions' own
 * calls into server/ (as in auth-doors.test.ts).
 */
const SYSTEM_SENDER = "notifications@team.test";
const SANDBOX = "onboarding@posthaste.dev";
const SIMULATOR = "success@simulator.amazonses.com";
const PASSWORD = "correct horse battery";

let server: TestServer;
let reset: typeof import("../server/auth/password-reset");
let emailChange: typeof import("../server/auth/email-change");
let invitations: typeof import("../server/team/invitations");
let rateLimit: typeof import("../server/auth/rate-limit");
let sql: typeof import("drizzle-orm").sql;

beforeAll(async () => {
  server = await startTestServer({
    APP_URL: "https://team.test",
    SYSTEM_SENDER,
    TRUSTED_PROXY_HOPS: "1",
    AUTH_SIGNIN_FAILURES_PER_ADDRESS: "4",
    AUTH_MAILS_PER_ADDRESS: "3",
    AUTH_SIGNUP_PER_IP: "50",
  });
  reset = await import("../server/auth/password-reset");
  emailChange = await import("../server/auth/email-change");
  invitations = await import("../server/team/invitations");
  rateLimit = await import("../server/auth/rate-limit");
  sql = (await import("drizzle-orm")).sql;
});
afterAll(async () => {
  await server?.stop();
});

let n = 0;
const unique = (tag: string) => `${tag}-${process.pid}-${++n}-${Date.now()}@example.com`;
const run = Math.floor(Math.random() * 0xffff).toString(16);
/** A client of its own for every sign-in, fresh on every run (PostgreSQL keeps counters). */
const ip = () => `2001:db8:${run}:${(++n).toString(16)}::1`;

const exec = promisify(execFile);
async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, ["--import", "tsx", "server/cli/index.ts", ...args], { timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (err: any) {
    return { code: typeof err.code === "number" ? err.code : 1, stdout: err.stdout ?? "", stderr: err.stderr ?? "" };
  }
}

/**
 * An account made as `accounts create` makes it (its two calls, in this process: a CLI child
 * costs seconds, and the first-run tests run the CLI itself), its owner's password set
 * through the sign-in link, signed in.
 */
async function newOwner(opts: Pick<NonNullable<Parameters<TestServer["account"]>[0]>, "plan" | "approved"> = {}) {
  const email = unique("owner");
  const { accountId, apiKey } = await server.account({ email, plan: opts.plan ?? "unlimited", approved: opts.approved ?? true });
  const signInUrl = (await reset.ownerSignInLink(accountId))!.url;
  const token = new URL(signInUrl).searchParams.get("token")!;
  expect(await reset.setPasswordWithLink(token, PASSWORD)).toEqual({ email });
  const session = await signIn(email, PASSWORD, ip());
  expect(session.outcome).toBe("ok");
  return { accountId, apiKey, email, cookie: session.cookie! };
}

/** Invites `email` into the owner's account and accepts with PASSWORD: a signed-in member. */
async function member(owner: { cookie: string }, role: "member" | "owner" = "member", email = unique("member")) {
  const invited = await trpc(owner.cookie, "team.invite", { email, role });
  expect(invited.status, JSON.stringify(invited.error)).toBe(200);
  const [mail] = (await mailTo(email)).slice(-1);
  const token = linkToken(mail.text, "/accept-invite");
  expect(await invitations.acceptInvitation(token, PASSWORD)).toEqual({ email });
  const session = await signIn(email, PASSWORD, ip());
  expect(session.outcome).toBe("ok");
  return { email, cookie: session.cookie!, token };
}

const sendTest = (key: string, to: string | string[]) =>
  server.api("POST", "/v1/emails", { key, body: { from: SANDBOX, to, subject: "test mode", text: "hi" } });

describe("first run: the CLI's account leads into the dashboard", () => {
  it("accounts create prints a one-time sign-in link; following it sets the password and signs in to that account", async () => {
    const email = unique("first");
    const res = await cli("accounts", "create", "--email", email, "--approved", "--json");
    expect(res.code, res.stderr).toBe(0);
    const created = JSON.parse(res.stdout);
    expect(Object.keys(created)).toEqual(["accountId", "apiKey", "signInUrl"]);
    expect(created.signInUrl).toMatch(/^https:\/\/team\.test\/set-password\?token=\S+$/);
    // No password yet: sign-in is refused like any wrong password.
    expect((await signIn(email, PASSWORD, ip())).outcome).toBe("credentials");
    const token = new URL(created.signInUrl).searchParams.get("token")!;
    expect(await reset.readPasswordLink(token)).toEqual({ email });
    expect(await reset.setPasswordWithLink(token, PASSWORD)).toEqual({ email });
    expect(await reset.setPasswordWithLink(token, "another password")).toBe("invalid");
    expect(await reset.readPasswordLink(token)).toBeNull();
    const session = await signIn(email, PASSWORD, ip());
    expect(session.outcome).toBe("ok");
    const me = await query(session.cookie, "account.get");
    expect(me.data).toMatchObject({ id: created.accountId, email, you: { email, role: "owner" } });
  });

  it("the human form says where the link is and what it does", async () => {
    const res = await cli("accounts", "create", "--email", unique("human"));
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^Created account \S+ \(unlimited, awaiting review: `accounts approve` lifts it\)\.$/m);
    expect(res.stdout).toMatch(/^API key \(shown once\): ph_\S+$/m);
    expect(res.stdout).toMatch(/Dashboard: open this link[^\n]*\n[^\n]*\n\s+https:\/\/team\.test\/set-password\?token=\S+/);
  });

  it("accounts sign-in-link lets in the owner of an account made before users existed", async () => {
    const { accountId, email } = await server.account();
    // As such an account stands after the migration: no user, no member.
    await rows(sql`delete from users where lower(email) = lower(${email})`);
    const res = await cli("accounts", "sign-in-link", "--email", email.toUpperCase(), "--json");
    expect(res.code, res.stderr).toBe(0);
    const { signInUrl } = JSON.parse(res.stdout);
    const token = new URL(signInUrl).searchParams.get("token")!;
    expect(await reset.setPasswordWithLink(token, PASSWORD)).toEqual({ email });
    const session = await signIn(email, PASSWORD, ip());
    expect((await query(session.cookie, "account.get")).data.id).toBe(accountId);
  });

  it("the platform's notice account gets no sign-in", async () => {
    const owner = await newOwner();
    await reset.requestPasswordReset({ email: owner.email, ip: ip() }); // a notice makes the platform account
    const [platform] = await rows<{ id: string }>(sql`select id from accounts where email = ${SYSTEM_SENDER}`);
    const res = await cli("accounts", "sign-in-link", "--account", platform.id);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/No dashboard sign-in/);
    expect(await rows(sql`select 1 from memberships where account_id = ${platform.id}`)).toHaveLength(0);
  });
});

describe("password reset through the service's own mail", () => {
  it("mails a one-time link from SYSTEM_SENDER; it sets the new password and signs out older sessions", async () => {
    const owner = await newOwner();
    await reset.requestPasswordReset({ email: owner.email.toUpperCase(), ip: ip() });
    const mails = (await mailTo(owner.email)).filter((m) => m.subject === "Choose a new Posthaste password");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ from: SYSTEM_SENDER, platform_email: SYSTEM_SENDER });
    const token = linkToken(mails[0].text, "/set-password");
    expect(await reset.setPasswordWithLink(token, "brand new password")).toEqual({ email: owner.email });
    expect(await reset.setPasswordWithLink(token, "third password!")).toBe("invalid");
    expect((await query(owner.cookie, "account.get")).status).toBe(401);
    expect((await signIn(owner.email, PASSWORD, ip())).outcome).toBe("credentials");
    expect((await signIn(owner.email, "brand new password", ip())).outcome).toBe("ok");
  });

  it("answers the same for an unknown address and mails nothing; links expire; forged ones fail", async () => {
    const nobody = unique("nobody");
    await expect(reset.requestPasswordReset({ email: nobody, ip: ip() })).resolves.toBeUndefined();
    expect(await mailTo(nobody)).toHaveLength(0);
    const owner = await newOwner();
    await reset.requestPasswordReset({ email: owner.email, ip: ip() });
    const token = linkToken((await mailTo(owner.email)).at(-1)!.text, "/set-password");
    expect(await reset.setPasswordWithLink(token, "later password", Date.now() + 3601 * 1000)).toBe("invalid");
    const [body, mac] = token.split(".");
    const other = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, "base64url").toString()), u: "x" })).toString("base64url");
    expect(await reset.setPasswordWithLink(`${other}.${mac}`, "forged password")).toBe("invalid");
    expect((await signIn(owner.email, PASSWORD, ip())).outcome).toBe("ok");
  });

  it("sends one address at most AUTH_MAILS_PER_ADDRESS links a window, known or not", async () => {
    const owner = await newOwner();
    const nobody = unique("nobody");
    for (const email of [owner.email, nobody]) {
      for (let i = 0; i < 3; i++) await reset.requestPasswordReset({ email, ip: ip() });
      await expect(reset.requestPasswordReset({ email, ip: ip() })).rejects.toBeInstanceOf(rateLimit.TooManyAttempts);
    }
    expect((await mailTo(owner.email)).filter((m) => m.subject === "Choose a new Posthaste password")).toHaveLength(3);
  });
});

describe("your own sign-in", () => {
  it("changing the password needs the current one, signs every session out and tells the user", async () => {
    const owner = await newOwner();
    const wrong = await trpc(owner.cookie, "account.changePassword", { current: "not it at all", next: "a new password" });
    expect(wrong.status).toBe(400);
    expect(wrong.error).toMatchObject({ type: "validation_error", message: "The current password is wrong." });
    const short = await trpc(owner.cookie, "account.changePassword", { current: PASSWORD, next: "short" });
    expect(short.error?.message).toMatch(/at least 8/);
    const changed = await trpc(owner.cookie, "account.changePassword", { current: PASSWORD, next: "a new password" });
    expect(changed.status).toBe(200);
    expect((await query(owner.cookie, "account.get")).status).toBe(401);
    expect((await signIn(owner.email, PASSWORD, ip())).outcome).toBe("credentials");
    expect((await signIn(owner.email, "a new password", ip())).outcome).toBe("ok");
    expect((await mailTo(owner.email)).map((m) => m.subject)).toContain("Your Posthaste password was changed");
  });

  it("wrong current passwords are limited like one sign-in client (the session's own count), locking no sign-in out", async () => {
    const owner = await newOwner();
    for (let i = 0; i < 4; i++) {
      expect((await trpc(owner.cookie, "account.changePassword", { current: `guess ${i}`, next: "a new password" })).status).toBe(400);
    }
    const limited = await trpc(owner.cookie, "account.changePassword", { current: PASSWORD, next: "a new password" });
    expect(limited.status).toBe(429);
    expect(limited.error?.type).toBe("rate_limited");
    // A stolen session's guesses fill its own count, not the owner's at the sign-in form.
    expect((await signIn(owner.email, PASSWORD, ip())).outcome).toBe("ok");
  });

  it("changing the address is confirmed from the new one, tells the old one, and moves the account email along", async () => {
    const owner = await newOwner();
    const next = unique("moved");
    const refused = await trpc(owner.cookie, "account.changeEmail", { email: next, password: "wrong password" });
    expect(refused.status).toBe(400);
    const asked = await trpc(owner.cookie, "account.changeEmail", { email: next, password: PASSWORD });
    expect(asked.data.message).toContain(next);
    // Nothing changes until the link is followed.
    expect((await query(owner.cookie, "account.get")).data.you.email).toBe(owner.email);
    const [mail] = await mailTo(next);
    expect(mail.subject).toBe("Confirm your new Posthaste sign-in address");
    const token = linkToken(mail.text, "/confirm-email-change");
    expect(emailChange.readEmailChangeLink(token)).toEqual({ from: owner.email, to: next });
    expect(await emailChange.confirmEmailChange(token)).toBe("changed");
    expect(await emailChange.confirmEmailChange(token)).toBe("invalid");
    expect((await mailTo(owner.email)).map((m) => m.subject)).toContain("Your Posthaste sign-in address was changed");
    const me = await query(owner.cookie, "account.get");
    expect(me.data).toMatchObject({ email: next, you: { email: next } });
    expect((await signIn(owner.email, PASSWORD, ip())).outcome).toBe("credentials");
    expect((await signIn(next, PASSWORD, ip())).outcome).toBe("ok");
    // Test mode now rewrites to the new account email.
    const sent = await sendTest(owner.apiKey, "stranger@example.org");
    expect((await server.api("GET", `/v1/emails/${sent.body.id}`, { key: owner.apiKey })).body.to).toEqual([next]);
  });

  it("a password change voids a pending address-change link (someone who knew the old password cannot hold one)", async () => {
    const owner = await newOwner();
    const next = unique("held");
    expect((await trpc(owner.cookie, "account.changeEmail", { email: next, password: PASSWORD })).status).toBe(200);
    const token = linkToken((await mailTo(next))[0].text, "/confirm-email-change");
    expect((await trpc(owner.cookie, "account.changePassword", { current: PASSWORD, next: "locked them out" })).status).toBe(200);
    expect(await emailChange.confirmEmailChange(token)).toBe("invalid");
    expect((await signIn(owner.email, "locked them out", ip())).outcome).toBe("ok");
  });

  it("an address that is taken answers the same, and only its own inbox hears why", async () => {
    const owner = await newOwner();
    const other = await newOwner();
    const asked = await trpc(owner.cookie, "account.changeEmail", { email: other.email, password: PASSWORD });
    expect(asked.status).toBe(200);
    expect(asked.data.message).toContain(other.email);
    const mails = await mailTo(other.email);
    expect(mails.map((m) => m.subject)).toContain("Your address was offered for a Posthaste sign-in");
    expect(mails.some((m) => m.text.includes("/confirm-email-change"))).toBe(false);
    expect((await query(owner.cookie, "account.get")).data.you.email).toBe(owner.email);
  });
});

describe("the team", () => {
  it("invite → accept → the member signs in with their own password and sees the owner's emails and domains", async () => {
    const owner = await newOwner();
    const sent = await sendTest(owner.apiKey, SIMULATOR);
    expect(sent.status).toBe(200);
    const { addDomain, uniqueDomain } = await import("./support/senders");
    const domain = uniqueDomain("team");
    await addDomain(owner.accountId, domain, { dkim: false });
    const m = await member(owner);
    const mail = (await mailTo(m.email)).at(-1)!;
    expect(mail).toMatchObject({ from: SYSTEM_SENDER, subject: `${owner.email} invited you to their Posthaste account` });
    // The link works once.
    await expect(invitations.acceptInvitation(m.token, "another password")).rejects.toThrow(/expired, has been used/);
    const me = await query(m.cookie, "account.get");
    expect(me.data).toMatchObject({ id: owner.accountId, you: { email: m.email, role: "member" } });
    const list = await query(m.cookie, "emails.list", { limit: 10 });
    expect(list.data.data.map((e: any) => e.id)).toContain(sent.body.id);
    const domains = await query(m.cookie, "domains.list", {});
    expect(JSON.stringify(domains.data)).toContain(domain);
    const team = await query(m.cookie, "team.list");
    expect(team.data.members.map((x: any) => [x.email, x.role])).toEqual([
      [owner.email, "owner"],
      [m.email, "member"],
    ]);
  });

  it("a member cannot invite, remove, revoke or delete the account", async () => {
    const owner = await newOwner();
    const m = await member(owner);
    const pending = await trpc(owner.cookie, "team.invite", { email: unique("later"), role: "member" });
    for (const [path, input] of [
      ["team.invite", { email: unique("x"), role: "member" }],
      ["team.removeMember", { userId: (await query(owner.cookie, "account.get")).data.you.userId }],
      ["team.revokeInvitation", { id: pending.data.id }],
      ["team.changeRole", { userId: (await query(m.cookie, "account.get")).data.you.userId, role: "owner" }],
      ["account.remove", { confirmation: owner.email }],
    ] as const) {
      const res = await trpc(m.cookie, path, input);
      expect(res.status, path).toBe(403);
      expect(res.error?.message).toMatch(/Only the account's owners/);
    }
    expect((await query(owner.cookie, "account.get")).status).toBe(200);
  });

  it("an API key cannot reach the team or account procedures, nor can a signed-out caller", async () => {
    const owner = await newOwner();
    expect((await query(null, "team.list")).status).toBe(401);
    expect((await trpc(null, "team.invite", { email: unique("x") })).status).toBe(401);
    // /v1 has no path to them.
    expect((await server.api("GET", "/v1/team", { key: owner.apiKey })).status).toBe(404);
  });

  it("a member never reaches another account's rows", async () => {
    const a = await newOwner();
    const b = await newOwner();
    const sent = await sendTest(a.apiKey, SIMULATOR);
    const mb = await member(b);
    expect((await query(mb.cookie, "emails.get", { id: sent.body.id })).status).toBe(404);
    expect((await query(mb.cookie, "emails.list", { limit: 100 })).data.data.map((e: any) => e.id)).not.toContain(sent.body.id);
    expect((await query(mb.cookie, "dashboard.rewrites", { ids: [sent.body.id] })).data.data).toEqual([]);
  });

  it("removing a member ends their session at once and frees the address; owners cannot remove themselves", async () => {
    const owner = await newOwner();
    const m = await member(owner);
    const team = (await query(owner.cookie, "team.list")).data;
    const memberId = team.members.find((x: any) => x.email === m.email).userId;
    const self = await trpc(owner.cookie, "team.removeMember", { userId: (await query(owner.cookie, "account.get")).data.you.userId });
    expect(self.status).toBe(400);
    expect((await trpc(owner.cookie, "team.removeMember", { userId: memberId })).status).toBe(200);
    expect((await query(m.cookie, "account.get")).status).toBe(401);
    expect((await signIn(m.email, PASSWORD, ip())).outcome).toBe("credentials");
  });

  it("the owner holding the account email cannot be removed; a removed owner's pending invitations go with them", async () => {
    const owner = await newOwner();
    const co = await member(owner, "owner");
    const ids = async () => (await query(co.cookie, "team.list")).data.members as { email: string; userId: string }[];
    const holder = (await ids()).find((x) => x.email === owner.email)!.userId;
    const refused = await trpc(co.cookie, "team.removeMember", { userId: holder });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toMatch(/account's email/);
    const comeback = unique("comeback");
    expect((await trpc(co.cookie, "team.invite", { email: comeback, role: "owner" })).status).toBe(200);
    const token = linkToken((await mailTo(comeback)).slice(-1)[0].text, "/accept-invite");
    const coId = (await ids()).find((x) => x.email === co.email)!.userId;
    expect((await trpc(owner.cookie, "team.removeMember", { userId: coId })).status).toBe(200);
    await expect(invitations.acceptInvitation(token, PASSWORD)).rejects.toThrow(/expired, has been used or revoked/);
  });

  it("accounts sign-in-link --email takes only the account's own email, never a member's", async () => {
    const owner = await newOwner();
    const m = await member(owner);
    const byMember = await cli("accounts", "sign-in-link", "--email", m.email, "--json");
    expect(byMember.code).not.toBe(0);
    expect(byMember.stdout).not.toContain("set-password");
    const byOwner = await cli("accounts", "sign-in-link", "--email", owner.email, "--json");
    expect(byOwner.code, byOwner.stderr).toBe(0);
    expect(JSON.parse(byOwner.stdout).accountId).toBe(owner.accountId);
  });

  it("a second owner can invite; inviting again voids the earlier link; revoking voids it too", async () => {
    const owner = await newOwner();
    const co = await member(owner, "owner");
    const email = unique("twice");
    await trpc(co.cookie, "team.invite", { email, role: "member" });
    await trpc(co.cookie, "team.invite", { email, role: "member" });
    const [first, second] = (await mailTo(email)).map((mail) => linkToken(mail.text, "/accept-invite"));
    expect(await invitations.readInvitation(first)).toBeNull();
    expect(await invitations.readInvitation(second)).toMatchObject({ email, role: "member", accountEmail: owner.email, taken: false });
    const pending = (await query(owner.cookie, "team.list")).data.invitations;
    expect(pending.map((i: any) => i.email)).toEqual([email]);
    expect((await trpc(owner.cookie, "team.revokeInvitation", { id: pending[0].id })).status).toBe(200);
    await expect(invitations.acceptInvitation(second, PASSWORD)).rejects.toThrow(/expired, has been used or revoked/);
  });

  it("an address that signs in elsewhere is invited like any other, and learns on the link's page that it cannot join", async () => {
    const owner = await newOwner();
    const other = await newOwner();
    const invited = await trpc(owner.cookie, "team.invite", { email: other.email, role: "member" });
    expect(invited.status).toBe(200);
    const token = linkToken((await mailTo(other.email)).at(-1)!.text, "/accept-invite");
    expect((await invitations.readInvitation(token))?.taken).toBe(true);
    await expect(invitations.acceptInvitation(token, PASSWORD)).rejects.toThrow(/already signs in/);
    expect((await query(other.cookie, "account.get")).data.id).toBe(other.accountId);
  });

  it("invitations expire", async () => {
    const owner = await newOwner();
    const email = unique("late");
    await trpc(owner.cookie, "team.invite", { email, role: "member" });
    const token = linkToken((await mailTo(email)).at(-1)!.text, "/accept-invite");
    const later = Date.now() + 7 * 24 * 3600 * 1000 + 1000;
    expect(await invitations.readInvitation(token, later)).toBeNull();
    await expect(invitations.acceptInvitation(token, PASSWORD, later)).rejects.toThrow(/expired/);
  });
});

/** The user id of `email` in the team `cookie` sees. */
async function idOf(cookie: string, email: string): Promise<string> {
  const team = (await query(cookie, "team.list")).data;
  return team.members.find((x: any) => x.email === email).userId;
}
const roles = async (cookie: string) =>
  ((await query(cookie, "team.list")).data.members as { email: string; role: string }[]).map((x) => [x.email, x.role]);
/** Moves the account's email off every member, as for an account whose email no sign-in holds. */
const unheld = (accountId: string) => rows(sql`update accounts set email = ${unique("contact")} where id = ${accountId}`);

describe("roles: owners promote and demote", () => {
  it("an owner makes a member an owner and back; the role holds from the member's next request", async () => {
    const owner = await newOwner();
    const m = await member(owner);
    const id = await idOf(owner.cookie, m.email);
    const promoted = await trpc(owner.cookie, "team.changeRole", { userId: id, role: "owner" });
    expect(promoted).toMatchObject({ status: 200, data: { userId: id, role: "owner" } });
    expect((await query(m.cookie, "account.get")).data.you.role).toBe("owner");
    // As an owner they invite; demoted, that invitation goes with the role, and they no longer can.
    const invited = unique("by-promoted");
    expect((await trpc(m.cookie, "team.invite", { email: invited, role: "owner" })).status).toBe(200);
    const link = linkToken((await mailTo(invited)).at(-1)!.text, "/accept-invite");
    const demoted = await trpc(owner.cookie, "team.changeRole", { userId: id, role: "member" });
    expect(demoted).toMatchObject({ status: 200, data: { userId: id, role: "member" } });
    expect((await query(m.cookie, "account.get")).data.you.role).toBe("member");
    expect((await query(owner.cookie, "team.list")).data.invitations).toEqual([]);
    await expect(invitations.acceptInvitation(link, PASSWORD)).rejects.toThrow(/expired, has been used or revoked/);
    const refused = await trpc(m.cookie, "team.invite", { email: unique("x"), role: "member" });
    expect(refused.status).toBe(403);
    // Asking for the role they have changes nothing.
    expect(await trpc(owner.cookie, "team.changeRole", { userId: id, role: "member" })).toMatchObject({ status: 200 });
    expect(await roles(owner.cookie)).toEqual([
      [owner.email, "owner"],
      [m.email, "member"],
    ]);
  });

  it("the owner holding the account email cannot be demoted; another owner can demote themselves", async () => {
    const owner = await newOwner();
    const co = await member(owner, "owner");
    const holder = await idOf(co.cookie, owner.email);
    const refused = await trpc(co.cookie, "team.changeRole", { userId: holder, role: "member" });
    expect(refused).toMatchObject({ status: 400, error: { type: "validation_error" } });
    expect(refused.error?.message).toMatch(/account's email/);
    const self = await trpc(owner.cookie, "team.changeRole", { userId: holder, role: "member" });
    expect(self.status).toBe(400);
    const coId = await idOf(co.cookie, co.email);
    expect((await trpc(co.cookie, "team.changeRole", { userId: coId, role: "member" })).status).toBe(200);
    expect(await roles(owner.cookie)).toEqual([
      [owner.email, "owner"],
      [co.email, "member"],
    ]);
    expect((await query(owner.cookie, "team.list")).data.members.map((x: any) => x.holdsAccountEmail)).toEqual([true, false]);
  });

  it("the last owner cannot be demoted, and two owners demoting each other at once leave one", async () => {
    const owner = await newOwner();
    const co = await member(owner, "owner");
    await unheld(owner.accountId);
    const [a, b] = [await idOf(owner.cookie, owner.email), await idOf(owner.cookie, co.email)];
    const both = await Promise.all([
      trpc(owner.cookie, "team.changeRole", { userId: b, role: "member" }),
      trpc(co.cookie, "team.changeRole", { userId: a, role: "member" }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 403]);
    const owners = (
      await rows<{ n: number }>(sql`select count(*)::int as n from memberships where account_id = ${owner.accountId} and role = 'owner'`)
    )[0].n;
    expect(owners).toBe(1);
    const last = both[0].status === 200 ? owner : co;
    const lastId = await idOf(last.cookie, last.email);
    const refused = await trpc(last.cookie, "team.changeRole", { userId: lastId, role: "member" });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toMatch(/needs an owner/);
  });

  it("only owners change roles; bad input is a 400 or a 404, never a 500", async () => {
    const owner = await newOwner();
    const m = await member(owner);
    const other = await newOwner();
    const id = await idOf(owner.cookie, m.email);
    const self = await trpc(m.cookie, "team.changeRole", { userId: id, role: "owner" });
    expect(self.status).toBe(403);
    expect(self.error?.message).toMatch(/Only the account's owners/);
    expect((await trpc(owner.cookie, "team.changeRole", { userId: id, role: "admin" })).error?.type).toBe("validation_error");
    expect((await trpc(owner.cookie, "team.changeRole", { userId: id })).status).toBe(400);
    expect((await trpc(owner.cookie, "team.changeRole", { userId: "nobody", role: "owner" })).status).toBe(404);
    expect((await trpc(owner.cookie, "team.changeRole", { userId: "x".repeat(5000), role: "owner" })).status).toBe(400);
    // Another account's owner is not a member here.
    const theirs = await idOf(other.cookie, other.email);
    expect((await trpc(owner.cookie, "team.changeRole", { userId: theirs, role: "member" })).status).toBe(404);
    expect((await query(other.cookie, "account.get")).data.you.role).toBe("owner");
    expect((await trpc(null, "team.changeRole", { userId: id, role: "owner" })).status).toBe(401);
  });
});

describe("leaving the account", () => {
  it("a member who leaves is signed out at once, leaves the list and may sign up or be invited again", async () => {
    const owner = await newOwner();
    const m = await member(owner);
    const left = await trpc(m.cookie, "team.leave", {});
    expect(left).toMatchObject({ status: 200, data: { left: true } });
    expect((await query(m.cookie, "account.get")).status).toBe(401);
    expect((await trpc(m.cookie, "team.leave", {})).status).toBe(401);
    expect((await signIn(m.email, PASSWORD, ip())).outcome).toBe("credentials");
    expect(await roles(owner.cookie)).toEqual([[owner.email, "owner"]]);
    const again = await member(owner, "member", m.email);
    expect((await query(again.cookie, "account.get")).data.id).toBe(owner.accountId);
  });

  it("an owner may leave while another owner stays, and their pending invitations go with them", async () => {
    const owner = await newOwner();
    const co = await member(owner, "owner");
    const invited = unique("by-leaver");
    expect((await trpc(co.cookie, "team.invite", { email: invited, role: "owner" })).status).toBe(200);
    const link = linkToken((await mailTo(invited)).at(-1)!.text, "/accept-invite");
    expect((await trpc(co.cookie, "team.leave", {})).status).toBe(200);
    expect((await query(co.cookie, "team.list")).status).toBe(401);
    await expect(invitations.acceptInvitation(link, PASSWORD)).rejects.toThrow(/expired, has been used or revoked/);
    expect(await roles(owner.cookie)).toEqual([[owner.email, "owner"]]);
  });

  it("the holder of the account email and the last owner stay", async () => {
    const owner = await newOwner();
    const holder = await trpc(owner.cookie, "team.leave", {});
    expect(holder).toMatchObject({ status: 400, error: { type: "validation_error" } });
    expect(holder.error?.message).toMatch(/account's email/);
    await unheld(owner.accountId);
    const m = await member(owner);
    const last = await trpc(owner.cookie, "team.leave", {});
    expect(last.status).toBe(400);
    expect(last.error?.message).toMatch(/only owner/);
    expect((await query(owner.cookie, "account.get")).status).toBe(200);
    // Once the member is an owner too, the first may go.
    expect((await trpc(owner.cookie, "team.changeRole", { userId: await idOf(owner.cookie, m.email), role: "owner" })).status).toBe(200);
    expect((await trpc(owner.cookie, "team.leave", {})).status).toBe(200);
    expect(await roles(m.cookie)).toEqual([[m.email, "owner"]]);
  });

  it("an API key cannot leave for anyone, nor can a signed-out caller", async () => {
    const owner = await newOwner();
    expect((await trpc(null, "team.leave", {})).status).toBe(401);
    expect((await server.api("POST", "/v1/team/leave", { key: owner.apiKey })).status).toBe(404);
    expect((await query(owner.cookie, "account.get")).status).toBe(200);
  });
});

describe("deleting the account", () => {
  it("needs the account email typed, revokes its keys at once (the next /v1 call is 401) and removes its data", async () => {
    const owner = await newOwner();
    const m = await member(owner);
    const sent = await sendTest(owner.apiKey, SIMULATOR);
    expect((await server.api("GET", "/v1/api-keys", { key: owner.apiKey })).status).toBe(200);
    // A timeline entry and a webhook event, as delivery records them: no foreign key takes
    // them with the account (decision 0048), the deletion itself does.
    const { newId } = await import("../server/lib/ids");
    await rows(sql`insert into email_events (id, email_id, type) values (${newId()}, ${sent.body.id}, 'sent')`);
    await rows(sql`insert into webhook_events (id, account_id, type, email_id, payload)
      values (${newId()}, ${owner.accountId}, 'email.sent', ${sent.body.id}, '{}'::jsonb)`);
    const wrong = await trpc(owner.cookie, "account.remove", { confirmation: "yes please" });
    expect(wrong.status).toBe(400);
    expect((await server.api("GET", "/v1/api-keys", { key: owner.apiKey })).status).toBe(200);
    const done = await trpc(owner.cookie, "account.remove", { confirmation: ` ${owner.email.toUpperCase()} ` });
    expect(done.status).toBe(200);
    const after = await server.api("GET", "/v1/api-keys", { key: owner.apiKey });
    expect(after.status).toBe(401);
    expect((await sendTest(owner.apiKey, SIMULATOR)).status).toBe(401);
    for (const cookie of [owner.cookie, m.cookie]) expect((await query(cookie, "account.get")).status).toBe(401);
    const [left] = await rows(sql`
      select (select count(*)::int from accounts where id = ${owner.accountId}) as accounts,
        (select count(*)::int from users where lower(email) in (lower(${owner.email}), lower(${m.email}))) as users,
        (select count(*)::int from emails where id = ${sent.body.id} or account_id = ${owner.accountId}) as emails,
        (select count(*)::int from email_contents where email_id = ${sent.body.id}) as contents,
        (select count(*)::int from email_events where email_id = ${sent.body.id}) as timeline,
        (select count(*)::int from webhook_events where account_id = ${owner.accountId}) as events,
        (select count(*)::int from api_keys where account_id = ${owner.accountId}) as keys`);
    expect(left).toEqual({ accounts: 0, users: 0, emails: 0, contents: 0, timeline: 0, events: 0, keys: 0 });
    // The address is free again.
    expect((await cli("accounts", "create", "--email", owner.email)).code).toBe(0);
  });
});

describe("test mode, said and marked", () => {
  it("a rewritten recipient is stored with the message and shown to the dashboard; /v1's shape is unchanged", async () => {
    const owner = await newOwner();
    const rewritten = await sendTest(owner.apiKey, ["Stranger <stranger@example.org>", SIMULATOR]);
    const plain = await sendTest(owner.apiKey, SIMULATOR);
    const marks = await query(owner.cookie, "dashboard.rewrites", { ids: [rewritten.body.id, plain.body.id, "not-an-id"] });
    expect(marks.data.data).toEqual([{ id: rewritten.body.id, rewrittenFrom: ["Stranger <stranger@example.org>"] }]);
    const got = await server.api("GET", `/v1/emails/${rewritten.body.id}`, { key: owner.apiKey });
    expect(got.body.to).toEqual([owner.email, SIMULATOR]);
    expect(Object.keys(got.body)).not.toContain("rewrittenFrom");
    expect(JSON.stringify(got.body)).not.toContain("stranger@example.org");
    const search = await server.api("GET", "/v1/emails?search=stranger", { key: owner.apiKey });
    expect(search.body.data.map((e: any) => e.id)).toContain(rewritten.body.id);
  });

  it("the dashboard says what awaiting review and test mode mean and what lifts them", async () => {
    const owner = await newOwner({ plan: "free", approved: false });
    const before = (await query(owner.cookie, "account.get")).data;
    expect(before.notices.map((x: any) => x.kind)).toEqual(["review", "test_mode"]);
    const review = before.notices[0];
    expect(review.meaning).toContain(owner.email);
    expect(review.lift).toContain(`accounts approve --email ${owner.email}`);
    expect(before.notices[1].lift).toMatch(/verif/);
    expect(before).toMatchObject({ plan: "free", limits: { month: 3000, day: 100, domains: 1, webhooks: 1 } });
    expect((await cli("accounts", "approve", "--email", owner.email)).code).toBe(0);
    const { addDomain, uniqueDomain } = await import("./support/senders");
    await addDomain(owner.accountId, uniqueDomain("std"), { dkim: false });
    expect((await query(owner.cookie, "account.get")).data.notices).toEqual([]);
  });
});
