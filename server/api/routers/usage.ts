import { z } from "zod";
import { Usage } from "../../limits/schemas";
import { getUsage } from "../../limits/usage";
import { USAGE } from "../examples";
import { fullScopeProcedure, router } from "../trpc";

export const usageRouter = router({
  get: fullScopeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/v1/usage",
        tags: ["Usage"],
        summary: "Usage against the plan",
        description:
          "Month to date and today against the plan, and domains and webhook endpoints held. `day` reports the ceiling enforced (a ramp or review throttle counts recipients).",
      },
      docs: { example: USAGE },
    })
    .input(z.object({}))
    .output(Usage)
    .query(({ ctx }) => getUsage(ctx.account)),
});
