import { signIn } from "./dashboard";

// Server modules load on first use, after startTestServer has set this file's configuration.

const PASSWORD = "dashboard caller password";

/** One signed-in caller per account and test file (a sign-in costs two scrypt rounds). */
const callers = new Map<string, ReturnType<typeof signedInCaller>>();

/**
 * The dashboard's procedures as its pages call them, as the owner of `accountId` signed in for
 * real: the operator's sign-in link (`accounts sign-in-link`) sets the owner's password, the
 * sign-in form's POST to next-auth's route handler returns the session cookie, and every call
 * resolves the member from that cookie as the tRPC route does (server/auth/session.ts), so a
 * session that stops holding (member removed, password changed) stops working here too. The
 * account must have its owner (server.account() makes one) and an approved, confirmed email.
 */
export function dashboardCaller(accountId: string) {
  let caller = callers.get(accountId);
  if (!caller) {
    caller = signedInCaller(accountId);
    callers.set(accountId, caller);
  }
  return caller;
}

async function signedInCaller(accountId: string) {
  const [{ createCaller }, { ownerSignInLink, setPasswordWithLink }, { sessionMemberOfRequest }, { config }] = await Promise.all([
    import("../../server/api/root"),
    import("../../server/auth/password-reset"),
    import("../../server/auth/session"),
    import("../../server/config"),
  ]);
  const link = await ownerSignInLink(accountId);
  if (!link) throw new Error(`account ${accountId} has no owner to sign in as`);
  const set = await setPasswordWithLink(new URL(link.url).searchParams.get("token") ?? "", PASSWORD);
  if (set === "invalid") throw new Error(`the sign-in link for ${link.email} did not set a password`);
  const session = await signIn(link.email, PASSWORD, "198.51.100.7");
  if (!session.cookie) throw new Error(`${link.email} could not sign in: ${session.outcome}`);
  // Headers as Next's server hands them to the route: next-auth takes the protocol (hence the
  // session cookie's name) from x-forwarded-proto, https when it is missing.
  const base = new URL(config().appUrl);
  const headers = { cookie: session.cookie, host: base.host, "x-forwarded-proto": base.protocol.replace(":", "") };
  return createCaller(async () => ({
    credentials: { kind: "session" as const, member: await sessionMemberOfRequest(new Request(base, { headers })) },
    header: () => undefined,
  }));
}
