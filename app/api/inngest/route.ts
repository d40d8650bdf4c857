import type { NextRequest } from "next/server";
import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { inngestFunctions } from "@/inngest/functions";
import { config } from "@/server/config";
import { serveUnknownRouteFromWeb } from "@/server/http/web";

// Inngest calls this endpoint to run the background functions. It exists only while the
// Inngest driver runs them (JOBS_DRIVER=inngest, or Inngest configured): with the embedded
// driver nobody may register or invoke functions here, so it is the unknown-route 404.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";
// On Vercel: one call runs one step (a dispatch batch, a webhook round), which may wait on a
// slow relay or endpoint for up to DISPATCH_SEND_TIMEOUT_MS; 300 s is Fluid compute's default cap.
export const maxDuration = 300;

const inngestHandlers = serve({ client: inngest, functions: inngestFunctions() });
type Handler = (req: NextRequest, ctx: unknown) => Promise<Response>;

function onlyWithInngest(handler: Handler): Handler {
  return (req, ctx) => (config().jobsDriver === "inngest" ? handler(req, ctx) : serveUnknownRouteFromWeb(req));
}

export const GET = onlyWithInngest(inngestHandlers.GET as Handler);
export const POST = onlyWithInngest(inngestHandlers.POST as Handler);
export const PUT = onlyWithInngest(inngestHandlers.PUT as Handler);
