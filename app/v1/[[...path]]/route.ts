import { serveV1FromWeb } from "@/server/http/web";
import { everyMethod } from "../../_routes/every-method";

// The same /v1 core the node:http server runs (server/http/v1.ts), for deployments
// where Next serves every request.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = everyMethod(serveV1FromWeb);
