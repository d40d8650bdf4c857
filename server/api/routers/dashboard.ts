import { z } from "zod";
import { SinkMessage } from "../../dashboard/schemas";
import { readSinkMessage } from "../../dashboard/sink-message";
import { fullScopeProcedure, router } from "../trpc";

/** Dashboard-only reads (no /v1 path): the rendered message the sink provider kept. */
export const dashboardRouter = router({
  sinkMessage: fullScopeProcedure
    .input(z.object({ emailId: z.string() }))
    .output(SinkMessage)
    .query(({ ctx, input }) => readSinkMessage(ctx.account.id, input.emailId)),
});
