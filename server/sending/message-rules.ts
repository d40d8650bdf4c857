import type { Account } from "../accounts/account-cache";
import { config } from "../config";
import { isSimulatorAddress } from "../delivery/simulator";
import { canSend, type AccountDomain } from "../domains/sending-domain";
import { ApiError } from "../errors";
import { parseMailbox, type Mailbox } from "../lib/email-address";
import { newId } from "../lib/ids";
import type { EmailRowJson, Prepared } from "./message-row";
import type { SendDraft } from "./request";
import type { EmailSource } from "./schemas";
import { searchTextOf } from "./search";

/** Sending paused by the deliverability breaker: refused before anything else. */
export function assertNotBlocked(account: Account): void {
  if (account.deliverabilityBlockedAt) {
    throw new ApiError(
      "deliverability_blocked",
      403,
      "Sending is paused by the deliverability circuit breaker (bounce or complaint rate too high over the last 24 hours); it resumes automatically when the rates recover.",
    );
  }
}

function dedupe(lists: Mailbox[][]): Mailbox[][] {
  const seen = new Set<string>();
  return lists.map((list) => list.filter((a) => (seen.has(a.address) ? false : (seen.add(a.address), true))));
}

/**
 * The signup email as a recipient the account may always reach (test mode, review), or
 * null. Only once verified: until its link is followed, a dashboard sign-up may hold
 * anyone's address, and this would mail that stranger. Read off the cached account row.
 */
function verifiedOwner(account: Account): Mailbox | null {
  if (!account.email || !account.emailVerifiedAt) return null;
  const parsed = parseMailbox(account.email);
  return parsed.ok ? parsed.value : null;
}

/**
 * Test mode: recipients other than the verified signup email and simulator addresses go to the
 * signup email. Also answers the recipients so rewritten, as the request gave them, which the
 * message keeps (emails.rewritten_recipients) so the log can say where it went instead.
 */
function testModeRecipients(account: Account, draft: SendDraft): { lists: Mailbox[][]; rewritten: string[] } {
  const owner = verifiedOwner(account);
  const keep = (a: Mailbox) => a.address === owner?.address || isSimulatorAddress(a.address);
  const lists = [draft.to, draft.cc, draft.bcc];
  if (!owner && lists.some((l) => l.some((a) => !keep(a)))) {
    const why = account.email
      ? "and this account's signup email is not verified yet (follow the link emailed to it)"
      : "and this account has no signup email to rewrite to";
    throw new ApiError(
      "sandbox_recipient",
      422,
      `Test-mode sends from ${config().sandboxSender} may go only to the account's signup email or simulator addresses, ${why}.`,
    );
  }
  const rewritten = [
    ...new Set(
      lists
        .flat()
        .filter((a) => !keep(a))
        .map((a) => a.text),
    ),
  ];
  return { lists: dedupe(lists.map((l) => l.map((a) => (keep(a) ? a : owner!)))), rewritten };
}

/** Accounts awaiting review reach only their own verified domains, the verified account email and simulators. */
function assertReviewAllows(account: Account, domains: Map<string, AccountDomain>, recipients: Mailbox[]): void {
  const owner = verifiedOwner(account)?.address;
  const outside = recipients.filter((a) => a.address !== owner && !isSimulatorAddress(a.address) && !canSend(domains.get(a.domain)));
  if (outside.length) {
    throw new ApiError(
      "account_pending_review",
      403,
      `This account is awaiting review and may send only to its own verified domains, its account email and simulator addresses; not allowed: ${outside.map((a) => a.address).join(", ")}.`,
    );
  }
}

function fromDomain(domains: Map<string, AccountDomain>, from: Mailbox): AccountDomain {
  const domain = domains.get(from.domain);
  if (!domain) {
    throw new ApiError(
      "domain_error",
      403,
      `The domain ${from.domain} is not on this account. Add and verify it, or send from ${config().sandboxSender} to test.`,
    );
  }
  if (domain.status !== "verified") throw new ApiError("domain_error", 403, `The domain ${from.domain} is not verified yet.`);
  if (!canSend(domain))
    throw new ApiError("domain_error", 403, `The domain ${from.domain} is suspended by a plan downgrade and cannot send.`);
  return domain;
}

/** The per-message rules: from domain or test mode, review limits; builds the row. */
export function prepare(
  account: Account,
  domains: Map<string, AccountDomain>,
  draft: SendDraft,
  now: Date,
  source: EmailSource = "api",
): Prepared {
  const testMode = draft.from.address === config().sandboxSender;
  let domainId: string | null = null;
  let to = draft.to,
    cc = draft.cc,
    bcc = draft.bcc;
  let rewritten: string[] = [];
  if (testMode) {
    const sandboxed = testModeRecipients(account, draft);
    [to, cc, bcc] = sandboxed.lists;
    rewritten = sandboxed.rewritten;
  } else {
    domainId = fromDomain(domains, draft.from).id;
    if (!account.approvedAt) assertReviewAllows(account, domains, [...to, ...cc, ...bcc]);
  }
  const id = newId(now.getTime());
  const all = [...to, ...cc, ...bcc];
  // Values equal to the column's default are left undefined: JSON.stringify drops them.
  const row: EmailRowJson = {
    id,
    from: draft.from.text,
    to: to.map((a) => a.text),
    cc: cc.length ? cc.map((a) => a.text) : undefined,
    bcc: bcc.length ? bcc.map((a) => a.text) : undefined,
    reply_to: draft.replyTo.length ? draft.replyTo.map((a) => a.text) : undefined,
    subject: draft.subject,
    html: draft.html ?? undefined,
    text: draft.text ?? undefined,
    headers: Object.keys(draft.headers).length ? draft.headers : undefined,
    tags: draft.tags.length ? draft.tags : undefined,
    attachments: draft.attachments.length ? draft.attachments : undefined,
    rewritten_recipients: rewritten.length ? rewritten : undefined,
    bulk: draft.bulk || undefined,
    test_mode: testMode || undefined,
    source: source === "api" ? undefined : source,
    domain_id: domainId ?? undefined,
    recipient_count: new Set(all.map((a) => a.address)).size,
    idempotency_key: draft.idempotencyKey ?? undefined,
    message_id: `<${id}@${draft.from.domain}>`,
    // A rewritten message is found by the addresses it was meant for too.
    search_text: searchTextOf(draft.subject, draft.from.text, [...all.map((a) => a.text), ...rewritten]),
    scheduled_at: draft.scheduledAt?.toISOString(),
    template_id: draft.templateId ?? undefined,
    template_version_id: draft.templateVersionId ?? undefined,
    template_variables: draft.templateValues ?? undefined,
  };
  return {
    row,
    id,
    recipients: [...new Set(all.map((a) => a.address))],
    bulk: draft.bulk,
    idempotencyKey: draft.idempotencyKey,
    immediate: draft.scheduledAt === null,
    testMode,
  };
}
