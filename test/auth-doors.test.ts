import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";
import { reconfigure } from "./support/config";
import { rows } from "./support/db";
import * as dashboard from "./support/dashboard";

/**
 * The dashboard's doors: sign-up, email verification and sign-in. Sign-in goes through
 * next-auth's real route handler (the credentials callback the form's signIn() reaches);
 * sign-up and confirmation are the server actions' own calls into server/auth.
 */
const SYSTEM_SENDER = "notifications@doors.test";
const SANDBOX = "onboarding@posthaste.dev";
const SIMULATOR = "success@simulator.amazonses.com";
const PASSWORD = "correct horse battery";

let server: TestServer;
let auth: {
  signUp: typeof import("../server/auth/sign-up");
  verification: typeof import("../server/auth/email-verification");
  passwords: typeof import("../server/auth/passwords");
  rateLimit: typeof import("../server/auth/rate-limit");
  clientIp: typeof import("../server/auth/client-ip");
  apiKeys: typeof import("../server/auth/api-keys");
};
let reset: typeof import("../server/auth/password-reset");
let sql: typeof import("drizzle-orm").sql;

beforeAll(async () => {
  server = await startTestServer({
    APP_URL: "https://doors.test",
    SYSTEM_SENDER,
    TRUSTED_PROXY_HOPS: "1",
    AUTH_SIGNIN_FAILURES_PER_ADDRESS: "3",
    AUTH_SIGNIN_CEILING: "8",
    AUTH_SIGNIN_ATTEMPTS_PER_IP: "6",
    AUTH_SIGNUP_PER_IP: "3",
    AUTH_MAILS_PER_ADDRESS: "4",
  });
  auth = {
    signUp: await import("../server/auth/sign-up"),
    verification: await import("../server/auth/email-verification"),
    passwords: await import("../server/auth/passwords"),
    rateLimit: await import("../server/auth/rate-limit"),
    clientIp: await import("../server/auth/client-ip"),
    apiKeys: await import("../server/auth/api-keys"),
  };
  reset = await import("../server/auth/password-reset");
  sql = (await import("drizzle-orm")).sql;
});
afterAll(async () => {
  await server?.stop();
});

let n = 0;
const unique = (tag: string) => `${tag}-${process.pid}-${++n}-${Date.now()}@example.com`;
/**
 * Each attempt comes from its own client (TRUSTED_PROXY_HOPS=1 reads X-Forwarded-For): a
 * /64 of its own, fresh on every run, since PostgreSQL keeps counters between runs.
 */
const run = Math.floor(Math.random() * 0xffff).toString(16);
const uniqueIp = () => `2001:db8:${run}:${(++n).toString(16)}::1`;

/** Signs in through next-auth's route handler: "ok" or the refusal's code. */
const signIn = async (email: string, password: string, ip: string) => (await dashboard.signIn(email, password, ip)).outcome;
const mailTo = dashboard.mailTo;
const linkToken = (text: string) => dashboard.linkToken(text, "/verify-email");

async function accountOf(email: string) {
  const [row] = await rows<{ id: string; email_verified_at: Date | null; approved_at: Date | null; plan: string }>(
    sql`select id, email_verified_at, approved_at, plan from accounts where lower(email) = lower(${email})`,
  );
  return row;
}

/** Signs up and follows the emailed link: a verified dashboard owner. */
async function verifiedOwner(email = unique("owner"), password = PASSWORD) {
  await auth.signUp.signUpOwner({ email, password, ip: uniqueIp() });
  const [mail] = await mailTo(email);
  expect(await auth.verification.confirmEmail(linkToken(mail.text))).toBe("confirmed");
  return email;
}

