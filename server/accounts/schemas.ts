import { z } from "zod";
import { MEMBER_ROLES } from "../team/schemas";

/** The shapes of the dashboard's account procedures (no /v1 path); the types are derived from them. */

export const ACCOUNT_NOTICE_KINDS = ["review", "test_mode", "paused", "deliverability_blocked", "throttled"] as const;

/** A standing the account is in that limits what it can send: what it means and what lifts it. */
export const AccountNotice = z.object({
  kind: z.enum(ACCOUNT_NOTICE_KINDS),
  title: z.string(),
  meaning: z.string(),
  lift: z.string(),
});
export type AccountNotice = z.infer<typeof AccountNotice>;

export const PlanLimits = z.object({
  month: z.number().int().nullable(),
  day: z.number().int().nullable(),
  domains: z.number().int().nullable(),
  webhooks: z.number().int().nullable(),
  rate: z.object({ perSecond: z.number(), burst: z.number() }).nullable(),
});

export const AccountSettings = z.object({
  id: z.string(),
  email: z.string(),
  plan: z.string(),
  limits: PlanLimits,
  approved: z.boolean(),
  paused: z.boolean(),
  throttlePerDay: z.number().int().nullable(),
  createdAt: z.number().int(),
  /** The signed-in user. */
  you: z.object({ userId: z.string(), email: z.string(), role: z.enum(MEMBER_ROLES) }),
  notices: z.array(AccountNotice),
});
export type AccountSettings = z.infer<typeof AccountSettings>;
