import { execFileSync } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NODE_POSTHASTE, NODE_STANDARD, PYTHON_POSTHASTE, PYTHON_STANDARD } from "../app/docs/webhooks/verify-samples";
import { signatureHeader } from "../client/webhooks";

/** The verification code /docs/webhooks shows works: it accepts a signed delivery and refuses a tampered one. */
const secret = `whsec_${randomBytes(32).toString("base64")}`;
const body = JSON.stringify({ id: "evt_1", type: "email.sent", created_at: new Date().toISOString(), data: { email_id: "e" } });
const now = Math.floor(Date.now() / 1000);
const standardHeaders = (raw: string) => ({
  "webhook-id": "evt_1",
  "webhook-timestamp": String(now),
  "webhook-signature": `v1,${createHmac("sha256", Buffer.from(secret.slice(6), "base64"))
    .update(`evt_1.${now}.${raw}`)
    .digest("base64")}`,
});
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "webhook-samples-"));

describe("/docs/webhooks verification samples", () => {
  it("Node: both schemes accept a signed body and refuse a tampered one", async () => {
    const file = path.join(dir, "verify.mjs");
    fs.writeFileSync(file, `${NODE_STANDARD}\n${NODE_POSTHASTE.replace(/^import .*\n/, "")}`);
    const { verifyPosthaste, verifyPosthasteSignature } = await import(file);
    expect(verifyPosthaste(secret, standardHeaders(body), body).id).toBe("evt_1");
    expect(() => verifyPosthaste(secret, standardHeaders(body), body + " ")).toThrow("bad signature");
    const header = signatureHeader(secret, now, body);
    expect(verifyPosthasteSignature(secret, header, body).id).toBe("evt_1");
    expect(() => verifyPosthasteSignature(secret, header, body + " ")).toThrow("bad signature");
  });

  it.skipIf(!hasPython())("Python: both schemes accept a signed body and refuse a tampered one", () => {
    const driver = `${PYTHON_STANDARD}\n\n${PYTHON_POSTHASTE}\n
import sys
secret, headers, header, body = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3], sys.argv[4].encode()
print(verify_posthaste(secret, headers, body)["id"], verify_posthaste_signature(secret, header, body)["id"])
for check in (lambda: verify_posthaste(secret, headers, body + b" "), lambda: verify_posthaste_signature(secret, header, body + b" ")):
    try:
        check()
        print("accepted a tampered body")
    except ValueError:
        print("refused")
`;
    const file = path.join(dir, "verify.py");
    fs.writeFileSync(file, driver);
    const out = execFileSync("python3", [file, secret, JSON.stringify(standardHeaders(body)), signatureHeader(secret, now, body), body], {
      encoding: "utf8",
    });
    expect(out.trim().split("\n")).toEqual(["evt_1 evt_1", "refused", "refused"]);
  });
});

function hasPython(): boolean {
  try {
    execFileSync("python3", ["--version"]);
    return true;
  } catch {
    return false;
  }
}
