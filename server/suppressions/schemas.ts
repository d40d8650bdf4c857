import { z } from "zod";

/** The shapes the suppressions API answers with; the types are derived from them. */

export const SUPPRESSION_REASONS = ["hard_bounce", "complaint", "manual", "unsubscribe"] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

export const SuppressionReasonSchema = z.enum(SUPPRESSION_REASONS).meta({
  id: "SuppressionReason",
  description: "`unsubscribe` blocks bulk mail only; every other reason blocks all mail",
});

export const Suppression = z
  .object({ address: z.string(), reason: SuppressionReasonSchema, createdAt: z.number().int() })
  .meta({ id: "Suppression", description: "An address that must not be contacted" });
export type Suppression = z.infer<typeof Suppression>;

export const SuppressionPage = z
  .object({ data: z.array(Suppression), hasMore: z.boolean(), nextCursor: z.string().nullable() })
  .meta({ id: "SuppressionList" });
export type SuppressionPage = z.infer<typeof SuppressionPage>;

/** An address added by hand: the reference reports `manual` whatever reason is kept. */
export const ManualSuppression = z.object({ address: z.string(), reason: z.literal("manual") }).meta({ id: "AddedSuppression" });
export type ManualSuppression = z.infer<typeof ManualSuppression>;

export const ManualSuppressionList = z.object({ data: z.array(ManualSuppression) }).meta({ id: "AddedSuppressionList" });

export const SuppressionRemoved = z.object({ address: z.string(), removed: z.boolean() }).meta({ id: "RemovedSuppression" });
export type SuppressionRemoved = z.infer<typeof SuppressionRemoved>;
