import { eq } from "drizzle-orm";
import { config } from "../config";
import type { Db } from "../db/client";
import { accounts, emails } from "../db/schema";
import { newId } from "../lib/ids";
import { TASKS } from "../jobs/names";
import { wake } from "../jobs/tasks";

export interface Notice {
  subject: string;
  text: string;
}

/**
 * Emails the account owner through the service's own sending path: a queued message
 * from SYSTEM_SENDER to the account's signup email, which the dispatch task sends like
 * any other. Pass a transaction to make the notice part of the state change behind it.
 */
export async function sendOwnerNotice(db: Pick<Db, "select" | "insert">, accountId: string, notice: Notice): Promise<string | null> {
  const [account] = await db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account) return null;
  const id = newId();
  const from = config().systemSender;
  const host = from.split("@")[1] ?? "localhost";
  await db.insert(emails).values({
    id,
    accountId,
    status: "queued",
    from,
    to: [account.email],
    subject: notice.subject,
    text: notice.text,
    recipientCount: 1,
    messageId: `<${id}@${host}>`,
    searchText: [notice.subject, from, account.email].join(" ").toLowerCase(),
    nextAttemptAt: new Date(),
  });
  wake(TASKS.dispatch);
  return id;
}
