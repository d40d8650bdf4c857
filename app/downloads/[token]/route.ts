import { servePublicRouteFromWeb } from "@/server/http/web";

// Signed inbound downloads (server/http/routes/inbound-download.ts), for deployments where Next serves every request.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";
export const GET = servePublicRouteFromWeb;
