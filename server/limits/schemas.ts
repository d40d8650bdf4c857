import { z } from "zod";

/** The shape GET /v1/usage answers with; the type is derived from it. */

/** A count against an allowance; `limit` null = unlimited. */
const Counted = z.object({ count: z.number().int(), limit: z.number().int().nullable() }).meta({ id: "UsageCount" });

/** An allowance of things held (domains, endpoints); `suspended` = parked by a plan downgrade. */
const Allowance = Counted.extend({ suspended: z.number().int() }).meta({ id: "UsageAllowance" });

export const Usage = z
  .object({
    plan: z.string(),
    month: Counted,
    day: Counted,
    domains: Allowance,
    webhooks: Allowance,
  })
  .meta({ id: "Usage", description: "Use against the plan; `limit: null` means unlimited" });
export type Usage = z.infer<typeof Usage>;
