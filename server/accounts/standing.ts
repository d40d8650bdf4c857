import { and, eq, isNull } from "drizzle-orm";
import type { SessionMember } from "../auth/session-member";
import { config } from "../config";
import { database } from "../db/client";
import { ApiError } from "../errors";
import { domains } from "../db/schema";
import { SANDBOX_PER_DAY } from "../limits/constants";
import type { Account } from "./account-cache";
import { planOf } from "./plans";
import type { AccountNotice, AccountSettings } from "./schemas";

/** Every way of sending (/v1, SMTP submission) refuses while the operator has paused the account. */
export function assertSendingAllowed(account: Pick<Account, "pausedAt">): void {
  if (account.pausedAt) throw new ApiError("authentication_error", 403, "Sending is paused for this account.");
}

async function hasSendingDomain(accountId: string): Promise<boolean> {
  const { db } = await database();
  const [row] = await db
    .select({ id: domains.id })
    .from(domains)
    .where(and(eq(domains.accountId, accountId), eq(domains.status, "verified"), isNull(domains.suspendedAt)))
    .limit(1);
  return Boolean(row);
}

/**
 * The standings that limit what the account can send, each with what it means and what
 * lifts it: the dashboard shows them on every page, so nothing is refused or rewritten
 * without a word. The same rules the send path applies (server/sending/message-rules.ts).
 */
export async function accountNotices(account: Account): Promise<AccountNotice[]> {
  const { sandboxSender } = config();
  const notices: AccountNotice[] = [];
  if (account.pausedAt) {
    notices.push({
      kind: "paused",
      title: "Sending is paused",
      meaning: "The operator of this Posthaste server paused sending for the account: every send is refused (403). Everything else works.",
      lift: "The operator lifts it with `accounts resume`. Ask them.",
    });
  }
  if (account.deliverabilityBlockedAt) {
    notices.push({
      kind: "deliverability_blocked",
      title: "Sending is held by the deliverability breaker",
      meaning: "Over the last 24 hours too many messages bounced or drew complaints, so sends are refused (403 deliverability_blocked).",
      lift: "It lifts by itself once the rates fall back below the limits. Clean the recipient lists meanwhile.",
    });
  }
  if (!account.approvedAt) {
    notices.push({
      kind: "review",
      title: "Awaiting review",
      meaning: `New accounts are reviewed by the operator of this server before they send to anyone. Until then mail goes only to your own verified domains, the account email (${account.email}) and the simulator addresses; other recipients are refused (403 account_pending_review), and so are team invitations.`,
      lift: `The operator approves the account (\`npm run cli -- accounts approve --email ${account.email}\`). There is nothing to do on your side.`,
    });
  }
  if (!(await hasSendingDomain(account.id))) {
    notices.push({
      kind: "test_mode",
      title: "Test mode",
      meaning: `With no verified domain the account sends from ${sandboxSender} only. Mail from it to anyone but the account email and the simulator addresses is delivered to the account email (${account.email}) instead, and marked "rewritten" in the email log; at most ${SANDBOX_PER_DAY} such sends a UTC day.`,
      lift: "Add a domain under Domains and publish its DNS records; once it is verified, send from an address on it.",
    });
  }
  if (account.throttlePerDay !== null) {
    notices.push({
      kind: "throttled",
      title: `Limited to ${account.throttlePerDay} recipients a day`,
      meaning: "The operator set a review throttle: sends past it today are refused (429 rate_limited) until UTC midnight.",
      lift: "The operator lifts it with `accounts unthrottle`.",
    });
  }
  return notices;
}

/** The settings page's account: plan and its limits, standing, the signed-in user. */
export async function accountSettings(account: Account, member: SessionMember): Promise<AccountSettings> {
  const plan = planOf(account.plan);
  return {
    id: account.id,
    email: account.email,
    plan: account.plan,
    limits: { month: plan.month, day: plan.day, domains: plan.domains, webhooks: plan.webhooks, rate: plan.rate },
    approved: account.approvedAt !== null,
    paused: account.pausedAt !== null,
    throttlePerDay: account.throttlePerDay,
    createdAt: account.createdAt.getTime(),
    you: { userId: member.userId, email: member.email, role: member.role },
    notices: await accountNotices(account),
  };
}
