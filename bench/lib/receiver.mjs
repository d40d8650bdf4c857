// The webhook receiver of bench/pipeline.mjs, in its own process (forked, IPC): verifies
// every signature with client/webhooks.ts, counts each event id once (and duplicates),
// and notes per email when its last event arrived (email.sent over SMTP).
import http from "node:http";
import { register } from "tsx/esm/api";

register();
const { verifyWebhook } = await import("../../client/webhooks.ts");

const secrets = new Map(); // path → signing secret
const seen = new Set();
const byType = {};
const delivered = new Map(); // email id → arrival of its latest event
let duplicates = 0;
let badSignature = 0;
let lastAt = 0;

const receiver = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const at = Date.now();
    try {
      const event = verifyWebhook({
        secret: secrets.get(req.url),
        rawBody: Buffer.concat(chunks),
        signature: req.headers["posthaste-signature"],
      });
      if (seen.has(event.id)) duplicates++;
      else {
        seen.add(event.id);
        byType[event.type] = (byType[event.type] ?? 0) + 1;
        delivered.set(event.data.email_id, at);
      }
    } catch {
      badSignature++;
    }
    lastAt = at;
    res.writeHead(200, { "content-length": "0" });
    res.end();
  });
});
receiver.keepAliveTimeout = 65_000;

process.on("message", (msg) => {
  if (msg.secrets) for (const [path, secret] of msg.secrets) secrets.set(path, secret);
  if (msg.report) process.send({ unique: seen.size, duplicates, badSignature, byType, lastAt });
  if (msg.times) process.send({ times: msg.times.map((id) => delivered.get(id) ?? null) });
});
receiver.listen(Number(process.env.BENCH_LISTEN_PORT ?? 0), "127.0.0.1", () => process.send({ port: receiver.address().port }));
