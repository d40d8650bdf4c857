import { eq, sql } from "drizzle-orm";
import { config } from "../config";
import type { Db } from "../db/client";
import { accounts, emailContents, emails } from "../db/schema";
import { parseAddress } from "../lib/email-address";
import { newId } from "../lib/ids";
import { TASKS } from "../jobs/names";
import { wake } from "../jobs/tasks";

export interface Notice {
  subject: string;
  text: string;
}

/**
 * The platform's own account, which owns the notices: they are mail from the service, not
 * from the customer, so they stay out of the customer's email list, usage and webhooks.
 * Made on first use; its email is SYSTEM_SENDER, so no customer can hold the name.
 */
async function platformAccountId(db: Pick<Db, "select" | "insert">): Promise<string> {
  const email = config().systemSender;
  await db.insert(accounts).values({ id: newId(), email, plan: "unlimited", approvedAt: new Date() }).onConflictDoNothing();
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`lower(${accounts.email}) = lower(${email})`)
    .limit(1);
  return row.id;
}

/**
 * Emails the account owner through the service's own sending path: a queued message
 * from SYSTEM_SENDER to the account's signup email, sent by the dispatch task like any
 * other, from the platform's account. Pass a transaction to make the notice part of the
 * state change behind it.
 */
export async function sendOwnerNotice(db: Pick<Db, "select" | "insert">, accountId: string, notice: Notice): Promise<string | null> {
  const [account] = await db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account) return null;
  return sendNotice(db, account.email, notice);
}

/**
 * The same path to any one address (a user's sign-in address, an invitee, an address being
 * confirmed). Stored as the send path stores addresses (parsed, normalised); an address the
 * parser refuses (an account from before it) gets no notice rather than a guessed delivery.
 */
export async function sendNotice(db: Pick<Db, "select" | "insert">, address: string, notice: Notice): Promise<string | null> {
  const parsed = parseAddress(address);
  if (!parsed.ok) return null;
  const to = parsed.value.address;
  const id = newId();
  const from = config().systemSender;
  const host = from.split("@")[1] ?? "localhost";
  // The content first: outside a transaction, dispatch never finds the row without it.
  await db.insert(emailContents).values({ emailId: id, text: notice.text });
  await db.insert(emails).values({
    id,
    accountId: await platformAccountId(db),
    status: "queued",
    from,
    to: [to],
    subject: notice.subject,
    recipientCount: 1,
    messageId: `<${id}@${host}>`,
    searchText: [notice.subject, from, to].join(" ").toLowerCase(),
    nextAttemptAt: new Date(),
  });
  wake(TASKS.dispatch);
  return id;
}