describe("sign-up and verification", () => {
  it("a sign-up starts unverified, gets a link from SYSTEM_SENDER in the platform account, and cannot sign in until it follows it", async () => {
    const email = unique("fresh");
    await auth.signUp.signUpOwner({ email, password: PASSWORD, ip: uniqueIp() });
    const account = await accountOf(email);
    expect(account).toMatchObject({ email_verified_at: null, approved_at: null, plan: "free" });
    const mails = await mailTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      from: SYSTEM_SENDER,
      platform_email: SYSTEM_SENDER,
      subject: "Confirm your email address for Posthaste",
    });

    expect(await signIn(email, PASSWORD, uniqueIp())).toBe("credentials");
    expect(await auth.verification.confirmEmail(linkToken(mails[0].text))).toBe("confirmed");
    expect((await accountOf(email)).email_verified_at).not.toBeNull();
    expect(await signIn(email, PASSWORD, uniqueIp())).toBe("ok");
  });

  it("a link works once", async () => {
    const email = unique("once");
    await auth.signUp.signUpOwner({ email, password: PASSWORD, ip: uniqueIp() });
    const token = linkToken((await mailTo(email))[0].text);
    expect(await auth.verification.confirmEmail(token)).toBe("confirmed");
    expect(await auth.verification.confirmEmail(token)).toBe("invalid");
  });

  it("a link expires (EMAIL_VERIFICATION_TTL, 24 h by default), and a forged one is refused", async () => {
    const email = unique("expiry");
    await auth.signUp.signUpOwner({ email, password: PASSWORD, ip: uniqueIp() });
    const token = linkToken((await mailTo(email))[0].text);
    expect(await auth.verification.confirmEmail(token, Date.now() + 24 * 3600 * 1000 + 1000)).toBe("invalid");
    const [body, mac] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, "base64url").toString()), x: 9999999999 })).toString(
      "base64url",
    );
    expect(await auth.verification.confirmEmail(`${forged}.${mac}`)).toBe("invalid");
    // The signature's last character carries two spare bits: the same bytes spelled otherwise are refused too.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const respelled = token.replace(/.$/, (c) => alphabet[alphabet.indexOf(c) ^ 1]);
    expect(Buffer.from(respelled.split(".")[1], "base64url")).toEqual(Buffer.from(token.split(".")[1], "base64url"));
    expect(await auth.verification.confirmEmail(respelled)).toBe("invalid");
    expect((await accountOf(email)).email_verified_at).toBeNull();
    expect(await auth.verification.confirmEmail(token)).toBe("confirmed");
  });

  it("signing up again before confirming replaces the password and voids the earlier link", async () => {
    const email = unique("again");
    await auth.signUp.signUpOwner({ email, password: "first password", ip: uniqueIp() });
    await auth.signUp.signUpOwner({ email, password: "second password", ip: uniqueIp() });
    const [first, second] = await mailTo(email);
    expect(await auth.verification.confirmEmail(linkToken(first.text))).toBe("invalid");
    expect(await auth.verification.confirmEmail(linkToken(second.text))).toBe("confirmed");
    expect(await signIn(email, "first password", uniqueIp())).toBe("credentials");
    expect(await signIn(email, "second password", uniqueIp())).toBe("ok");
  });

  it("resending sends a fresh link to an unconfirmed address only, and says the same either way", async () => {
    const pending = unique("resend");
    await auth.signUp.signUpOwner({ email: pending, password: PASSWORD, ip: uniqueIp() });
    await auth.signUp.resendVerification({ email: pending.toUpperCase(), ip: uniqueIp() });
    expect(await mailTo(pending)).toHaveLength(2);
    const confirmed = await verifiedOwner();
    await auth.signUp.resendVerification({ email: confirmed, ip: uniqueIp() });
    await auth.signUp.resendVerification({ email: unique("nobody"), ip: uniqueIp() });
    expect(await mailTo(confirmed)).toHaveLength(1);
  });

  it("an unconfirmed owner signing in with the right password is refused like anyone else and sent a new link", async () => {
    const email = unique("nudge");
    await auth.signUp.signUpOwner({ email, password: PASSWORD, ip: uniqueIp() });
    expect(await signIn(email, PASSWORD, uniqueIp())).toBe("credentials");
    const mails = await mailTo(email);
    expect(mails).toHaveLength(2);
    expect(await auth.verification.confirmEmail(linkToken(mails[1].text))).toBe("confirmed");
  });
});

