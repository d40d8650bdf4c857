import { createPrivateKey, sign as rsaSign, type KeyObject } from "node:crypto";
import { domainToASCII } from "node:url";
import { promisify } from "node:util";
import RelaxedBody from "nodemailer/lib/dkim/relaxed-body";
import nodemailerSign from "nodemailer/lib/dkim/sign";
import mimeFuncs from "nodemailer/lib/mime-funcs";
import { processShared } from "../lib/process-shared";

/**
 * DKIM signing (relaxed/relaxed, rsa-sha256) with nodemailer's own canonicalisation
 * (RelaxedBody for the body hash, relaxedHeaders for the header list), differing from
 * nodemailer's DKIM stream in two ways that matter at hundreds of messages a second:
 * the private key is parsed once into a KeyObject (a PEM string is re-parsed on every
 * signature, doubling its cost), and the RSA operation runs on libuv's thread pool
 * (crypto.sign with a callback) instead of blocking the event loop.
 */
export interface SigningKey {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

const FIELD_NAMES =
  "From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:Content-ID:" +
  "Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References:" +
  "List-Id:List-Help:List-Unsubscribe:List-Subscribe:List-Post:List-Owner:List-Archive";

type HeaderLine = { key: string; line: string };
const relaxedHeaders = (
  nodemailerSign as unknown as {
    relaxedHeaders(headers: HeaderLine[], fieldNames: string, skipFields?: string): { headers: string; fieldNames: string };
  }
).relaxedHeaders;

const signAsync = promisify(rsaSign) as (algorithm: string, data: Buffer, key: KeyObject) => Promise<Buffer>;

const keyObjects = processShared("dkimKeyObjects", () => new Map<string, KeyObject>());
function keyObject(pem: string): KeyObject {
  let key = keyObjects.get(pem);
  if (!key) {
    key = createPrivateKey(pem);
    keyObjects.set(pem, key);
  }
  return key;
}

function bodyHash(body: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const relaxed = new RelaxedBody({ hashAlgo: "sha256" });
    relaxed.on("hash", (digest) => resolve(String(digest)));
    relaxed.on("error", reject);
    relaxed.resume();
    relaxed.end(body);
  });
}

const relaxedLine = (line: string) =>
  line
    .slice(line.indexOf(":") + 1)
    .replace(/\r?\n/g, "")
    .replace(/\s+/g, " ")
    .trim();

/** Returns the message with a DKIM-Signature header in front. */
export async function dkimSign(message: Buffer, key: SigningKey): Promise<Buffer> {
  const split = message.indexOf("\r\n\r\n");
  const headerEnd = split === -1 ? message.length : split;
  const body = split === -1 ? Buffer.alloc(0) : message.subarray(split + 4);
  // Unfolded header fields, as nodemailer's MessageParser gives them.
  const headers: HeaderLine[] = message
    .subarray(0, headerEnd)
    .toString("binary")
    .split(/\r?\n(?![ \t])/)
    .filter((line) => line.includes(":"))
    .map((line) => ({ key: line.slice(0, line.indexOf(":")).trim().toLowerCase(), line }));
  const canonical = relaxedHeaders(headers, FIELD_NAMES);
  const tags = [
    "v=1",
    "a=rsa-sha256",
    "c=relaxed/relaxed",
    `d=${domainToASCII(key.domainName) || key.domainName}`,
    "q=dns/txt",
    `s=${key.keySelector}`,
    `bh=${await bodyHash(body)}`,
    `h=${canonical.fieldNames}`,
  ].join("; ");
  const field = `${mimeFuncs.foldLines(`DKIM-Signature: ${tags}`, 76)};\r\n b=`;
  const signed = Buffer.from(`${canonical.headers}dkim-signature:${relaxedLine(field)}`, "binary");
  const signature = (await signAsync("sha256", signed, keyObject(key.privateKey))).toString("base64");
  const header = field + signature.replace(/(^.{73}|.{75}(?!\r?\n|\r))/g, "$&\r\n ").trim();
  return Buffer.concat([Buffer.from(`${header}\r\n`, "binary"), message]);
}
