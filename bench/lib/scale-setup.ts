// Setup for bench/scale.mjs (run under tsx before the server starts, on DATABASE_URL):
// migrates the database and makes the large account as an operator would (approved,
// unlimited, a verified domain, a dashboard password so the overview can be read over
// HTTP), then SCALE_ACCOUNTS - 1 more accounts as plain rows, and one webhook endpoint per
// account (rows: the bench's messages are built in SQL and never delivered). Idempotent:
// what it made is kept in `scale_meta`, and a second run prints it again. One JSON line.
import { sql } from "drizzle-orm";
import { createAccount } from "../../server/accounts/accounts";
import { hashPassword } from "../../server/auth/passwords";
import { closeDatabase, database } from "../../server/db/client";
import { newId } from "../../server/lib/ids";

const ACCOUNTS = Number(process.env.SCALE_ACCOUNTS ?? 1000);
const PASSWORD = "scale-bench-password-1";

const { db, rows } = await database();
await db.execute(sql`create table if not exists scale_meta (key text primary key, value jsonb not null)`);
let [meta] = await rows<{ value: Record<string, string> }>(sql`select value from scale_meta where key = 'large'`);
if (!meta) {
  const email = `scale-${Date.now().toString(36)}@example.com`;
  const { accountId, apiKey, ownerUserId } = await createAccount({ email, plan: "unlimited", approved: true, emailVerified: true });
  await db.execute(sql`update users set password_hash = ${await hashPassword(PASSWORD)} where id = ${ownerUserId}`);
  const domain = `scale${Date.now().toString(36)}.example.com`;
  await db.execute(sql`insert into domains (id, account_id, name, status, provider, verified_at, dns_records, recommended_records, dkim_selector)
    values (${newId()}, ${accountId}, ${domain}, 'verified', 'sink', now(), '[]'::jsonb, '[]'::jsonb, 'posthaste')`);
  const value = { accountId, apiKey, email, password: PASSWORD, from: `Scale <hello@${domain}>`, domain };
  await db.execute(sql`insert into scale_meta (key, value) values ('large', ${JSON.stringify(value)}::jsonb)`);
  meta = { value };
}
// The other accounts: index i in 1 … ACCOUNTS-1, ids made from the index so a rerun finds them.
await db.execute(sql`
  insert into accounts (id, email, plan, approved_at)
  select '00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'), 'scale-other-' || i || '@example.com', 'unlimited', now()
  from generate_series(1, ${ACCOUNTS - 1}::int) i
  on conflict do nothing`);
// One endpoint per account, every event: its events, deliveries and attempts are part of each message's storage.
await db.execute(sql`
  insert into webhook_endpoints (id, account_id, url, events, secret)
  select '00000000-0000-4000-9000-' || lpad(to_hex(n), 12, '0'), a.id, 'https://hooks.example.com/' || n, '["*"]'::jsonb,
         'whsec_' || md5(a.id)
  from (select id, row_number() over (order by id) as n from accounts) a
  where not exists (select 1 from webhook_endpoints w where w.account_id = a.id)`);
await closeDatabase();
console.log(JSON.stringify(meta.value));