describe("no account enumeration", () => {
  it("sign-up with a taken address answers like a fresh one, creates nothing, changes nothing and tells the owner", async () => {
    const email = await verifiedOwner();
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from accounts`);
    await expect(
      auth.signUp.signUpOwner({ email: email.toUpperCase(), password: "attacker's password", ip: uniqueIp() }),
    ).resolves.toBeUndefined();
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from accounts`)).toEqual(before);
    expect(await signIn(email, "attacker's password", uniqueIp())).toBe("credentials");
    expect(await signIn(email, PASSWORD, uniqueIp())).toBe("ok");
    const mails = await mailTo(email);
    expect(mails.map((m) => m.subject)).toEqual([
      "Confirm your email address for Posthaste",
      "Someone tried to sign up to Posthaste with your address",
    ]);
    expect(mails[1].text).toContain("https://doors.test/sign-in");
  });

  it("an address the operator made with the CLI is told too, and stays verified", async () => {
    const { email } = await server.account();
    await auth.signUp.signUpOwner({ email, password: PASSWORD, ip: uniqueIp() });
    expect((await mailTo(email)).map((m) => m.subject)).toEqual(["Someone tried to sign up to Posthaste with your address"]);
    expect((await accountOf(email)).email_verified_at).not.toBeNull();
  });

  it("sign-in refuses an unknown email and a wrong password with the same answer", async () => {
    const email = await verifiedOwner();
    const unknown = await signIn(unique("unknown"), PASSWORD, uniqueIp());
    const wrong = await signIn(email, "not the password", uniqueIp());
    expect(unknown).toBe("credentials");
    expect(wrong).toBe(unknown);
  });
});

