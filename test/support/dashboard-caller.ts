// Server modules load on first use, after startTestServer has set this file's configuration.

/**
 * The dashboard's procedures as its pages call them: tRPC's server-side caller with the
 * context lib/trpc/server.ts builds from a resolved session (`credentials.member`, the
 * SessionMember server/auth/session-member.ts reads for a cookie), here an owner of
 * `accountId`. Dashboard-only procedures have no /v1 path; the cookie path itself (sign-in
 * route, tRPC route) is test/support/dashboard.ts's and is covered by accounts-team.test.ts.
 */
export async function dashboardCaller(accountId: string) {
  const { createCaller } = await import("../../server/api/root");
  const member = { userId: crypto.randomUUID(), email: `owner@${accountId}.test`, accountId, role: "owner" as const };
  return createCaller({ credentials: { kind: "session", member }, header: () => undefined });
}
