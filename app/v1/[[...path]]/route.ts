import { serveV1FromWeb } from "@/server/http/web";

// The same /v1 core the node:http server runs (server/http/v1.ts), for deployments
// where Next serves every request.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = serveV1FromWeb;
export const POST = serveV1FromWeb;
export const PUT = serveV1FromWeb;
export const PATCH = serveV1FromWeb;
export const DELETE = serveV1FromWeb;
export const HEAD = serveV1FromWeb;
export const OPTIONS = serveV1FromWeb;
