import type { EmailRow } from "../delivery/email-row";
import { PermanentSendError } from "../delivery/refusal";
import { fillTemplate } from "./render";
import { sendableVersion } from "./versions";

/**
 * A stored message with its html and text: a message sent with a template stores its
 * version and resolved values instead (docs/decisions/), rendered here from the immutable
 * version to exactly what was rendered at accept. Other messages come back as they are.
 */
export async function withContent(email: EmailRow): Promise<EmailRow> {
  if (!email.templateVariables || !email.templateVersionId) return email;
  const version = await sendableVersion(email.accountId, email.templateVersionId);
  if (!version) throw new PermanentSendError(`The template version ${email.templateVersionId} this message was rendered from is gone.`);
  const { html, text } = fillTemplate(version.compiled, email.templateVariables);
  return { ...email, html, text };
}
