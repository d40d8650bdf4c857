import { servePublicRouteFromWeb } from "@/server/http/web";

// Prometheus metrics (server/http/routes/metrics.ts), for deployments where Next serves every request.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";
export const GET = servePublicRouteFromWeb;
