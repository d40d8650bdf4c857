import fs from "node:fs";
import { generateKeyPair, randomBytes } from "node:crypto";
import { createSecureContext } from "node:tls";
import { promisify } from "node:util";
import type forge from "node-forge";
import { config } from "../config";
import { log } from "../ops/log";

/** A certificate (chain) and its key, PEM. */
export interface TlsPair {
  key: string;
  cert: string;
}

/** The pair the listeners serve now, and a way to hear of a new one (the files changed). */
export interface TlsSource {
  current: TlsPair;
  /** Whether the pair was generated (no SMTP_TLS_CERT_FILE): clients must be told to skip verification. */
  selfSigned: boolean;
  onChange(listener: (pair: TlsPair) => void): void;
  close(): void;
}

/** How often the certificate files are looked at: a renewal (certbot, a mounted secret) is served within this. */
const WATCH_INTERVAL_MS = 5000;

/**
 * The SMTP listeners' certificate: from SMTP_TLS_CERT_FILE / SMTP_TLS_KEY_FILE, read again
 * when either changes (a pair that does not load keeps the old one, with an error logged),
 * or, when unset, a pair generated now (RSA 2048, a year) with a warning: never a pair
 * shipped with the code, whose private key everybody would have (docs/decisions/).
 */
/**
 * The pair every SMTP listener of this process serves (submission and MX share one: one
 * generated pair, one warning, one watch); each caller's close() lets go of it, the last
 * one stops the watch.
 */
let shared: { source: Promise<TlsSource>; users: number } | null = null;

export async function smtpTlsSource(): Promise<TlsSource> {
  shared ??= { source: openTlsSource(), users: 0 };
  const held = shared;
  held.users++;
  let source: TlsSource;
  try {
    source = await held.source;
  } catch (err) {
    if (shared === held) shared = null;
    throw err;
  }
  let closed = false;
  return {
    get current() {
      return source.current;
    },
    selfSigned: source.selfSigned,
    onChange: (listener) => source.onChange(listener),
    close() {
      if (closed) return;
      closed = true;
      if (--held.users > 0) return;
      if (shared === held) shared = null;
      source.close();
    },
  };
}

async function openTlsSource(): Promise<TlsSource> {
  const { certFile, keyFile, host } = config().smtpSubmission;
  const listeners: ((pair: TlsPair) => void)[] = [];
  if (!certFile || !keyFile) {
    const current = await selfSignedPair(host);
    log().warn(
      { host },
      "SMTP submission: SMTP_TLS_CERT_FILE and SMTP_TLS_KEY_FILE are unset, so the listeners serve a self-signed certificate generated at start-up; clients must skip certificate verification. Set both to a certificate for the SMTP host (docs/smtp.md).",
    );
    return { current, selfSigned: true, onChange: () => {}, close: () => {} };
  }
  const source: TlsSource = {
    current: readPair(certFile, keyFile),
    selfSigned: false,
    onChange: (listener) => void listeners.push(listener),
    close: () => {
      fs.unwatchFile(certFile, reload);
      fs.unwatchFile(keyFile, reload);
    },
  };
  function reload() {
    try {
      const pair = readPair(certFile!, keyFile!);
      if (pair.cert === source.current.cert && pair.key === source.current.key) return;
      source.current = pair;
      for (const listener of listeners) listener(pair);
      log().info({ certFile }, "SMTP submission: certificate reloaded");
    } catch (err) {
      // Mid-renewal the two files can disagree for a moment: keep serving the old pair.
      log().error(
        { err: (err as Error).message, certFile, keyFile },
        "SMTP submission: the new certificate does not load; keeping the old one",
      );
    }
  }
  fs.watchFile(certFile, { interval: WATCH_INTERVAL_MS, persistent: false }, reload);
  fs.watchFile(keyFile, { interval: WATCH_INTERVAL_MS, persistent: false }, reload);
  return source;
}

/** Reads and checks a pair (a key that does not match the certificate throws here, not at a client's handshake). */
function readPair(certFile: string, keyFile: string): TlsPair {
  const pair = { cert: fs.readFileSync(certFile, "utf8"), key: fs.readFileSync(keyFile, "utf8") };
  createSecureContext(pair);
  return pair;
}

/**
 * A self-signed certificate for `host` (and localhost, 127.0.0.1): the key from node's
 * crypto (native, ~50–150 ms, on the thread pool so that the process answers its health check
 * meanwhile), the certificate built and signed by node-forge (pure JS, no native parts or
 * global polyfills; docs/decisions/ says why not the alternatives), loaded only here.
 */
export async function selfSignedPair(host: string): Promise<TlsPair> {
  const [{ privateKey, publicKey }, { default: forge }] = await Promise.all([
    promisify(generateKeyPair)("rsa", {
      modulusLength: 2048,
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    }),
    import("node-forge"),
  ]);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // A positive serial (its top bit clear), random so two generated certificates never share one.
  cert.serialNumber = `1${randomBytes(8).toString("hex")}`;
  const now = Date.now();
  cert.validity.notBefore = new Date(now - 60_000);
  cert.validity.notAfter = new Date(now + 365 * 24 * 3600 * 1000);
  const subject = [{ name: "commonName", value: host }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  const ip = (value: string) => /^[\d.]+$/.test(value) || value.includes(":");
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, keyEncipherment: true },
    { name: "extKeyUsage", serverAuth: true },
    {
      name: "subjectAltName",
      altNames: [...new Set([host, "localhost", "127.0.0.1"])].map((value) => (ip(value) ? { type: 7, ip: value } : { type: 2, value })),
    },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { key: privateKey, cert: forge.pki.certificateToPem(cert) };
}
