import { z } from "zod";
import { MAX_FORM_FIELD_LENGTH, MAX_ID_LENGTH } from "../limits/constants";

/** `owner`: invites, removes and changes the roles of members, deletes the account. `member`: everything else. */
export const MEMBER_ROLES = ["owner", "member"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** The shapes the dashboard's team procedures answer with (no /v1 path); the types are derived from them. */
export const TeamMember = z.object({
  userId: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  joinedAt: z.number().int(),
  /** False for an owner made by `accounts create` who has not followed the sign-in link yet. */
  hasPassword: z.boolean(),
  /** Their address is the account's email: they stay an owner until they move it (server/team/rules.ts). */
  holdsAccountEmail: z.boolean(),
  /** Live API keys and webhook endpoints they made: revoked or handed over when they go (server/team/departure.ts). */
  made: z.object({ keys: z.number().int(), webhooks: z.number().int() }),
});
export type TeamMember = z.infer<typeof TeamMember>;

export const PendingInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  invitedBy: z.string().nullable(),
  createdAt: z.number().int(),
  expiresAt: z.number().int(),
  expired: z.boolean(),
});
export type PendingInvitation = z.infer<typeof PendingInvitation>;

export const Team = z.object({ members: z.array(TeamMember), invitations: z.array(PendingInvitation) });
export type Team = z.infer<typeof Team>;

export const InviteInput = z.object({ email: z.string().max(MAX_FORM_FIELD_LENGTH), role: z.enum(MEMBER_ROLES).default("member") });

export const ChangeRoleInput = z.object({ userId: z.string().max(MAX_ID_LENGTH), role: z.enum(MEMBER_ROLES) });

/**
 * What an owner removing a member chooses for the keys and endpoints the member made: `revoke`
 * (keys revoked, endpoints deleted) or `hand_over` (to the removing owner). server/team/departure.ts.
 */
export const DISPOSITIONS = ["revoke", "hand_over"] as const;
export type Disposition = (typeof DISPOSITIONS)[number];

export type Departure = { kind: "revoke" } | { kind: "hand_over"; to: string };

export interface LeftBehind {
  revokedKeyIds: string[];
  removedEndpointIds: string[];
  handedOverKeys: number;
  handedOverEndpoints: number;
}

export const RemoveMemberInput = z.object({
  userId: z.string().max(MAX_ID_LENGTH),
  keysAndWebhooks: z.enum(DISPOSITIONS).default("revoke"),
});

const LeftBehindCounts = z.object({
  keys: z.object({ revoked: z.number().int(), handedOver: z.number().int() }),
  webhooks: z.object({ removed: z.number().int(), handedOver: z.number().int() }),
});

export const MemberRemoved = z.object({ userId: z.string(), removed: z.literal(true), ...LeftBehindCounts.shape });
export type MemberRemoved = z.infer<typeof MemberRemoved>;

export const TeamLeft = z.object({ left: z.literal(true), ...LeftBehindCounts.shape });
export type TeamLeft = z.infer<typeof TeamLeft>;
