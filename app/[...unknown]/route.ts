import { serveUnknownRouteFromWeb } from "@/server/http/web";
import { everyMethod } from "../_routes/every-method";

// Every path no page or route serves gets the API's 404 envelope (or a short HTML page
// for a browser), rather than Next's HTML 404 for API clients.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = everyMethod(serveUnknownRouteFromWeb);
