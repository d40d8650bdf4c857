import { createVerify, X509Certificate } from "node:crypto";
import { eq } from "drizzle-orm";
import { database } from "../db/client";
import { emails } from "../db/schema";
import { evaluateBreaker } from "../delivery/breaker";
import { applyHappenings, type Happening } from "../delivery/status";
import { envelope } from "../errors";
import { definePublicRoute } from "../http/public-routes";
import type { V1Request, V1Response } from "../http/v1";

/** The SNS envelope posted to an HTTPS subscription. */
export interface SnsMessage {
  Type: "Notification" | "SubscriptionConfirmation" | "UnsubscribeConfirmation";
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: "1" | "2";
  Signature: string;
  SigningCertURL: string;
  Subject?: string;
  Token?: string;
  SubscribeURL?: string;
}

/** Real SNS certificates and subscribe URLs live on sns.<region>.amazonaws.com over https. */
const AWS_SNS_URL = /^https:\/\/sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?\//;

/** SNS_CERT_URL_PATTERN (a regular expression) replaces it, for a private endpoint or tests. */
function trustedSnsUrl(url: string): boolean {
  const custom = process.env.SNS_CERT_URL_PATTERN;
  return (custom ? new RegExp(custom) : AWS_SNS_URL).test(url);
}

const certs = new Map<string, Promise<X509Certificate>>();

function certificate(url: string): Promise<X509Certificate> {
  let cert = certs.get(url);
  if (!cert) {
    cert = fetch(url, { signal: AbortSignal.timeout(5000) }).then(async (res) => {
      if (!res.ok) throw new Error(`certificate fetch answered ${res.status}`);
      return new X509Certificate(await res.text());
    });
    cert.catch(() => certs.delete(url));
    certs.set(url, cert);
  }
  return cert;
}

/** The canonical string SNS signs: fixed keys in order, each as "Key\nValue\n". */
function stringToSign(m: SnsMessage): string {
  const keys =
    m.Type === "Notification"
      ? ["Message", "MessageId", ...(m.Subject !== undefined ? ["Subject"] : []), "Timestamp", "TopicArn", "Type"]
      : ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"];
  return keys.map((k) => `${k}\n${(m as unknown as Record<string, string>)[k] ?? ""}\n`).join("");
}

/**
 * Verifies an SNS message the way AWS documents it: the certificate URL must be SNS's
 * own, the certificate is fetched (and cached), and the signature over the canonical
 * string checks with SHA1 (version 1) or SHA256 (version 2).
 */
