import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { config } from "../config";
import { clientIp } from "./client-ip";
import { attemptSignIn } from "./sign-in";
import { log } from "../ops/log";

declare module "next-auth" {
  interface Session {
    accountId: string;
  }
  interface User {
    accountId?: string;
  }
}

/** A sign-in refused by a rate limit; its code reaches the form (and the redirect's `code=`). */
export class SignInLimited extends CredentialsSignin {
  code = "rate_limited";
}

/**
 * Dashboard sign-in: email + password (Credentials) with JWT sessions, so no session
 * table is needed. The account id rides in the token; every tRPC call re-reads the
 * account, so a deleted account loses access at once.
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
          return { id: result.user.userId, email: result.user.email, accountId: result.user.accountId };
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user?.accountId) token.accountId = user.accountId;
        return token;
      },
      session({ session, token }) {
        session.accountId = typeof token.accountId === "string" ? token.accountId : "";
        return session;
      },
    },
  };
}

// Lazy config: AUTH_SECRET may be generated at start-up (ensureSecrets) after this module loads.
export const { handlers, auth, signIn, signOut } = NextAuth(() => authConfig());

/** The signed-in owner's account id, or null. */
export async function sessionAccountId(): Promise<string | null> {
  const session = await auth();
  return session?.accountId || null;
}
