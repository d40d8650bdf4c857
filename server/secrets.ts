import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { adoptGeneratedSecrets, config } from "./config";
import { log } from "./ops/log";

/**
 * ENCRYPTION_KEY and AUTH_SECRET. On the embedded quick start a missing one is made
 * once and kept beside the data (mode 0600); with DATABASE_URL (production) a missing
 * one is a start-up error, since a generated key would not be shared by other instances.
 */
export function ensureSecrets(say: (line: string) => void = (line) => log().warn(line)): void {
  const cfg = config();
  const given = { ENCRYPTION_KEY: cfg.encryptionKey, AUTH_SECRET: cfg.authSecret };
  const missing = (["ENCRYPTION_KEY", "AUTH_SECRET"] as const).filter((name) => !given[name]);
  if (missing.length === 0) return;
  if (cfg.databaseUrl) {
    throw new Error(`${missing.join(" and ")} must be set when DATABASE_URL is set (generate one with: openssl rand -base64 32)`);
  }
  const file = `${cfg.pgliteDir}.secrets.json`;
  let stored: Record<string, string> = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>;
  let changed = false;
  for (const name of missing) {
    if (!stored[name]) {
      stored[name] = randomBytes(32).toString("base64");
      changed = true;
    }
  }
  if (changed) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    say(`Generated ${missing.join(" and ")} and saved it in ${file} (mode 0600). Set them in the environment for production.`);
  }
  adoptGeneratedSecrets(Object.fromEntries(missing.map((name) => [name, stored[name]])));
}
