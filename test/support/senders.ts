import type { domains } from "../../server/db/schema";
import type { TestServer } from "./harness";

// Server modules load on first use, after startTestServer has set this file's configuration.

let seq = 0;

/** A domain name no other test, file or parallel process uses. */
export const uniqueDomain = (label = "d") => `${label}${process.pid}x${Date.now().toString(36)}${++seq}.example.com`;

/**
 * A sending domain row as the domains area stores it (verified unless `status` says
 * otherwise), then the account's cached view refreshed. It has its own DKIM key unless
 * `dkim: false`: tests that never look at a signature skip the ~100 ms RSA key.
 */
export async function addDomain(
  accountId: string,
  name: string,
  opts: { trackEngagement?: boolean | null; status?: (typeof domains.$inferInsert)["status"]; suspended?: boolean; dkim?: boolean } = {},
) {
  const { database } = await import("../../server/db/client");
  const { domains } = await import("../../server/db/schema");
  const { generateDkimKey } = await import("../../server/domains/dkim");
  const { newId } = await import("../../server/lib/ids");
  const { invalidateAccount } = await import("../../server/accounts/account-cache");
  const key = opts.dkim === false ? null : await generateDkimKey();
  const id = newId();
  const { db } = await database();
  await db.insert(domains).values({
    id,
    accountId,
    name,
    status: opts.status ?? "verified",
    provider: "smtp",
    verifiedAt: (opts.status ?? "verified") === "verified" ? new Date() : null,
    suspendedAt: opts.suspended ? new Date() : null,
    dnsRecords: [],
    recommendedRecords: [],
    dkimSelector: "posthaste",
    dkimPublicKey: key?.publicKey ?? null,
    dkimPrivateKeyEnc: key?.privateKeyEnc ?? null,
    trackEngagement: opts.trackEngagement ?? null,
  });
  await invalidateAccount(accountId);
  return { id, name, publicKey: key?.publicKey ?? null };
}

/**
 * A fresh account (server.account) with a verified domain stored directly, and a `from`
 * on it. `dkim: false` for tests of the send rules that never let a message leave: their
 * mail fails at dispatch for want of a key, and they skip generating one.
 */
export async function sender(
  server: TestServer,
  opts: { plan?: "free" | "pro" | "scale" | "unlimited"; approved?: boolean; dkim?: boolean } = {},
) {
  const account = await server.account({ plan: opts.plan, approved: opts.approved });
  const domain = uniqueDomain("send");
  const { id: domainId } = await addDomain(account.accountId, domain, { dkim: opts.dkim });
  return { ...account, domain, domainId, from: `Acme <hello@${domain}>` };
}
