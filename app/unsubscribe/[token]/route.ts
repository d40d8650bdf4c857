import { servePublicRouteFromWeb } from "@/server/http/web";

// One-click unsubscribe (server/http/routes/unsubscribe.ts), for deployments where Next serves every request.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";
export const GET = servePublicRouteFromWeb;
export const POST = servePublicRouteFromWeb;
