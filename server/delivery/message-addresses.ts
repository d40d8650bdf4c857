import { config } from "../config";
import type { emails } from "../db/schema";
import { storedMailbox, type Mailbox } from "../lib/email-address";

type AddressColumns = Pick<typeof emails.$inferSelect, "from" | "to" | "cc" | "bcc" | "replyTo">;

/** A stored message's addresses, as the accept path normalised them: what delivery uses, and nothing else. */
export interface MessageAddresses {
  from: Mailbox;
  to: Mailbox[];
  cc: Mailbox[];
  bcc: Mailbox[];
  replyTo: Mailbox[];
  /** Every recipient's address once (to, cc, bcc): the envelope's RCPT TO list. */
  recipients: string[];
}

/**
 * The system sender is operator configuration, not tenant input: its host may be one
 * the address parser refuses from tenants (localhost in development). It is taken as
 * configured, and only when the row's `from` is exactly it.
 */
function senderOf(from: string): Mailbox {
  const system = config().systemSender;
  if (from === system) return { name: "", address: system, domain: system.slice(system.lastIndexOf("@") + 1), text: system };
  return storedMailbox(from);
}

/** Throws InvalidStoredAddress for a row stored before addresses were normalised that the parser refuses. */
export function messageAddresses(email: AddressColumns): MessageAddresses {
  const to = email.to.map(storedMailbox);
  const cc = email.cc.map(storedMailbox);
  const bcc = email.bcc.map(storedMailbox);
  return {
    from: senderOf(email.from),
    to,
    cc,
    bcc,
    replyTo: email.replyTo.map(storedMailbox),
    recipients: [...new Set([...to, ...cc, ...bcc].map((m) => m.address))],
  };
}
