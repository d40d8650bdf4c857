import { and, eq, isNotNull } from "drizzle-orm";
import { database } from "../db/client";
import { emails } from "../db/schema";
import { parseMailbox } from "../lib/email-address";
import { evaluateBreaker } from "../delivery/breaker";
import { applyHappenings, type Happening } from "../delivery/status";
import { claimSnsMessage, type SnsSeen } from "./sns-replay";
import { log } from "../ops/log";

type Recipient = { emailAddress: string; diagnosticCode?: string };

/** The fields of an SES event (event publishing or identity notification) that we read. */
export interface SesEvent {
  eventType?: string;
  notificationType?: string;
  mail?: { messageId?: string; tags?: Record<string, unknown> };
  delivery?: { recipients?: string[] };
  bounce?: { bounceType?: string; bounceSubType?: string; bouncedRecipients?: Recipient[] };
  complaint?: { complaintFeedbackType?: string; complainedRecipients?: Recipient[] };
  deliveryDelay?: { delayType?: string; delayedRecipients?: Partial<Recipient>[] };
  reject?: { reason?: string };
  failure?: { errorMessage?: string };
}

/**
 * What an SES event (event publishing's eventType or an identity notification's
 * notificationType) does to one message whose own recipients are `ours` (bare, lower-cased).
 * A recipient-level happening naming anyone else is dropped: an event must never suppress
 * or report an address that message was not sent to.
 */
function happeningsOf(event: SesEvent, ours: ReadonlySet<string>): Happening[] {
  const kind: string | undefined = event.eventType ?? event.notificationType;
  const addr = (r: Partial<Recipient>) => String(r.emailAddress).toLowerCase();
  const own = <T extends Partial<Recipient>>(list: T[] | undefined): T[] =>
    (Array.isArray(list) ? list : []).filter((r) => r && ours.has(addr(r)));
  switch (kind) {
    case "Delivery": {
      // SES lists the recipients it delivered to; an event naming none of ours is not about this message.
      const listed = event.delivery?.recipients;
      if (Array.isArray(listed) && !listed.some((r) => ours.has(String(r).toLowerCase()))) return [];
      return [{ type: "delivered" }];
    }
    case "Bounce": {
      const b = event.bounce ?? {};
      const reason = (r: Recipient) => r.diagnosticCode || `${b.bounceType}/${b.bounceSubType ?? "General"}`;
      const list = own(b.bouncedRecipients);
      if (b.bounceType === "Permanent") return list.map((r) => ({ type: "bounced", recipient: addr(r), reason: reason(r) }));
      // A transient (soft) bounce is not a hard bounce: shown as a delay, nothing suppressed.
      return list.map((r) => ({ type: "delivery_delayed", recipient: addr(r), detail: reason(r) }));
    }
    case "Complaint": {
      const c = event.complaint ?? {};
      return own(c.complainedRecipients).map((r) => ({
        type: "complained",
        recipient: addr(r),
        reason: c.complaintFeedbackType || "abuse",
      }));
    }
    case "DeliveryDelay": {
      const d = event.deliveryDelay ?? {};
      const listed = d.delayedRecipients;
      const detail = (r: Partial<Recipient>) => r.diagnosticCode || d.delayType || "delayed";
      if (!Array.isArray(listed)) return [{ type: "delivery_delayed", detail: detail({}) }];
      return own(listed).map((r) => ({ type: "delivery_delayed", recipient: addr(r), detail: detail(r) }));
    }
    case "Reject":
      return [{ type: "failed", error: `SES rejected the message: ${event.reject?.reason ?? "rejected"}` }];
    case "RenderingFailure":
      return [{ type: "failed", error: `SES could not render the message: ${event.failure?.errorMessage ?? "rendering failure"}` }];
    default:
      // Send, Open, Click, Subscription: we record sends and engagement ourselves.
      return [];
  }
}

/** The email id we tagged the message with at send (`posthaste_email_id`), if the event carries it. */
function taggedEmailId(event: SesEvent): string | null {
  const tag = event.mail?.tags?.posthaste_email_id;
  const value = Array.isArray(tag) ? tag[0] : tag;
  return typeof value === "string" && value.length <= 64 ? value : null;
}

/**
 * Applies one SES event to the one message it names, and only to that message's own
 * recipients (to, cc, bcc). The message is found by its stored provider id, or, for the
 * copies of a bulk message after the first (each copy has its own SES MessageId), by the
 * `posthaste_email_id` tag we sent it with, among messages that went out through SES.
 * Unknown ids are ignored (another deployment's mail). `seen`: the SNS notification that
 * carried it, applied only the first time its MessageId arrives.
 */
export async function ingestSesEvent(event: SesEvent, seen?: SnsSeen): Promise<boolean> {
  const sesMessageId = event?.mail?.messageId;
  if (typeof sesMessageId !== "string" || !sesMessageId) return false;
  const tagged = taggedEmailId(event);
  const { db } = await database();
  const columns = {
    id: emails.id,
    accountId: emails.accountId,
    from: emails.from,
    to: emails.to,
    cc: emails.cc,
    bcc: emails.bcc,
    subject: emails.subject,
    tags: emails.tags,
    templateId: emails.templateId,
  };
  // The provider id first: it is SES's own. The tag only for a copy whose id we did not keep
  // (tenants cannot set posthaste_* tags or X-SES-* headers, so the tag is ours).
  let [email] = await db.select(columns).from(emails).where(eq(emails.sesMessageId, sesMessageId)).limit(1);
  if (!email && tagged) {
    [email] = await db
      .select(columns)
      .from(emails)
      .where(and(eq(emails.id, tagged), isNotNull(emails.sesMessageId)))
      .limit(1);
  }
  if (!email) return false;
  // The stored, normalised recipients (a legacy row the parser refuses names no one).
  const ours = new Set<string>();
  for (const text of [...email.to, ...email.cc, ...email.bcc]) {
    const mailbox = parseMailbox(text);
    if (mailbox.ok) ours.add(mailbox.value.address);
  }
  const happenings = happeningsOf(event, ours);
  if (!happenings.length) return false;
  const applied = await db.transaction(async (tx) => {
    if (seen && !(await claimSnsMessage(tx, seen))) return false;
    await applyHappenings(tx, [{ email, happenings }]);
    return true;
  });
  if (!applied) {
    log().info({ messageId: seen?.messageId }, "sns: a notification already applied arrived again; dropped");
    return false;
  }
  if (happenings.some((h) => h.type === "bounced" || h.type === "complained")) await evaluateBreaker(db, [email.accountId]);
  return true;
}
