import { config } from "../../config";
import { envelope } from "../../errors";
import { log } from "../../ops/log";
import { ingestSesEvent, type SesEvent } from "../../ses/sns";
import { freshTimestamp } from "../../ses/sns-replay";
import { snsGet, trustedSnsUrl, verifySnsMessage, type SnsMessage } from "../../ses/sns-verify";
import type { V1Request, V1Response } from "../v1/types";
import type { PublicRoute } from "./types";

const json = (status: number, body: unknown): V1Response => ({
  status,
  headers: { "content-type": "application/json; charset=utf-8" },
  body: JSON.stringify(body),
});

/** An SNS POST: confirms the topic subscription, or ingests the SES event a notification carries. */
async function handleSns(request: V1Request): Promise<V1Response> {
  let message: SnsMessage;
  try {
    message = JSON.parse(request.body?.toString("utf8") ?? "") as SnsMessage;
  } catch {
    return json(400, envelope("validation_error", "The body is not an SNS message.", 400));
  }
  let valid = false;
  try {
    valid = await verifySnsMessage(message);
  } catch (err) {
    // One line, not a stack: forged messages may arrive in floods.
    log().warn({ error: (err as Error).message }, "sns: could not verify a message");
  }
  if (!valid) return json(403, envelope("authentication_error", "The SNS signature did not verify.", 403));
  // Signed once is not sent now: a message outside the freshness window is dropped (200, as
  // for any event we drop: SNS retries other answers, and a retry would not be fresher).
  const sentAt = freshTimestamp(message.Timestamp);
  if (!sentAt) {
    log().warn({ messageId: message.MessageId, timestamp: message.Timestamp }, "sns: a message outside the freshness window; dropped");
    return json(200, message.Type === "SubscriptionConfirmation" ? { confirmed: false } : { applied: false });
  }
  if (message.Type === "SubscriptionConfirmation") {
    if (!message.SubscribeURL || !trustedSnsUrl(message.SubscribeURL))
      return json(400, envelope("validation_error", "Untrusted SubscribeURL.", 400));
    try {
      await snsGet(message.SubscribeURL, 10_000);
    } catch (err) {
      return json(502, envelope("internal_error", `Confirming the subscription failed: ${(err as Error).message}`, 502));
    }
    log().info({ topicArn: message.TopicArn }, "sns: subscribed");
    return json(200, { confirmed: true });
  }
  if (message.Type === "Notification") {
    let event: SesEvent;
    try {
      event = JSON.parse(message.Message) as SesEvent;
    } catch {
      return json(200, { applied: false });
    }
    if (typeof message.MessageId !== "string" || !message.MessageId) return json(200, { applied: false });
    return json(200, { applied: await ingestSesEvent(event, { messageId: message.MessageId, sentAt }) });
  }
  return json(200, { ok: true });
}

/**
 * POST /api/ses/sns: the HTTPS endpoint to subscribe to the SES events topic. It exists
 * only with MAIL_PROVIDER=ses; with any other provider nothing may report mail events.
 */
export const sesEventsRoute: PublicRoute = {
  method: "POST",
  label: "/api/ses/sns",
  pattern: /^\/api\/ses\/sns\/?$/,
  enabled: () => config().mailProvider === "ses",
  handle: (request) => handleSns(request),
};
