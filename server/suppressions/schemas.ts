import { z } from "zod";

/** The shapes the suppressions API answers with; the types are derived from them. */

export const SUPPRESSION_REASONS = ["hard_bounce", "complaint", "manual", "unsubscribe"] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

export const Suppression = z.object({ address: z.string(), reason: z.enum(SUPPRESSION_REASONS), createdAt: z.number().int() });
export type Suppression = z.infer<typeof Suppression>;

export const SuppressionPage = z.object({ data: z.array(Suppression), hasMore: z.boolean(), nextCursor: z.string().nullable() });
export type SuppressionPage = z.infer<typeof SuppressionPage>;

/** An address added by hand: the reference reports `manual` whatever reason is kept. */
export const ManualSuppression = z.object({ address: z.string(), reason: z.literal("manual") });
export type ManualSuppression = z.infer<typeof ManualSuppression>;

export const ManualSuppressionList = z.object({ data: z.array(ManualSuppression) });

export const SuppressionRemoved = z.object({ address: z.string(), removed: z.boolean() });
export type SuppressionRemoved = z.infer<typeof SuppressionRemoved>;