describe("rate limits", () => {
  it("after 3 failures for an address from one client (AUTH_SIGNIN_FAILURES_PER_ADDRESS) that client is refused, even with the right password, until the window passes; the owner's client is not", async () => {
    const email = await verifiedOwner();
    const attacker = uniqueIp();
    for (let i = 0; i < 3; i++) expect(await signIn(email, `wrong ${i}`, attacker)).toBe("credentials");
    expect(await signIn(email, PASSWORD, attacker)).toBe("rate_limited");
    expect(await signIn(email.toUpperCase(), PASSWORD, attacker)).toBe("rate_limited");
    // The stranger's failures are theirs: the owner, anywhere else, signs in.
    expect(await signIn(email, PASSWORD, uniqueIp())).toBe("ok");
    const client = auth.clientIp.clientIp(new Headers({ "x-forwarded-for": attacker }));
    await rows(
      sql`update auth_rate_limits set window_started_at = now() - interval '16 minutes' where key = ${`signin-fail:${email.toLowerCase()}|${client}`}`,
    );
    expect(await signIn(email, PASSWORD, attacker)).toBe("ok");
  });

  it("failures from many clients reach the address's ceiling (AUTH_SIGNIN_CEILING): new clients wait, clients that signed in before do not, and a reset link opens it", async () => {
    const email = await verifiedOwner();
    const [desk, laptop] = [uniqueIp(), uniqueIp()];
    expect(await signIn(email, PASSWORD, desk)).toBe("ok");
    expect(await signIn(email, PASSWORD, laptop)).toBe("ok");
    // 8 strangers, 1 failure each: under every per-client count, at the ceiling together.
    for (let i = 0; i < 8; i++) expect(await signIn(email, `botnet ${i}`, uniqueIp())).toBe("credentials");
    // Guessing goes no further from anywhere new, however right the password.
    expect(await signIn(email, `botnet 9`, uniqueIp())).toBe("rate_limited");
    expect(await signIn(email, PASSWORD, uniqueIp())).toBe("rate_limited");
    // Clients the owner signed in from keep their own way in (each with its own count of 3).
    expect(await signIn(email, PASSWORD, desk)).toBe("ok");
    for (let i = 0; i < 3; i++) expect(await signIn(email, `typo ${i}`, laptop)).toBe("credentials");
    expect(await signIn(email, PASSWORD, laptop)).toBe("rate_limited");

    // "Forgot password" is not held by any sign-in limit; the link's new password opens the door at once.
    const phone = uniqueIp();
    await reset.requestPasswordReset({ email, ip: phone });
    const mail = (await mailTo(email)).find((m) => m.subject === "Choose a new Posthaste password")!;
    expect(await reset.setPasswordWithLink(dashboard.linkToken(mail.text, "/set-password"), "a brand new password")).toEqual({ email });
    expect(await signIn(email, "a brand new password", phone)).toBe("ok");
    // A new password forgets the clients known by the old one: the desk is a stranger again until it signs in.
    for (let i = 0; i < 8; i++) await signIn(email, `more ${i}`, uniqueIp());
    expect(await signIn(email, "a brand new password", desk)).toBe("rate_limited");
    expect(await signIn(email, "a brand new password", phone)).toBe("ok");
  });

  it("strangers cannot use up an owner's reset mails: other mail the forms cause has its own count, and each reset mail is a working link", async () => {
    const email = await verifiedOwner();
    // Sign-ups in the owner's name fill the count of "someone tried" notices...
    for (let i = 0; i < 4; i++) await auth.signUp.signUpOwner({ email, password: "someone else's", ip: uniqueIp() }).catch(() => {});
    // ...not the owner's reset link.
    await reset.requestPasswordReset({ email, ip: uniqueIp() });
    // Resets asked in the owner's name fill their count with links the owner holds.
    for (let i = 0; i < 3; i++) await reset.requestPasswordReset({ email, ip: uniqueIp() });
    await expect(reset.requestPasswordReset({ email, ip: uniqueIp() })).rejects.toBeInstanceOf(auth.rateLimit.TooManyAttempts);
    const links = (await mailTo(email)).filter((m) => m.subject === "Choose a new Posthaste password");
    expect(links).toHaveLength(4);
    expect(await reset.setPasswordWithLink(dashboard.linkToken(links[2].text, "/set-password"), "my own new password")).toEqual({ email });
    expect(await signIn(email, "my own new password", uniqueIp())).toBe("ok");
  });

  it("a right password takes back its count: successes never lock an owner out", async () => {
    const email = await verifiedOwner();
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) expect(await signIn(email, PASSWORD, i % 2 ? ip : uniqueIp())).toBe("ok");
  });

  it("an unknown address is limited the same way, so the limit says nothing about accounts", async () => {
    const email = unique("ghost");
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++) expect(await signIn(email, `guess ${i}`, ip)).toBe("credentials");
    expect(await signIn(email, "another guess", ip)).toBe("rate_limited");
    for (let i = 0; i < 5; i++) expect(await signIn(email, `spread ${i}`, uniqueIp())).toBe("credentials");
    expect(await signIn(email, "another guess", uniqueIp())).toBe("rate_limited");
  });

  it("one IP gets 6 sign-in attempts per window (AUTH_SIGNIN_ATTEMPTS_PER_IP), whatever the addresses; another IP is unaffected", async () => {
    const email = await verifiedOwner();
    const ip = uniqueIp();
    for (let i = 0; i < 6; i++) expect(await signIn(unique("spray"), PASSWORD, ip)).toBe("credentials");
    expect(await signIn(email, PASSWORD, ip)).toBe("rate_limited");
    expect(await signIn(email, PASSWORD, uniqueIp())).toBe("ok");
  });

  it("one IP gets 3 sign-ups per window (AUTH_SIGNUP_PER_IP); resends count too", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 2; i++) await auth.signUp.signUpOwner({ email: unique("burst"), password: PASSWORD, ip });
    await auth.signUp.resendVerification({ email: unique("burst"), ip });
    const email = unique("burst");
    await expect(auth.signUp.signUpOwner({ email, password: PASSWORD, ip })).rejects.toBeInstanceOf(auth.rateLimit.TooManyAttempts);
    expect(await accountOf(email)).toBeUndefined();
  });

  it("the forms send one address at most 4 mails per window (AUTH_MAILS_PER_ADDRESS)", async () => {
    const email = unique("flood");
    await auth.signUp.signUpOwner({ email, password: PASSWORD, ip: uniqueIp() });
    for (let i = 0; i < 3; i++) await auth.signUp.resendVerification({ email, ip: uniqueIp() });
    await expect(auth.signUp.resendVerification({ email, ip: uniqueIp() })).rejects.toThrow(/Too many attempts/);
    await expect(auth.signUp.signUpOwner({ email, password: PASSWORD, ip: uniqueIp() })).rejects.toBeInstanceOf(
      auth.rateLimit.TooManyAttempts,
    );
    expect(await mailTo(email)).toHaveLength(4);
  });

  it("counts hold under concurrency: 20 parallel attempts on one key admit exactly the limit", async () => {
    const key = `test:${unique("parallel")}`;
    const verdicts = await Promise.all(Array.from({ length: 20 }, () => auth.rateLimit.countAttempt(key, { limit: 7, seconds: 60 })));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(7);
    // Every refused attempt is told to wait, and no longer than the window.
    const waits = verdicts.filter((v) => !v.allowed).map((v) => v.retryAfterSeconds);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...waits)).toBeLessThanOrEqual(60);
  });
});

