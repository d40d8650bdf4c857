import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { inngestFunctions } from "@/inngest/functions";

// Inngest calls this endpoint to run the background functions (JOBS_DRIVER=inngest).
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const { GET, POST, PUT } = serve({ client: inngest, functions: inngestFunctions() });
