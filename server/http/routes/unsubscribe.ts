import { getAccount } from "../../accounts/account-cache";
import { database } from "../../db/client";
import { suppressMany } from "../../suppressions/suppress";
import { readUnsubscribeToken } from "../../suppressions/unsubscribe";
import type { V1Request, V1Response } from "../v1/types";
import type { PublicRoute } from "./types";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(status: number, title: string, inner: string): V1Response {
  return {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "x-robots-tag": "noindex" },
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}button{font:inherit;padding:.5rem 1rem;cursor:pointer}</style></head>
<body><h1>${escape(title)}</h1>${inner}</body></html>`,
  };
}

/**
 * GET shows a confirmation page whose button POSTs back (link scanners that follow GETs
 * must not unsubscribe anyone); POST, from that button or a mail client's RFC 8058
 * one-click request, adds the `unsubscribe` suppression. Repeating it is harmless.
 */
async function handle(request: V1Request, match: RegExpExecArray): Promise<V1Response> {
  let raw: string;
  try {
    raw = decodeURIComponent(match[1]);
  } catch {
    raw = "";
  } // a malformed escape is no token
  const token = readUnsubscribeToken(raw);
  if (!token) return page(400, "Link not valid", "<p>This unsubscribe link is not valid. Use the link from the message itself.</p>");
  const who = `<strong>${escape(token.address)}</strong>`;
  if (request.method === "GET") {
    return page(
      200,
      "Unsubscribe",
      `<p>Stop receiving this sender's bulk mail at ${who}?</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
    );
  }
  // An account deleted since the message was sent has nothing left to suppress.
  if (await getAccount(token.accountId)) {
    const { db } = await database();
    await suppressMany(db, token.accountId, [token.address], "unsubscribe", token.emailId);
  }
  return page(200, "Unsubscribed", `<p>${who} will no longer receive this sender's bulk mail.</p>`);
}

export const unsubscribeRoute: PublicRoute = {
  method: "ANY",
  label: "/unsubscribe/{token}",
  pattern: /^\/unsubscribe\/([^/]+)\/?$/,
  handle: async (request, match) => {
    if (request.method !== "GET" && request.method !== "POST") {
      return { status: 405, headers: { allow: "GET, POST", "content-type": "text/plain" }, body: "Method not allowed" };
    }
    return handle(request, match);
  },
};
