// The server `npm start` runs (node:http + /v1, no Next), on DATABASE_URL, with a ready
// account (unlimited plan) and a verified domain. Prints READY {port, apiKey, from, accountId}.
import { sql } from "drizzle-orm";
import { createAccount } from "../../server/accounts/accounts";
import { database } from "../../server/db/client";
import { newId } from "../../server/lib/ids";
import { startServer } from "../../server/start";

const running = await startServer({ port: 0, host: "127.0.0.1" });
const { accountId, apiKey } = await createAccount({ email: `bench-${Date.now()}@example.com`, plan: "unlimited", approved: true });
const domain = `bench${Date.now().toString(36)}.example.com`;
const { db } = await database();
await db.execute(sql`insert into domains (id, account_id, name, status, provider, verified_at, dns_records, recommended_records, dkim_selector)
  values (${newId()}, ${accountId}, ${domain}, 'verified', 'sink', now(), '[]'::jsonb, '[]'::jsonb, 'posthaste')`);
process.on("SIGTERM", () => {
  void running.stop().finally(() => process.exit(0));
});
console.log(`READY ${JSON.stringify({ port: running.port, apiKey, accountId, from: `Bench <hello@${domain}>` })}`);
