import { z } from "zod";
import { Usage } from "../../limits/schemas";
import { getUsage } from "../../limits/usage";
import { fullScopeProcedure, router } from "../trpc";

export const usageRouter = router({
  get: fullScopeProcedure
    .meta({ openapi: { method: "GET", path: "/v1/usage", tags: ["Usage"], summary: "Usage against the plan" } })
    .input(z.object({}))
    .output(Usage)
    .query(({ ctx }) => getUsage(ctx.account)),
});
