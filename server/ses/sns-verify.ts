import { createVerify, X509Certificate } from "node:crypto";
import https from "node:https";
import { config } from "../config";
import { processShared } from "../lib/process-shared";

/** The SNS envelope posted to an HTTPS subscription. */
export interface SnsMessage {
  Type: "Notification" | "SubscriptionConfirmation" | "UnsubscribeConfirmation";
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: "1" | "2";
  Signature: string;
  SigningCertURL: string;
  Subject?: string;
  Token?: string;
  SubscribeURL?: string;
}

/** Real SNS certificates and subscribe URLs live on sns.<region>.amazonaws.com. */
const AWS_SNS_URL = /^https:\/\/sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?\//;

/**
 * An https URL on SNS's host (SNS_CERT_URL_PATTERN replaces the host pattern, for a private
 * endpoint or tests; https stays required either way).
 */
export function trustedSnsUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username || url.password) return false;
  const pattern = config().snsCertUrlPattern;
  return (pattern ? new RegExp(pattern) : AWS_SNS_URL).test(url.href);
}

/** A signing certificate URL: SNS's host and a .pem file, as AWS documents it. */
export function trustedCertificateUrl(raw: string): boolean {
  return trustedSnsUrl(raw) && new URL(raw).pathname.endsWith(".pem");
}

/** Topics whose messages we accept (SNS_TOPIC_ARNS, required with MAIL_PROVIDER=ses). */
export function isListedTopic(topicArn: unknown): boolean {
  return typeof topicArn === "string" && config().snsTopicArns.includes(topicArn);
}

const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * One https GET that never follows a redirect (node:https does not; a 3xx is refused here)
 * and gives up after `timeoutMs` or MAX_ANSWER_BYTES.
 */
export function snsGet(url: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = https.get(url, { timeout: timeoutMs }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`GET ${url} answered ${res.statusCode}${res.headers.location ? " (redirects are not followed)" : ""}`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) {
          req.destroy(new Error(`GET ${url} answered more than ${MAX_ANSWER_BYTES} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on("error", reject);
  });
}

/** A failed fetch is remembered this long, so a flood of forged messages costs one fetch. */
const FAILURE_TTL_MS = 60_000;
/** Bounds the cache; SNS uses a handful of certificate URLs per region. */
const MAX_CACHED = 100;

const certs = processShared("snsCertificates", () => new Map<string, { cert: Promise<X509Certificate>; expires: number }>());

function certificate(url: string): Promise<X509Certificate> {
  const cached = certs.get(url);
  if (cached && cached.expires > Date.now()) return cached.cert;
  const cert = snsGet(url, 5000).then((pem) => new X509Certificate(pem));
  const entry = { cert, expires: Infinity };
  cert.catch(() => {
    entry.expires = Date.now() + FAILURE_TTL_MS;
  });
  certs.delete(url);
  certs.set(url, entry);
  if (certs.size > MAX_CACHED) certs.delete(certs.keys().next().value as string);
  return cert;
}

/** The canonical string SNS signs: fixed keys in order, each as "Key\nValue\n". */
function stringToSign(m: SnsMessage): string {
  const keys =
    m.Type === "Notification"
      ? ["Message", "MessageId", ...(m.Subject !== undefined ? ["Subject"] : []), "Timestamp", "TopicArn", "Type"]
      : ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"];
  return keys.map((k) => `${k}\n${(m as unknown as Record<string, string>)[k] ?? ""}\n`).join("");
}

/**
 * Verifies an SNS message the way AWS documents it. Everything that costs nothing is
 * checked before the certificate is fetched: the topic must be one we subscribed to and
 * the certificate URL an https .pem on SNS's host.
 */
export async function verifySnsMessage(m: SnsMessage): Promise<boolean> {
  if (!m || typeof m !== "object" || typeof m.Signature !== "string" || typeof m.SigningCertURL !== "string") return false;
  if (m.SignatureVersion !== "1" && m.SignatureVersion !== "2") return false;
  if (!isListedTopic(m.TopicArn)) return false;
  if (!trustedCertificateUrl(m.SigningCertURL)) return false;
  const cert = await certificate(m.SigningCertURL);
  const verifier = createVerify(m.SignatureVersion === "1" ? "RSA-SHA1" : "RSA-SHA256");
  verifier.update(stringToSign(m), "utf8");
  return verifier.verify(cert.publicKey, m.Signature, "base64");
}
