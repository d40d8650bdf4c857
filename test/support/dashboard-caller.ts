// Server modules load on first use, after startTestServer has set this file's configuration.

/**
 * The dashboard's procedures as its pages call them: tRPC's server-side caller with a
 * signed-in session of `accountId` (lib/trpc/server.ts builds the same context from the
 * cookie). Dashboard-only procedures have no /v1 path to reach them over HTTP.
 */
export async function dashboardCaller(accountId: string) {
  const { createCaller } = await import("../../server/api/root");
  return createCaller({ credentials: { kind: "session", accountId }, header: () => undefined });
}