describe("the client IP", () => {
  it("comes from X-Forwarded-For only with TRUSTED_PROXY_HOPS; IPv6 counts by /64", () => {
    const { clientIp } = auth.clientIp;
    const headers = new Headers({ "x-forwarded-for": "10.9.9.9, 192.0.2.1" });
    expect(clientIp(headers)).toBe("192.0.2.1");
    reconfigure({ TRUSTED_PROXY_HOPS: "2" });
    expect(clientIp(headers)).toBe("10.9.9.9");
    reconfigure({ TRUSTED_PROXY_HOPS: "0" });
    // No node:http server stamps requests in this process, so nothing is believed.
    expect(clientIp(headers)).toBeNull();
    expect(clientIp(new Headers({ [auth.clientIp.CLIENT_IP_HEADER]: "192.0.2.1" }))).toBeNull();
    reconfigure({ TRUSTED_PROXY_HOPS: "1" });
    expect(clientIp(new Headers({ "x-forwarded-for": "2001:db8:1:2:3:4:5:6" }))).toBe("2001:db8:1:2::/64");
    expect(clientIp(new Headers({ "x-forwarded-for": "::ffff:192.0.2.7" }))).toBe("192.0.2.7");
    expect(clientIp(new Headers({ "x-forwarded-for": "not-an-ip" }))).toBeNull();
  });
});

describe("the client IP behind npm start's node:http server", () => {
  // Runs after the test above: once a server stamps requests in this process, the header is believed.
  it("is the socket's peer: a client's own x-posthaste-client-ip is replaced before Next sees it", async () => {
    const { createHttpServer } = await import("../server/http/server");
    const seen: Array<string | null> = [];
    const http = createHttpServer(async (req, res) => {
      reconfigure({ TRUSTED_PROXY_HOPS: "0" });
      seen.push(auth.clientIp.clientIp(new Headers(req.headers as Record<string, string>)));
      reconfigure({ TRUSTED_PROXY_HOPS: "1" });
      res.end("next");
    });
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    try {
      const port = (http.address() as { port: number }).port;
      const res = await fetch(`http://127.0.0.1:${port}/sign-in`, {
        headers: { [auth.clientIp.CLIENT_IP_HEADER]: "192.0.2.66", "x-forwarded-for": "192.0.2.77" },
      });
      expect(await res.text()).toBe("next");
      expect(seen).toEqual(["127.0.0.1"]);
    } finally {
      await new Promise((resolve) => http.close(resolve));
    }
  });
});

describe("reserved addresses", () => {
  it.each([SYSTEM_SENDER, SYSTEM_SENDER.toUpperCase(), SANDBOX, ` ${SANDBOX} `])("%s cannot be signed up", async (email) => {
    await expect(auth.signUp.signUpOwner({ email, password: PASSWORD, ip: uniqueIp() })).rejects.toThrow(/belongs to the service/);
    expect(await accountOf(SANDBOX)).toBeUndefined();
  });

  it("the platform's notice account keeps SYSTEM_SENDER's address", async () => {
    await verifiedOwner(); // makes the platform account on first use
    const [platform] = await rows<{ n: number }>(sql`select count(*)::int as n from accounts a where lower(a.email) = ${SYSTEM_SENDER}
      and not exists (select 1 from memberships m where m.account_id = a.id)`);
    expect(platform.n).toBe(1);
  });
});

