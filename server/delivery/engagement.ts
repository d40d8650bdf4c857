import { eq, sql } from "drizzle-orm";
import { clientAddress } from "../auth/client-ip";
import { database } from "../db/client";
import { lockEngagement } from "../db/locks";
import { rows } from "../db/rows";
import { emailEvents, emails } from "../db/schema";
import { recordEvents } from "../events/record";
import { newId } from "../lib/ids";
import { deliverySettings } from "./settings";
import { eventData } from "./status";

/**
 * Records an open or a click: a timeline row and email.opened / email.clicked. People open
 * and click more than once, but a replayed token must not flood an account's events and
 * webhooks: at most TRACKING_MAX_HITS opens per message and clicks per link are recorded
 * (an advisory lock per message makes the count exact under concurrent hits).
 */
export async function recordEngagement(
  emailId: string,
  kind: "opened" | "clicked",
  request: { header(name: string): string | undefined },
  link?: string,
): Promise<boolean> {
  const { db } = await database();
  const [email] = await db
    .select({
      id: emails.id,
      accountId: emails.accountId,
      from: emails.from,
      to: emails.to,
      subject: emails.subject,
      tags: emails.tags,
      templateId: emails.templateId,
    })
    .from(emails)
    .where(eq(emails.id, emailId))
    .limit(1);
  if (!email) return false;
  const max = Math.floor(deliverySettings().trackingMaxHits);
  const at = new Date();
  const detail = {
    timestamp: at.toISOString(),
    userAgent: request.header("user-agent") ?? null,
    // The proxy-verified address, not whatever the client put first in X-Forwarded-For.
    ipAddress: clientAddress(request.header),
  };
  return db.transaction(async (tx) => {
    await lockEngagement(tx, emailId);
    const [{ n }] = await rows<{ n: number }>(
      tx,
      sql`
      select count(*)::int as n from (
        select 1 from email_events
        where email_id = ${emailId} and type = ${kind} and detail is not distinct from ${link ?? null}
        limit ${max}
      ) hits`,
    );
    if (n >= max) return false;
    await tx.insert(emailEvents).values({ id: newId(at.getTime()), emailId, type: kind, at, detail: link ?? null });
    await recordEvents(tx, [
      {
        accountId: email.accountId,
        type: kind === "opened" ? "email.opened" : "email.clicked",
        emailId,
        at,
        data: eventData(email, kind === "opened" ? { open: detail } : { click: { ...detail, link } }),
      },
    ]);
    return true;
  });
}
