import { recordEngagement } from "../../delivery/engagement";
import { tokenExpired, verifyToken } from "../../delivery/tracking";
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

async function click(request: V1Request, match: RegExpExecArray): Promise<V1Response> {
  const payload = verifyToken(match[1]);
  if (payload?.k !== "c") {
    // Only a URL we signed into a message is ever a redirect target.
    return { status: 404, headers: { "content-type": "text/plain; charset=utf-8", ...NO_STORE }, body: "This link is not valid." };
  }
  // An expired token still takes people where the message said (old mail gets clicked):
  // the target is the signed one, so this is no open redirect. It records nothing.
  if (!tokenExpired(payload))
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
