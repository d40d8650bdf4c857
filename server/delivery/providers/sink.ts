import { sinkMessages } from "../../db/schema";
import { bareMessageId, UNPOOLED_IN_FLIGHT, type Provider } from "./types";

/** Keeps each rendered copy in the database (the dashboard shows it); a re-send replaces its copy. */
export const sinkProvider: Provider = {
  name: "sink",
  signs: true,
  inFlight: UNPOOLED_IN_FLIGHT,
  async send(message, email, db) {
    const raw = message.raw.toString("utf8");
    const recipients = message.envelope.to.join(",");
    await db
      .insert(sinkMessages)
      .values({ emailId: email.id, recipients, raw })
      .onConflictDoUpdate({ target: [sinkMessages.emailId, sinkMessages.recipients], set: { raw } });
    return { providerId: bareMessageId(message.messageId), refused: [] };
  },
  async close() {},
};
