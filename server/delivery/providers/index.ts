import { config } from "../../config";
import { processShared } from "../../lib/process-shared";
import { sesProvider } from "./ses";
import { sinkProvider } from "./sink";
import { smtpProvider } from "./smtp";
import type { Provider } from "./types";

export type { Accepted, Provider } from "./types";

const current = processShared("mailProvider", () => ({ provider: null as Provider | null, signature: "" }));

/** The provider MAIL_PROVIDER names, made once per process (the SMTP pool is shared). */
export function mailProvider(): Provider {
  const cfg = config();
  const signature = `${cfg.mailProvider}|${cfg.smtpUrl ?? ""}`;
  if (current.provider && current.signature === signature) return current.provider;
  void current.provider?.close();
  const provider = cfg.mailProvider === "smtp" ? smtpProvider(cfg.smtpUrl!) : cfg.mailProvider === "ses" ? sesProvider : sinkProvider;
  Object.assign(current, { provider, signature });
  return provider;
}

export async function closeMailProvider(): Promise<void> {
  await current.provider?.close();
  Object.assign(current, { provider: null, signature: "" });
}
