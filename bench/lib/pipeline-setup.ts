// Setup for bench/pipeline.mjs (run under tsx before the server starts, on DATABASE_URL):
// migrates the database and makes `BENCH_ACCOUNTS` approved, unlimited accounts, each with a
// verified domain holding its own RSA-2048 DKIM key (tracking off) and one webhook endpoint
// subscribed to every event at BENCH_RECEIVER/<account index>. Prints one JSON line.
import { sql } from "drizzle-orm";
import { getAccount } from "../../server/accounts/account-cache";
import { createAccount } from "../../server/accounts/accounts";
import { closeDatabase, database } from "../../server/db/client";
import { generateDkimKey } from "../../server/domains/dkim";
import { newId } from "../../server/lib/ids";
import { createEndpoint } from "../../server/webhooks/endpoints";

const out = [];
const { db } = await database();
for (let i = 0; i < Number(process.env.BENCH_ACCOUNTS ?? 2); i++) {
  const stamp = `${Date.now().toString(36)}${i}`;
  const { accountId, apiKey, ownerUserId } = await createAccount({
    email: `bench-${stamp}@example.com`,
    plan: "unlimited",
    approved: true,
  });
  const domain = `bench${stamp}.example.com`;
  const key = await generateDkimKey();
  await db.execute(sql`insert into domains (id, account_id, name, status, provider, verified_at, dns_records, recommended_records, dkim_selector, dkim_public_key, dkim_private_key_enc, track_engagement)
    values (${newId()}, ${accountId}, ${domain}, 'verified', 'smtp', now(), '[]'::jsonb, '[]'::jsonb, 'posthaste', ${key.publicKey}, ${key.privateKeyEnc}, false)`);
  const account = await getAccount(accountId);
  if (!account) throw new Error("the account just made is missing");
  const path = `/hook-${i}`;
  const endpoint = await createEndpoint(
    account,
    { url: `${process.env.BENCH_RECEIVER}${path}`, events: ["*"] },
    { kind: "user", userId: ownerUserId! },
  );
  out.push({ accountId, apiKey, from: `Bench <hello@${domain}>`, hookPath: path, secret: endpoint.secret });
}
await closeDatabase();
console.log(JSON.stringify(out));
