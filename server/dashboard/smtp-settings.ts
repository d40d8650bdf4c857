import { config } from "../config";
import { SMTP_USERNAMES } from "../smtp/auth";
import type { SmtpSettings } from "./schemas";

/** The API keys page's SMTP box: the host, ports and username applications are configured with. */
export function readSmtpSettings(): SmtpSettings {
  const { host, port, tlsPort, certFile } = config().smtpSubmission;
  return { host, port, tlsPort, username: SMTP_USERNAMES[0], selfSigned: !certFile };
}
