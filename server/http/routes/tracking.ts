import { recordEngagement } from "../../delivery/engagement";
import { ownHost, servedOnDashboardHost, tokenExpired, verifyToken } from "../../delivery/tracking";
import type { V1Request, V1Response } from "../v1/types";
import type { PublicRoute } from "./types";
import { log } from "../../ops/log";

// The smallest transparent GIF.
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const NO_STORE = { "cache-control": "no-store, no-cache, must-revalidate, private", pragma: "no-cache" };

async function open(request: V1Request, match: RegExpExecArray): Promise<V1Response> {
  const payload = verifyToken(match[1]);
  if (payload?.k === "o" && !tokenExpired(payload))
    await recordEngagement(payload.e, "opened", request).catch((err) => log().error({ err }, "tracking: open not recorded"));
  // A pixel always answers with the image: a broken image helps nobody.
  // Both carriers hand the body to res.end / new Response, which take bytes as well.
  return { status: 200, headers: { "content-type": "image/gif", ...NO_STORE }, body: PIXEL as unknown as string };
}

const text = (status: number, body: string): V1Response => ({
  status,
  headers: { "content-type": "text/plain; charset=utf-8", ...NO_STORE },
  body,
});

async function click(request: V1Request, match: RegExpExecArray): Promise<V1Response> {
  const payload = verifyToken(match[1]);
  // Only a URL we signed into a message is ever a redirect target, and never one of our own
  // hosts (links there are not tracked; older tokens may name one).
  if (payload?.k !== "c" || ownHost(payload.u)) return text(404, "This link is not valid.");
  // A tenant's redirect is not the dashboard's: with a tracking host of its own, not served here.
  if (servedOnDashboardHost(request.header)) return text(404, "This link is not valid here.");
  // A signed link is a redirect a tenant chose; it lasts TRACKING_TOKEN_TTL_DAYS, not forever.
  if (tokenExpired(payload)) return text(410, "This link has expired.");
  await recordEngagement(payload.e, "clicked", request, payload.u).catch((err) => log().error({ err }, "tracking: click not recorded"));
  return { status: 302, headers: { location: payload.u, ...NO_STORE }, body: "" };
}

/** GET /t/o/<token>: the open pixel. */
export const openPixelRoute: PublicRoute = {
  method: "GET",
  label: "/t/o/{token}",
  pattern: /^\/t\/o\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)(?:\.gif)?$/,
  handle: open,
};

/** GET /t/c/<token>: the click redirect. */
export const clickRoute: PublicRoute = {
  method: "GET",
  label: "/t/c/{token}",
  pattern: /^\/t\/c\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/,
  handle: click,
};
