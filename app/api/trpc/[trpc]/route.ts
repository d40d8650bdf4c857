import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "@/server/api/root";
import { sessionMemberOfRequest } from "@/server/auth/session";
import { refuseCrossSite, withinBodyLimit } from "@/server/http/web";

/**
 * The dashboard's tRPC endpoint: the same procedures /v1 serves, authorised by the
 * member's session cookie instead of a key. The session is read from this request, so the
 * route needs nothing but the request.
 */
async function handler(incoming: Request): Promise<Response> {
  const crossSite = refuseCrossSite(incoming);
  if (crossSite) return crossSite;
  // The same MAX_BODY_BYTES as /v1: tRPC's fetch adapter would read a body of any size.
  const req = await withinBodyLimit(incoming);
  if (req instanceof Response) return req;
  const member = await sessionMemberOfRequest(req);
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () => ({
      credentials: { kind: "session" as const, member },
      header: (name: string) => req.headers.get(name) ?? undefined,
    }),
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") console.error(`trpc ${path}:`, error.cause ?? error);
    },
  });
}

export const dynamic = "force-dynamic";
export { handler as GET, handler as POST };
