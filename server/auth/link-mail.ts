import { config } from "../config";
import { database } from "../db/client";
import { sendNotice, type Notice } from "../notices/send";
import { log } from "../ops/log";

/**
 * Mails a link (verification, password reset, invitation, email change) through the
 * service's own sending path (server/notices/send.ts), from SYSTEM_SENDER in the platform
 * account. With the sink nothing leaves and the platform account's mail has no dashboard, so
 * the operator of a quick start finds the link in the log too.
 */
export async function mailLink(to: string, kind: string, url: string, notice: Notice): Promise<void> {
  const { db } = await database();
  if (config().mailProvider === "sink") log().info({ email: to, url }, `sink: ${kind} link (sink provider only)`);
  await sendNotice(db, to, notice);
}

/** "24 hours", "1 hour", "30 minutes": a link's lifetime as its mail says it. */
export function lifetime(seconds: number): string {
  if (seconds >= 7200) return `${Math.round(seconds / 3600)} hours`;
  if (seconds >= 3600) return "1 hour";
  return `${Math.max(1, Math.round(seconds / 60))} minutes`;
}
