import { servePublicRouteFromWeb } from "@/server/http/web";

// SES event ingest over SNS (server/ses/sns.ts), for deployments where Next serves every request.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";
export const POST = servePublicRouteFromWeb;
