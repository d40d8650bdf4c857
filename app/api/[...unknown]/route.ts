import { serveUnknownRouteFromWeb } from "@/server/http/web";
import { everyMethod } from "../../_routes/every-method";

// What no page or route serves and is not a page a browser asked for: /api/* paths, and (through
// the fallback rewrite in next.config.ts) any other unmatched path asked for without
// `Accept: text/html`. They get the API's 404 envelope, as from the node:http server. Browsers
// asking for a page get app/not-found.tsx instead, in the site's frame.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = everyMethod(serveUnknownRouteFromWeb);
