import { healthCheck } from "@/server/health";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(): Promise<Response> {
  const health = await healthCheck();
  return Response.json(health.body, { status: health.status });
}
