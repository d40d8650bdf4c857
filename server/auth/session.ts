import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { NextRequest } from "next/server";
import { config } from "../config";
import { clientIp } from "./client-ip";
import { passwordStamp } from "./password-stamp";
import { memberOfToken, type SessionMember } from "./session-member";
import { attemptSignIn } from "./sign-in";
import { log } from "../ops/log";

declare module "next-auth" {
  interface Session {
    /** Resolved from the token on every read (server/auth/session-member.ts); null once it no longer holds. */
    member: SessionMember | null;
  }
  interface User {
    /** The password's stamp at sign-in (server/auth/password-stamp.ts). */
    stamp?: string;
  }
}

/** A sign-in refused by a rate limit; its code reaches the form (and the redirect's `code=`). */
export class SignInLimited extends CredentialsSignin {
  code = "rate_limited";
}

/**
 * Dashboard sign-in: email + password (Credentials) with JWT sessions, so no session
 * table is needed. The token holds the user id and the stamp of the password it was made
 * with; every read of the session looks the member up again (memberOfToken), so a removed
 * member, a deleted account or a changed password loses access at once.
 */
function authConfig(): NextAuthConfig {
  return {
    secret: config().authSecret ?? undefined,
    // Self-hosted behind whatever proxy: trust the Host header (APP_URL decides links elsewhere).
    trustHost: true,
    session: { strategy: "jwt", maxAge: 30 * 24 * 3600 },
    pages: { signIn: "/sign-in" },
    // A refused sign-in (wrong password, rate limit) is an answer to the user, not a server fault: don't log its stack.
    logger: {
      error(error) {
        if (!(error instanceof CredentialsSignin)) log().error({ err: error }, "auth: error");
      },
    },
    providers: [
      Credentials({
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        // Both the dashboard's form (signIn in a server action) and a direct POST to
        // /api/auth/callback/credentials arrive here, so the limits live here.
        async authorize(raw, request) {
          const email = typeof raw?.email === "string" ? raw.email : "";
          const password = typeof raw?.password === "string" ? raw.password : "";
          if (!email || !password) throw new CredentialsSignin();
          const result = await attemptSignIn({ email, password, ip: clientIp(request.headers) });
          if (!result.ok) throw result.reason === "rate_limited" ? new SignInLimited() : new CredentialsSignin();
          return { id: result.user.userId, email: result.user.email, stamp: passwordStamp(result.user.passwordHash) };
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        // `sub` is the user's id (Auth.js sets it from `user.id`).
        if (user?.stamp) token.stamp = user.stamp;
        return token;
      },
      async session({ session, token }) {
        session.member = await memberOfToken(token.sub, token.stamp);
        return session;
      },
    },
  };
}

// Lazy config: AUTH_SECRET may be generated at start-up (ensureSecrets) after this module loads.
export const { handlers, auth, signIn, signOut } = NextAuth(() => authConfig());

/** The signed-in member (user, account, role), or null. For server components and actions. */
export async function sessionMember(): Promise<SessionMember | null> {
  const session = await auth();
  return session?.member ?? null;
}

/**
 * The member behind the session cookie of a route handler's request, read from the request
 * itself (no Next request scope needed), through next-auth's route-handler wrapper. With a
 * lazy config, `auth(handler)` answers a promise of the wrapped handler, hence the await.
 */
export async function sessionMemberOfRequest(req: Request): Promise<SessionMember | null> {
  let member: SessionMember | null = null;
  const wrapped = await Promise.resolve(
    auth((withAuth) => {
      member = withAuth.auth?.member ?? null;
      return new Response(null, { status: 204 });
    }),
  );
  // Only the headers matter (the cookie); the body may already have been read.
  await wrapped(new NextRequest(req.url, { headers: req.headers }), { params: Promise.resolve({}) });
  return member;
}
