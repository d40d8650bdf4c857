import { servePublicRouteFromWeb } from "@/server/http/web";

// Open pixel and click redirects (server/http/routes/tracking.ts), for deployments where Next serves every request.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";
export const GET = servePublicRouteFromWeb;
