import { assertMaySend, resolveCaller, type ApiContext, type SendEndpoint } from "../../api/trpc";
import { formatZodError, validationError } from "../../errors";
import { errorResponse, json } from "./responses";
import type { Route } from "./endpoints";
import type { V1Response } from "./types";

/**
 * The send endpoints without tRPC's caller: its middleware chain and trpc-to-openapi's
 * input handling were 145 of a send's 510 µs of server CPU (bench/send.mjs). The same steps
 * in the same order: the caller, the send gate, the body (spread into an object, as the
 * adapter does), the input schema and the procedure's own handler.
 */
export async function direct(route: Route, endpoint: SendEndpoint<unknown, unknown>, body: unknown, ctx: ApiContext): Promise<V1Response> {
  const { account } = await resolveCaller(ctx.credentials);
  const sendCtx = { ...ctx, account };
  assertMaySend(sendCtx);
  const input = endpoint.input.safeParse({ ...(body as object) });
  if (!input.success) return errorResponse(validationError(formatZodError(input.error)));
  return json(route.meta.successStatus ?? 200, await endpoint.run(sendCtx, input.data));
}
