import type { MemberRole } from "./schemas";

/**
 * What the team's rules need to know of one member: their role, and whether their address is
 * the account's email (they receive its notices and test-mode mail, and `accounts sign-in-link`
 * would make them owner again, so they stay an owner until they move it).
 */
export interface MemberStanding {
  role: MemberRole;
  holdsAccountEmail: boolean;
}

/**
 * The rules, each once, as answers to "why not?": null when the change may happen, else the
 * sentence the user reads. The mutations (server/team/) ask them of the team as locked in their
 * transaction; the Team page asks the same of the listed team to offer only what would work.
 */

/** An owner removes another member. */
export function removalRefusal(target: MemberStanding): string | null {
  if (target.holdsAccountEmail) return "This owner's address is the account's email. They can change it in Settings, then be removed.";
  return null;
}

/** An owner makes an owner a member (possibly themselves); `owners` counts the account's owners now. */
export function demotionRefusal(target: MemberStanding, owners: number): string | null {
  if (target.role !== "owner") return null;
  if (target.holdsAccountEmail) {
    return "This owner's address is the account's email. They can change it in Settings, then be made a member.";
  }
  if (owners <= 1) return "An account needs an owner: make another member an owner first.";
  return null;
}

/** A member leaves the account themselves; `owners` counts the account's owners now. */
export function leavingRefusal(self: MemberStanding, owners: number): string | null {
  if (self.holdsAccountEmail) {
    return "Your address is the account's email, so you stay while you hold it: change it in Settings first, or delete the account there.";
  }
  if (self.role === "owner" && owners <= 1) {
    return "You are the account's only owner: make another member an owner first, or delete the account in Settings.";
  }
  return null;
}

/**
 * An owner invites someone. Not while the account awaits review: an invitation is mail the
 * platform sends to an address the tenant chose, which review exists to hold back.
 */
export function invitingRefusal(account: { approved: boolean }): string | null {
  if (!account.approved) {
    return "This account awaits review by the operator of this server: invitations are mailed once it is approved. Until then, only its current members sign in to it.";
  }
  return null;
}
