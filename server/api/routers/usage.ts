import { z } from "zod";
import { getUsage } from "../../limits/usage";
import { fullScopeProcedure, router } from "../trpc";

const allowance = z.object({ count: z.number().int(), limit: z.number().int().nullable(), suspended: z.number().int() });

export const usageRouter = router({
  get: fullScopeProcedure
    .meta({ openapi: { method: "GET", path: "/v1/usage", tags: ["Usage"], summary: "Usage against the plan" } })
    .input(z.object({}))
    .output(z.object({
      plan: z.string(),
      month: z.object({ count: z.number().int(), limit: z.number().int().nullable() }),
      day: z.object({ count: z.number().int(), limit: z.number().int().nullable() }),
      domains: allowance,
      webhooks: allowance,
    }))
    .query(({ ctx }) => getUsage(ctx.account)),
});
