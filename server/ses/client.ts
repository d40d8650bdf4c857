import type { SESv2Client } from "@aws-sdk/client-sesv2";
import { config } from "../config";
import { processShared } from "../lib/process-shared";

const current = processShared("sesClient", () => ({ client: null as SESv2Client | null, signature: "" }));

/**
 * The AWS SDK's SESv2 module, loaded on first use: importing it costs every process about
 * 120 ms of start-up, and most never talk to SES (docs/decisions/0041-a-small-image.md).
 */
export const sesSdk = () => import("@aws-sdk/client-sesv2");

/**
 * The SESv2 client for MAIL_PROVIDER=ses, honouring AWS_REGION and SES_ENDPOINT
 * (an SES-compatible endpoint such as LocalStack or a test double). Credentials come
 * from the SDK's default chain; against a custom SES_ENDPOINT with no AWS credentials
 * in the environment, placeholder ones are used so the SDK does not probe EC2 metadata.
 */
export async function sesClient(): Promise<SESv2Client> {
  const { SESv2Client } = await sesSdk();
  const cfg = config();
  const region = cfg.awsRegion;
  const signature = `${region}|${cfg.sesEndpoint ?? ""}`;
  if (current.client && current.signature === signature) return current.client;
  const placeholder = cfg.sesEndpoint && !cfg.awsCredentialsInEnv;
  const client = new SESv2Client({
    region,
    ...(cfg.sesEndpoint ? { endpoint: cfg.sesEndpoint } : {}),
    ...(placeholder ? { credentials: { accessKeyId: "posthaste-local", secretAccessKey: "posthaste-local" } } : {}),
    maxAttempts: 2,
  });
  Object.assign(current, { client, signature });
  return client;
}

export function sesRegion(): string {
  return config().awsRegion;
}

/** Which SES identities this process reaches (region and endpoint): a release is done where its identity lived. */
export function sesScope(): string {
  const cfg = config();
  return `${cfg.awsRegion}|${cfg.sesEndpoint ?? ""}`;
}
