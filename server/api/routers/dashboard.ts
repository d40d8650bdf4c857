import { z } from "zod";
import { readRewrites } from "../../dashboard/rewrites";
import { Rewrites, SinkMessage } from "../../dashboard/schemas";
import { readSinkMessage } from "../../dashboard/sink-message";
import { fullScopeProcedure, router } from "../trpc";

/** Dashboard-only reads (no /v1 path): the rendered message the sink provider kept; which messages test mode rewrote. */
export const dashboardRouter = router({
  sinkMessage: fullScopeProcedure
    .input(z.object({ emailId: z.string() }))
    .output(SinkMessage)
    .query(({ ctx, input }) => readSinkMessage(ctx.account.id, input.emailId)),
  rewrites: fullScopeProcedure
    .input(z.object({ ids: z.array(z.string().max(64)).max(100) }))
    .output(Rewrites)
    .query(({ ctx, input }) => readRewrites(ctx.account.id, input.ids)),
});
