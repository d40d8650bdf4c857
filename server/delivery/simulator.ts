/** SES's mailbox simulator; its addresses are valid test recipients with every provider. */
export const SIMULATOR_DOMAIN = "simulator.amazonses.com";

export type RecipientOutcome =
  | { kind: "delivered" }
  | { kind: "bounced"; reason: string }
  | { kind: "complained"; reason: string }
  /** No verdict beyond the provider's acceptance (an ordinary recipient over SMTP). */
  | { kind: "sent" };

const SIMULATED: Record<string, RecipientOutcome> = {
  success: { kind: "delivered" },
  ooto: { kind: "delivered" },
  bounce: { kind: "bounced", reason: "smtp; 550 5.1.1 user unknown (simulated)" },
  suppressionlist: {
    kind: "bounced",
    reason: "Amazon SES has suppressed sending to this address because it is on the suppression list (simulated)",
  },
  complaint: { kind: "complained", reason: "abuse" },
};

/** `address`: a parsed, lower-cased address (Mailbox.address). */
export function isSimulatorAddress(address: string): boolean {
  return address.endsWith(`@${SIMULATOR_DOMAIN}`);
}

/**
 * What happens to one recipient (a parsed, lower-cased address) after the provider
 * accepted the message, for providers that report nothing themselves. `sink` "delivers"
 * every ordinary recipient (the message is stored); `smtp` knows only that the relay accepted it.
 */
export function simulatedOutcome(address: string, provider: "sink" | "smtp"): RecipientOutcome {
  const at = address.lastIndexOf("@");
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (domain === SIMULATOR_DOMAIN) {
    // success+label@ and bounce+x@ behave like their base address, as at SES.
    const base = local.split("+")[0];
    return SIMULATED[base] ?? { kind: "delivered" };
  }
  return provider === "sink" ? { kind: "delivered" } : { kind: "sent" };
}