export async function verifySnsMessage(m: SnsMessage): Promise<boolean> {
  if (!m || typeof m !== "object" || typeof m.Signature !== "string" || typeof m.SigningCertURL !== "string") return false;
  if (m.SignatureVersion !== "1" && m.SignatureVersion !== "2") return false;
  if (!trustedSnsUrl(m.SigningCertURL)) return false;
  const allowed = (process.env.SNS_TOPIC_ARNS ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  if (allowed.length && !allowed.includes(m.TopicArn)) return false;
  const cert = await certificate(m.SigningCertURL);
  const verifier = createVerify(m.SignatureVersion === "1" ? "RSA-SHA1" : "RSA-SHA256");
  verifier.update(stringToSign(m), "utf8");
  return verifier.verify(cert.publicKey, m.Signature, "base64");
}

type Recipient = { emailAddress: string; diagnosticCode?: string };

/** The fields of an SES event (event publishing or identity notification) that we read. */
export interface SesEvent {
  eventType?: string;
  notificationType?: string;
  mail?: { messageId?: string };
  bounce?: { bounceType?: string; bounceSubType?: string; bouncedRecipients?: Recipient[] };
  complaint?: { complaintFeedbackType?: string; complainedRecipients?: Recipient[] };
  deliveryDelay?: { delayType?: string; delayedRecipients?: Partial<Recipient>[] };
  reject?: { reason?: string };
  failure?: { errorMessage?: string };
}

/** SES event publishing (eventType) and identity notifications (notificationType) alike. */
export function happeningsOf(event: SesEvent): { sesMessageId: string; happenings: Happening[] } | null {
  const kind: string | undefined = event.eventType ?? event.notificationType;
  const sesMessageId: string | undefined = event.mail?.messageId;
  if (!kind || !sesMessageId) return null;
  const addr = (r: Recipient) => String(r.emailAddress).toLowerCase();
  switch (kind) {
    case "Delivery":
      return { sesMessageId, happenings: [{ type: "delivered" }] };
    case "Bounce": {
      const b = event.bounce ?? {};
      const list: Recipient[] = b.bouncedRecipients ?? [];
      if (b.bounceType === "Permanent") {
        return {
          sesMessageId,
          happenings: list.map((r) => ({ type: "bounced", recipient: addr(r), reason: r.diagnosticCode || `${b.bounceType}/${b.bounceSubType ?? "General"}` })),
        };
      }
      // A transient (soft) bounce is not a hard bounce: shown as a delay, nothing suppressed.
      return { sesMessageId, happenings: list.map((r) => ({ type: "delivery_delayed", recipient: addr(r), detail: r.diagnosticCode || `${b.bounceType}/${b.bounceSubType ?? "General"}` })) };
    }
    case "Complaint": {
      const c = event.complaint ?? {};
      return {
        sesMessageId,
        happenings: (c.complainedRecipients ?? []).map((r) => ({ type: "complained", recipient: addr(r), reason: c.complaintFeedbackType || "abuse" })),
      };
    }
    case "DeliveryDelay": {
      const d = event.deliveryDelay ?? {};
      return { sesMessageId, happenings: (d.delayedRecipients ?? [{}]).map((r) => ({ type: "delivery_delayed", recipient: r.emailAddress ? addr(r as Recipient) : undefined, detail: r.diagnosticCode || d.delayType || "delayed" })) };
    }
    case "Reject":
      return { sesMessageId, happenings: [{ type: "failed", error: `SES rejected the message: ${event.reject?.reason ?? "rejected"}` }] };
    case "RenderingFailure":
      return { sesMessageId, happenings: [{ type: "failed", error: `SES could not render the message: ${event.failure?.errorMessage ?? "rendering failure"}` }] };
    default:
      // Send, Open, Click, Subscription: we record sends and engagement ourselves.
      return { sesMessageId, happenings: [] };
  }
}

/** Applies one SES event to the message it names; unknown ids are ignored (another deployment's mail). */
export async function ingestSesEvent(event: SesEvent): Promise<boolean> {
  const parsed = happeningsOf(event);
  if (!parsed || !parsed.happenings.length) return false;
  const { db } = await database();
  const [email] = await db
    .select({ id: emails.id, accountId: emails.accountId, from: emails.from, to: emails.to, subject: emails.subject, tags: emails.tags })
    .from(emails)
    .where(eq(emails.sesMessageId, parsed.sesMessageId))
    .limit(1);
  if (!email) return false;
  await db.transaction((tx) => applyHappenings(tx, [{ email, happenings: parsed.happenings }]));
  if (parsed.happenings.some((h) => h.type === "bounced" || h.type === "complained")) await evaluateBreaker(db, [email.accountId]);
  return true;
}

const json = (status: number, body: unknown): V1Response => ({ status, headers: { "content-type": "application/json; charset=utf-8" }, body: JSON.stringify(body) });

async function handleSns(request: V1Request): Promise<V1Response> {
  let message: SnsMessage;
  try {
    message = JSON.parse(request.body?.toString("utf8") ?? "") as SnsMessage;
  } catch {
    return json(400, envelope("validation_error", "The body is not an SNS message."));
  }
  let valid = false;
  try {
    valid = await verifySnsMessage(message);
  } catch (err) {
    console.error("sns: could not verify a message", err);
  }
  if (!valid) return json(403, envelope("authentication_error", "The SNS signature did not verify."));
  if (message.Type === "SubscriptionConfirmation") {
    if (!message.SubscribeURL || !trustedSnsUrl(message.SubscribeURL)) return json(400, envelope("validation_error", "Untrusted SubscribeURL."));
    const res = await fetch(message.SubscribeURL, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) return json(502, envelope("internal_error", `Confirming the subscription answered ${res.status}.`));
    console.log(`sns: subscribed to ${message.TopicArn}`);
    return json(200, { confirmed: true });
  }
  if (message.Type === "Notification") {
    let event: SesEvent;
    try {
      event = JSON.parse(message.Message) as SesEvent;
    } catch {
      return json(200, { applied: false });
    }
    return json(200, { applied: await ingestSesEvent(event) });
  }
  return json(200, { ok: true });
}

const KEY = Symbol.for("posthaste.snsRoute");

/** POST /api/ses/sns: the HTTPS endpoint to subscribe to the SES events topic. */
export function registerSnsRoute(): void {
  const g = globalThis as { [KEY]?: boolean };
  if (g[KEY]) return;
  g[KEY] = true;
  definePublicRoute({ method: "POST", pattern: /^\/api\/ses\/sns\/?$/, handle: (req) => handleSns(req) });
}
