import { eq } from "drizzle-orm";
import { database } from "../db/client";
import { emailEvents, emails } from "../db/schema";
import { recordEvents } from "../events/record";
import { definePublicRoute } from "../http/public-routes";
import type { V1Request, V1Response } from "../http/v1";
import { newId } from "../lib/ids";
import { eventData } from "./status";
import { verifyToken } from "./tracking";

// The smallest transparent GIF.
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const NO_STORE = { "cache-control": "no-store, no-cache, must-revalidate, private", pragma: "no-cache" };

/**
 * Records an open or a click: a timeline row and email.opened / email.clicked, every
 * time (mail clients and people open and click more than once).
 */
async function recordEngagement(emailId: string, kind: "opened" | "clicked", request: V1Request, link?: string): Promise<boolean> {
  const { db } = await database();
  const [email] = await db
    .select({ id: emails.id, accountId: emails.accountId, from: emails.from, to: emails.to, subject: emails.subject, tags: emails.tags })
    .from(emails)
    .where(eq(emails.id, emailId))
    .limit(1);
  if (!email) return false;
  const at = new Date();
  const detail = {
    timestamp: at.toISOString(),
    userAgent: request.header("user-agent") ?? null,
    ipAddress: (request.header("x-forwarded-for") ?? "").split(",")[0].trim() || null,
  };
  await db.transaction(async (tx) => {
    await tx.insert(emailEvents).values({ id: newId(at.getTime()), emailId, type: kind, at, detail: link ?? null });
    await recordEvents(tx, [{
      accountId: email.accountId,
      type: kind === "opened" ? "email.opened" : "email.clicked",
      emailId,
      at,
      data: eventData(email, kind === "opened" ? { open: detail } : { click: { ...detail, link } }),
    }]);
  });
  return true;
}

async function open(request: V1Request, match: RegExpExecArray): Promise<V1Response> {
  const payload = verifyToken(match[1]);
  if (payload?.k === "o") await recordEngagement(payload.e, "opened", request).catch((err) => console.error("tracking: open not recorded", err));
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
  await recordEngagement(payload.e, "clicked", request, payload.u).catch((err) => console.error("tracking: click not recorded", err));
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
