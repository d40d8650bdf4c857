import { unsubscribeRoute } from "@/server/suppressions/unsubscribe-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The same handler the node:http server runs, for deployments served by Next alone. */
async function handle(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const match = unsubscribeRoute.pattern.exec(url.pathname);
  if (!match) return new Response("Not found", { status: 404 });
  const body = req.method === "POST" ? Buffer.from(await req.arrayBuffer()) : null;
  const res = await unsubscribeRoute.handle(
    { method: req.method, url: url.pathname + url.search, header: (name) => req.headers.get(name) ?? undefined, body },
    match,
  );
  return new Response(res.body, { status: res.status, headers: res.headers });
}

export const GET = handle;
export const POST = handle;
