import { serveUnknownRouteFromWeb } from "@/server/http/web";

// Every path no page or route serves gets the API's 404 envelope (or a short HTML page
// for a browser), rather than Next's HTML 404 for API clients.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = serveUnknownRouteFromWeb;
export const POST = serveUnknownRouteFromWeb;
export const PUT = serveUnknownRouteFromWeb;
export const PATCH = serveUnknownRouteFromWeb;
export const DELETE = serveUnknownRouteFromWeb;
export const HEAD = serveUnknownRouteFromWeb;
export const OPTIONS = serveUnknownRouteFromWeb;
