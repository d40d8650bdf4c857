import { config } from "../config";

/**
 * Addresses no sign-up may claim: the service's own senders. SYSTEM_SENDER is also the
 * email of the platform's notice account (server/notices/send.ts finds it by that email),
 * so a customer holding it would receive every owner's notices, verification links included.
 * Other addresses at these domains stay open: a sign-up must prove its mailbox before test
 * mode sends to it, so only someone who reads that mailbox can use one.
 */
export function isReservedAddress(email: string): boolean {
  const address = email.trim().toLowerCase();
  const { systemSender, sandboxSender } = config();
  return address === systemSender || address === sandboxSender;
}
