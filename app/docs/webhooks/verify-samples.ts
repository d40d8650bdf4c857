/** Receiver code for /docs/webhooks: both signature schemes, in Node and in Python. */

export const NODE_STANDARD = `import { createHmac, timingSafeEqual } from "node:crypto";

// Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature: v1,<base64>
export function verifyPosthaste(secret, headers, rawBody) {
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) throw new Error("stale or missing timestamp");
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(\`\${id}.\${timestamp}.\`).update(rawBody).digest();
  const valid = String(headers["webhook-signature"] ?? "")
    .split(" ")
    .some((entry) => {
      const [version, value] = entry.split(",");
      const given = Buffer.from(value ?? "", "base64");
      return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
    });
  if (!valid) throw new Error("bad signature");
  return JSON.parse(rawBody); // dedupe on event.id: delivery is at least once
}`;

export const NODE_POSTHASTE = `import { createHmac, timingSafeEqual } from "node:crypto";

// posthaste-signature: t=<unix seconds>,v1=<hex>
export function verifyPosthasteSignature(secret, header, rawBody) {
  const parts = Object.fromEntries(String(header).split(",").map((p) => p.split("=", 2)));
  if (Math.abs(Date.now() / 1000 - Number(parts.t)) > 300) throw new Error("stale or missing timestamp");
  const expected = createHmac("sha256", secret).update(\`\${parts.t}.\`).update(rawBody).digest();
  const given = Buffer.from(parts.v1 ?? "", "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Error("bad signature");
  return JSON.parse(rawBody);
}`;

export const PYTHON_STANDARD = `import base64, hashlib, hmac, json, time

# Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature: v1,<base64>
def verify_posthaste(secret: str, headers: dict, raw_body: bytes) -> dict:
    msg_id = headers["webhook-id"]
    timestamp = headers["webhook-timestamp"]
    if abs(time.time() - int(timestamp)) > 300:
        raise ValueError("stale timestamp")
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{msg_id}.{timestamp}.".encode() + raw_body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    for entry in headers.get("webhook-signature", "").split(" "):
        version, _, value = entry.partition(",")
        if version == "v1" and hmac.compare_digest(value, expected):
            return json.loads(raw_body)  # dedupe on event["id"]
    raise ValueError("bad signature")`;

export const PYTHON_POSTHASTE = `import hashlib, hmac, json, time

# posthaste-signature: t=<unix seconds>,v1=<hex>
def verify_posthaste_signature(secret: str, header: str, raw_body: bytes) -> dict:
    parts = dict(p.split("=", 1) for p in header.split(","))
    if abs(time.time() - int(parts["t"])) > 300:
        raise ValueError("stale timestamp")
    signed = f"{parts['t']}.".encode() + raw_body
    expected = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    if not hmac.compare_digest(parts.get("v1", ""), expected):
        raise ValueError("bad signature")
    return json.loads(raw_body)`;