describe("one mailbox, many spellings", () => {
  it("case and fullwidth spellings of a confirmed address make no second account, and sign in to the one there is", async () => {
    const email = await verifiedOwner();
    const [local, domain] = email.split("@");
    const fullwidth = `${local.toUpperCase()}@${domain.replace("example", "\uff45xample")}`;
    await auth.signUp.signUpOwner({ email: fullwidth, password: "another password 1", ip: uniqueIp() });
    const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from users where lower(email) = ${email}`);
    expect(n.n).toBe(1);
    const [others] = await rows<{ n: number }>(sql`select count(*)::int as n from accounts where email like ${`${local}@%`}`);
    expect(others.n).toBe(1);
    expect(await signIn(fullwidth, PASSWORD, uniqueIp())).toBe("ok");
  });
});

describe("hostile input at the doors", () => {
  it("a 1 MB email or password is answered within a second at sign-in and sign-up while /api/health keeps answering", async () => {
    const huge = `${"a".repeat(1_000_000)}@example.com`;
    let slowestHealth = 0;
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const started = performance.now();
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
        slowestHealth = Math.max(slowestHealth, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const started = performance.now();
    try {
      expect(await signIn(huge, PASSWORD, uniqueIp())).toBe("credentials");
      expect(await signIn(unique("long"), "p".repeat(1_000_000), uniqueIp())).toBe("credentials");
      await expect(auth.signUp.signUpOwner({ email: huge, password: PASSWORD, ip: uniqueIp() })).rejects.toThrow(/valid email/);
      await expect(auth.signUp.signUpOwner({ email: unique("long"), password: "p".repeat(1_000_000), ip: uniqueIp() })).rejects.toThrow(
        /at most/,
      );
    } finally {
      probing = false;
      await probe;
    }
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(1000 * 4);
    expect(slowestHealth).toBeGreaterThan(0);
    expect(slowestHealth).toBeLessThan(1000);
    // Nothing of the megabyte was stored as a rate-limit key.
    const [big] = await rows<{ n: number }>(sql`select count(*)::int as n from auth_rate_limits where length(key) > 1000`);
    expect(big.n).toBe(0);
  });
});

describe("test mode and the signup email", () => {
  async function keyFor(email: string) {
    const account = await accountOf(email);
    const [owner] = await rows<{ user_id: string }>(sql`select user_id from memberships where account_id = ${account.id}`);
    return (await auth.apiKeys.createApiKey(account.id, "test", "full", { kind: "user", userId: owner.user_id })).key;
  }
  const send = (key: string, to: string) => server.api("POST", "/v1/emails", { key, body: { from: SANDBOX, to, subject: "test mode" } });

  it("an unverified sign-up gets nothing rewritten to it: 422 sandbox_recipient; simulators still work", async () => {
    const email = unique("unverified");
    await auth.signUp.signUpOwner({ email, password: PASSWORD, ip: uniqueIp() });
    const key = await keyFor(email);
    for (const to of ["stranger@example.org", email]) {
      const res = await send(key, to);
      expect(res.status).toBe(422);
      expect(res.body.error.type).toBe("sandbox_recipient");
      expect(res.body.error.message).toContain("not verified");
    }
    const batch = await server.api("POST", "/v1/emails/batch", {
      key,
      body: [
        { from: SANDBOX, to: "stranger@example.org", subject: "x" },
        { from: SANDBOX, to: SIMULATOR, subject: "x" },
      ],
    });
    expect(batch.body.summary).toEqual({ total: 2, succeeded: 1, failed: 1 });
    expect(batch.body.data[0].error.type).toBe("sandbox_recipient");
    expect((await send(key, SIMULATOR)).status).toBe(200);
  });

  it("once verified, test mode rewrites to the signup email", async () => {
    const email = unique("verified");
    await auth.signUp.signUpOwner({ email, password: PASSWORD, ip: uniqueIp() });
    const key = await keyFor(email);
    expect((await send(key, "stranger@example.org")).status).toBe(422);
    expect(await auth.verification.confirmEmail(linkToken((await mailTo(email))[0].text))).toBe("confirmed");
    const sent = await send(key, "stranger@example.org");
    expect(sent.status).toBe(200);
    const got = await server.api("GET", `/v1/emails/${sent.body.id}`, { key });
    expect(got.body.to).toEqual([email]);
  });

  it("an account awaiting review may not send to an unverified signup email from its own domain either", async () => {
    const { addDomain } = await import("./support/senders");
    const email = unique("review");
    await auth.signUp.signUpOwner({ email, password: PASSWORD, ip: uniqueIp() });
    const key = await keyFor(email);
    const domain = `review-${process.pid}-${++n}.example.net`;
    await addDomain((await accountOf(email)).id, domain);
    const toOwner = () => server.api("POST", "/v1/emails", { key, body: { from: `hello@${domain}`, to: email, subject: "s", text: "t" } });
    const refused = await toOwner();
    expect(refused.status).toBe(403);
    expect(refused.body.error.type).toBe("account_pending_review");
    expect(await auth.verification.confirmEmail(linkToken((await mailTo(email))[0].text))).toBe("confirmed");
    expect((await toOwner()).status).toBe(200);
  });

  it("an account made by the operator's CLI counts as verified", async () => {
    const { apiKey, email } = await server.account();
    const sent = await send(apiKey, "stranger@example.org");
    expect(sent.status).toBe(200);
    expect((await server.api("GET", `/v1/emails/${sent.body.id}`, { key: apiKey })).body.to).toEqual([email]);
  });
});
