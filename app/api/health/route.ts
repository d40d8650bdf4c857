import { healthCheck } from "@/server/health";
import { serveUnknownRouteFromWeb } from "@/server/http/web";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(): Promise<Response> {
  const health = await healthCheck();
  return Response.json(health.body, { status: health.status });
}

// Only GET (and HEAD) is served; any other method gets the unknown-route envelope, as on node:http.
export const POST = serveUnknownRouteFromWeb;
export const PUT = serveUnknownRouteFromWeb;
export const PATCH = serveUnknownRouteFromWeb;
export const DELETE = serveUnknownRouteFromWeb;
export const OPTIONS = serveUnknownRouteFromWeb;
