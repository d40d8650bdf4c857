import type { GetEmailIdentityCommandOutput } from "@aws-sdk/client-sesv2";
import { config } from "../config";
import { sesClient, sesSdk } from "./client";
import { log } from "../ops/log";

export interface SesIdentity {
  /** The three Easy DKIM tokens (CNAME <token>._domainkey → <token>.dkim.amazonses.com). */
  tokens: string[];
  /** SES's verdict: may the identity send. */
  verified: boolean;
}

const errorName = (err: unknown) => (err as { name?: string } | null)?.name ?? "";

function identity(out: Pick<GetEmailIdentityCommandOutput, "DkimAttributes" | "VerifiedForSendingStatus">): SesIdentity {
  return {
    tokens: out.DkimAttributes?.Tokens ?? [],
    verified: Boolean(out.VerifiedForSendingStatus) || out.DkimAttributes?.Status === "SUCCESS",
  };
}

/** One identity call gives up after this long (a release's lease outlasts it). */
const CALL_TIMEOUT_MS = 30_000;
const timeout = () => ({ abortSignal: AbortSignal.timeout(CALL_TIMEOUT_MS) });

/**
 * Creates the domain identity with Easy DKIM and points its MAIL FROM at the return-path
 * subdomain. One that exists already is returned as it is: callers adopt it only while a live
 * claim of the name relies on it, and otherwise delete it first so the new claim gets fresh
 * tokens (server/domains/domains.ts#createDomain, docs/decisions/0002-sending-domains.md "Domain claims").
 */
export async function createIdentity(domain: string, mailFromDomain: string): Promise<SesIdentity> {
  const client = await sesClient();
  const { CreateEmailIdentityCommand, GetEmailIdentityCommand, PutEmailIdentityMailFromAttributesCommand } = await sesSdk();
  let created: SesIdentity;
  try {
    const out = await client.send(
      new CreateEmailIdentityCommand({
        EmailIdentity: domain,
        ...(config().sesConfigurationSet ? { ConfigurationSetName: config().sesConfigurationSet! } : {}),
      }),
      timeout(),
    );
    created = identity(out);
  } catch (err) {
    if (errorName(err) !== "AlreadyExistsException") throw err;
    created = identity(await client.send(new GetEmailIdentityCommand({ EmailIdentity: domain }), timeout()));
  }
  try {
    await client.send(
      new PutEmailIdentityMailFromAttributesCommand({
        EmailIdentity: domain,
        MailFromDomain: mailFromDomain,
        BehaviorOnMxFailure: "USE_DEFAULT_VALUE",
      }),
      timeout(),
    );
  } catch (err) {
    // The identity sends without a custom MAIL FROM (SES's own return path); not worth failing the add.
    log().warn({ domain, mailFromDomain, error: errorName(err) || String(err) }, "ses: could not set MAIL FROM");
  }
  return created;
}

/** The identity as SES sees it now, or null when SES has none by that name. */
export async function getIdentity(domain: string): Promise<SesIdentity | null> {
  const { GetEmailIdentityCommand } = await sesSdk();
  try {
    return identity(await (await sesClient()).send(new GetEmailIdentityCommand({ EmailIdentity: domain }), timeout()));
  } catch (err) {
    if (errorName(err) === "NotFoundException") return null;
    throw err;
  }
}

/** Removes the identity; one already gone upstream counts as removed. */
export async function deleteIdentity(domain: string): Promise<void> {
  const { DeleteEmailIdentityCommand } = await sesSdk();
  try {
    await (await sesClient()).send(new DeleteEmailIdentityCommand({ EmailIdentity: domain }), timeout());
  } catch (err) {
    if (errorName(err) !== "NotFoundException") throw err;
  }
}
