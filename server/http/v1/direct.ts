import { assertMaySend, resolveCaller, type ApiContext, type SendEndpoint } from "../../api/trpc";
import { formatZodError, toApiError, validationError } from "../../errors";
import { sendsAccepted, sendsRefused } from "../../ops/metrics";
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
  try {
    const { account } = await resolveCaller(ctx.credentials);
    const sendCtx = { ...ctx, account };
    assertMaySend(sendCtx);
    const input = endpoint.input.safeParse({ ...(body as object) });
    if (!input.success) {
      sendsRefused.inc({ endpoint: route.template, type: "validation_error" });
      return errorResponse(validationError(formatZodError(input.error)));
    }
    const result = await endpoint.run(sendCtx, input.data);
    countSent(route.template, result);
    return json(route.meta.successStatus ?? 200, result);
  } catch (err) {
    sendsRefused.inc({ endpoint: route.template, type: toApiError(err).type });
    throw err;
  }
}

/** A send's answer in the metrics: `{ id }`, or a batch's entries (each an id or its own error). */
function countSent(endpoint: string, result: unknown): void {
  const entries = (result as { data?: unknown[] }).data;
  if (!Array.isArray(entries)) {
    sendsAccepted.inc({ endpoint });
    return;
  }
  let accepted = 0;
  const refused = new Map<string, number>();
  for (const entry of entries as { error?: { type: string } }[]) {
    if (entry.error) refused.set(entry.error.type, (refused.get(entry.error.type) ?? 0) + 1);
    else accepted++;
  }
  if (accepted) sendsAccepted.inc({ endpoint }, accepted);
  for (const [type, count] of refused) sendsRefused.inc({ endpoint, type }, count);
}
