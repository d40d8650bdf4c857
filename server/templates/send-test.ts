import type { Account } from "../accounts/account-cache";
import { config } from "../config";
import { validationError } from "../errors";
import { sendEmail } from "../sending/accept";
import { sendRequestSchema } from "../sending/request";
import { compileTemplate, render, TemplateRuleError } from "./render";
import { getTemplate } from "./templates";

/**
 * The dashboard's "send a test": the working copy (draft or not) rendered with the given
 * values (fallbacks otherwise) and sent to the account's own address through the ordinary
 * send path and its rules. From the template's sender, or the sandbox sender (test mode).
 */
export async function sendTest(account: Account, idOrAlias: string, variables: Record<string, string | number>): Promise<{ id: string }> {
  if (!account.email) throw validationError("This account has no signup email to send a test to", 422);
  const t = await getTemplate(account.id, idOrAlias);
  let rendered;
  try {
    rendered = render(compileTemplate({ subject: t.subject, html: t.html, text: t.text }, t.variables), variables);
  } catch (err) {
    if (err instanceof TemplateRuleError) throw validationError(err.message, 422);
    throw err;
  }
  const input = sendRequestSchema.parse({
    from: t.from ?? config().sandboxSender,
    to: account.email,
    subject: `[Test] ${rendered.subject ?? t.name}`.slice(0, 998),
    html: rendered.html,
    text: rendered.text,
    reply_to: t.reply_to,
  });
  return sendEmail(account, input, null);
}
