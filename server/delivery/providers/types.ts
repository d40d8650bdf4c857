import type { Db } from "../../db/client";
import type { EmailRow } from "../email-row";
import type { Rendered } from "../mime";
import type { RefusedRecipient } from "../refusal";

/** What the provider said on accepting a message. */
export interface Accepted {
  /** The provider's id for the message (the relay's queue id, SES's MessageId). */
  providerId: string;
  /** Recipients the relay refused while it took the message for the others. */
  refused: RefusedRecipient[];
}

export interface Provider {
  name: "sink" | "smtp" | "ses";
  /** Whether we sign with the domain's key (SES signs with Easy DKIM itself). */
  signs: boolean;
  /** Hand-offs this process keeps open at once (for SMTP: the pool's connections). */
  inFlight: number;
  /**
   * Hands the rendered message over; resolves with the provider's id for it. Gives up
   * by `deadline` (an Error: a temporary failure) and holds nothing after it settles.
   */
  send(message: Rendered, email: EmailRow, db: Db, deadline: AbortSignal): Promise<Accepted>;
  close(): Promise<void>;
}

/** A Message-ID without its angle brackets: the provider id when the provider names none. */
export const bareMessageId = (messageId: string) => messageId.replace(/^<|>$/g, "");

/** Parallel hand-offs for providers without a pool of their own (sink, SES). */
export const UNPOOLED_IN_FLIGHT = 16;
