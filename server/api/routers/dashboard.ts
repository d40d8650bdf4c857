import { z } from "zod";
import { readSinkMessage } from "../../dashboard/sink-message";
import { fullScopeProcedure, router } from "../trpc";

/** Dashboard-only reads (no /v1 path): the rendered message the sink provider kept. */
export const dashboardRouter = router({
  sinkMessage: fullScopeProcedure
    .input(z.object({ emailId: z.string() }))
    .output(z.object({
      raw: z.string(),
      subject: z.string().nullable(),
      html: z.string().nullable(),
      text: z.string().nullable(),
      headers: z.array(z.object({ key: z.string(), value: z.string() })),
      attachments: z.array(z.object({ filename: z.string().nullable(), mimeType: z.string(), size: z.number().int() })),
    }))
    .query(({ ctx, input }) => readSinkMessage(ctx.account.id, input.emailId)),
});
