import { eq, sql } from "drizzle-orm";
import { database } from "../db/client";
import { lockEmailEngagement } from "../db/locks";
import { emailEvents, emails } from "../db/schema";
import { recordEvents } from "../events/record";
import { definePublicRoute } from "../http/public-routes";
import type { V1Request, V1Response } from "../http/v1";
import { newId } from "../lib/ids";
import { deliverySettings } from "./settings";
import { eventData, resultRows } from "./status";
import { tokenExpired, verifyToken } from "./tracking";

// The smallest transparent GIF.
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const NO_STORE = { "cache-control": "no-store, no-cache, must-revalidate, private", pragma: "no-cache" };

/**
 * Records an open or a click: a timeline row and email.opened / email.clicked. People open
 * and click more than once, but a replayed token must not flood an account's events and
 * webhooks: at most TRACKING_MAX_HITS opens per message and clicks per link are recorded
 * (an advisory lock per message makes the count exact under concurrent hits).
 */
async function recordEngagement(emailId: string, kind: "opened" | "clicked", request: V1Request, link?: string): Promise<boolean> {
  const { db } = await database();
  const [email] = await db
    .select({ id: emails.id, accountId: emails.accountId, from: emails.from, to: emails.to, subject: emails.subject, tags: emails.tags })
    .from(emails)
    .where(eq(emails.id, emailId))
    .limit(1);
  if (!email) return false;
  const max = Math.floor(deliverySettings().trackingMaxHits);
  const at = new Date();
  const detail = {
    timestamp: at.toISOString(),
    userAgent: request.header("user-agent") ?? null,
    ipAddress: (request.header("x-forwarded-for") ?? "").split(",")[0].trim() || null,
  };
  return db.transaction(async (tx) => {
    await lockEmailEngagement(tx, emailId);
    const [{ n }] = resultRows<{ n: number }>(await tx.execute(sql`
      select count(*)::int as n from (
        select 1 from email_events
        where email_id = ${emailId} and type = ${kind} and detail is not distinct from ${link ?? null}
        limit ${max}
      ) hits`));
    if (n >= max) return false;
    await tx.insert(emailEvents).values({ id: newId(at.getTime()), emailId, type: kind, at, detail: link ?? null });
    await recordEvents(tx, [{
      accountId: email.accountId,
      type: kind === "opened" ? "email.opened" : "email.clicked",
      emailId,
      at,
      data: eventData(email, kind === "opened" ? { open: detail } : { click: { ...detail, link } }),
    }]);
    return true;
  });
}

async function open(request: V1Request, match: RegExpExecArray): Promise<V1Response> {
  const payload = verifyToken(match[1]);
  if (payload?.k === "o" && !tokenExpired(payload)) await recordEngagement(payload.e, "opened", request).catch((err) => console.error("tracking: open not recorded", err));
  // A pixel always answers with the image: a broken image helps nobody.
  // Both carriers hand the body to res.end / new Response, which take bytes as well.
  return { status: 200, headers: { "content-type": "image/gif", ...NO_STORE }, body: PIXEL as unknown as string };
}

async function click(request: V1Request, match: RegExpExecArray): Promise<V1Response> {
  const payload = verifyToken(match[1]);
  if (payload?.k !== "c") {
    // Only a URL we signed into a message is ever a redirect target.
    return { status: 404, headers: { "content-type": "text/plain; charset=utf-8", ...NO_STORE }, body: "This link is not valid." };
  }
  // An expired token still takes people where the message said (old mail gets clicked):
  // the target is the signed one, so this is no open redirect. It records nothing.
  if (!tokenExpired(payload)) await recordEngagement(payload.e, "clicked", request, payload.u).catch((err) => console.error("tracking: click not recorded", err));
  return { status: 302, headers: { location: payload.u, ...NO_STORE }, body: "" };
}

const KEY = Symbol.for("posthaste.trackingRoutes");

/** GET /t/o/<token> (open pixel) and GET /t/c/<token> (click redirect). */
export function registerTrackingRoutes(): void {
  const g = globalThis as { [KEY]?: boolean };
  if (g[KEY]) return;
  g[KEY] = true;
  definePublicRoute({ method: "GET", pattern: /^\/t\/o\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)(?:\.gif)?$/, handle: open });
  definePublicRoute({ method: "GET", pattern: /^\/t\/c\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/, handle: click });
}
