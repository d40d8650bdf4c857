import { expect } from "vitest";
import { rows } from "./db";

// Server and Next modules load on first use, after startTestServer has set this file's configuration.

/**
 * The dashboard's HTTP surfaces as the browser reaches them: next-auth's real route handler
 * (the credentials callback the sign-in form's signIn() reaches) and the tRPC route
 * (app/api/trpc), called with the session cookie the sign-in set. APP_URL must be https
 * (the cookie is then `__Secure-authjs.session-token`, as in production).
 */
async function modules() {
  const [{ NextRequest }, authRoute, trpcRoute, { config }] = await Promise.all([
    import("next/server"),
    import("../../app/api/auth/[...nextauth]/route"),
    import("../../app/api/trpc/[trpc]/route"),
    import("../../server/config"),
  ]);
  return { NextRequest, authRoute, trpcRoute, base: config().appUrl, host: new URL(config().appUrl).host };
}

export interface SignedIn {
  /** "ok", or the refusal's code ("credentials", "rate_limited"). */
  outcome: string;
  /** The session cookie ("name=value") when the sign-in succeeded. */
  cookie: string | null;
}

/** POSTs the sign-in form to next-auth's credentials callback from client `ip` (X-Forwarded-For; TRUSTED_PROXY_HOPS=1). */
export async function signIn(email: string, password: string, ip: string): Promise<SignedIn> {
  const { NextRequest, authRoute, base, host } = await modules();
  const csrf = await authRoute.GET(new NextRequest(`${base}/api/auth/csrf`, { headers: { host } }));
  const { csrfToken } = await csrf.json();
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const res = await authRoute.POST(
    new NextRequest(`${base}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { host, cookie, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `203.0.113.99, ${ip}` },
      body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${base}/` }),
    }),
  );
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("location")!);
  if (location.pathname === "/") {
    const session = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => /^(__Secure-)?authjs\.session-token=/.test(c));
    expect(session).toBeDefined();
    return { outcome: "ok", cookie: session! };
  }
  expect(location.pathname).toBe("/sign-in");
  expect(location.searchParams.get("error")).toBe("CredentialsSignin");
  return { outcome: location.searchParams.get("code")!, cookie: null };
}

export interface TrpcReply<T = any> {
  status: number;
  data?: T;
  /** The ApiError the procedure answered with (type, message, status). */
  error?: { type: string; message: string; status: number };
}

/**
 * Calls a procedure through the dashboard's tRPC route with a session cookie (null: signed out),
 * and any `extra` headers (an Authorization header, to show keys do not reach it).
 */
export async function trpc<T = any>(
  cookie: string | null,
  path: string,
  input: unknown = {},
  kind: "query" | "mutation" = "mutation",
  extra: Record<string, string> = {},
) {
  const { NextRequest, trpcRoute, base, host } = await modules();
  const headers: Record<string, string> = { host, ...extra };
  if (cookie) headers.cookie = cookie;
  const req =
    kind === "query"
      ? new NextRequest(`${base}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers })
      : new NextRequest(`${base}/api/trpc/${path}`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify(input),
        });
  const handler = (kind === "query" ? trpcRoute.GET : trpcRoute.POST) as unknown as (req: unknown, ctx: unknown) => Promise<Response>;
  const res = await handler(req, { params: Promise.resolve({ trpc: path }) });
  const body = await res.json();
  const reply: TrpcReply<T> = { status: res.status };
  if (body.result) reply.data = body.result.data;
  if (body.error) reply.error = body.error.data?.apiError ?? { type: "unknown", message: body.error.message, status: res.status };
  return reply;
}

export const query = <T = any>(cookie: string | null, path: string, input: unknown = {}) => trpc<T>(cookie, path, input, "query");

/** Mail the service queued to `address` from its own (platform) account, oldest first. */
export async function mailTo(address: string) {
  const { sql } = await import("drizzle-orm");
  return rows<{ subject: string; text: string; from: string; platform_email: string }>(sql`
    select e.subject, c.text, e."from", a.email as platform_email
    from emails e join email_contents c on c.email_id = e.id join accounts a on a.id = e.account_id
    where e."to" @> ${JSON.stringify([address.toLowerCase()])}::jsonb order by e.id`);
}

/** The token of the `path` link (e.g. "/set-password") in a mail's text. */
export function linkToken(text: string, path: string): string {
  const match = new RegExp(`https?://[^/\\s]+${path.replace(/[/]/g, "\\/")}\\?token=(\\S+)`).exec(text);
  expect(match, `a ${path} link in:\n${text}`).not.toBeNull();
  return match![1];
}
