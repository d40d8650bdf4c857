import { execFileSync } from "node:child_process";
import { createSign } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";
import { emailRow, enqueue, eventsFor, timeline, waitForStatus } from "./support/delivery";
import { addDomain } from "./support/senders";
import { rows } from "./support/db";
import { waitFor } from "./support/wait";

/**
 * SES cannot be reached from here: a local HTTP endpoint speaks SESv2's SendEmail shapes
 * (POST /v2/email/outbound-emails → { MessageId }), and SNS notifications are signed with
 * a certificate made here with openssl, served over https the way SNS serves its signing
 * certificate (the test process trusts that certificate as a CA; nothing else is relaxed).
 */
let server: TestServer;
let aws: http.Server;
let sns: https.Server;
let awsUrl = "";
let snsUrl = "";
const sendRequests: { body: any; auth: string | undefined }[] = [];
let sesRefuse: string | null = null;
let subscribed = 0;
let privateKey = "";
let certUrl = "";
/** GETs per path on the SNS stand-in (and the plain-http one), to show what was never fetched. */
const fetches = new Map<string, number>();
const fetched = (path: string) => fetches.get(path) ?? 0;
const originalCa = https.globalAgent.options.ca;

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sns-cert-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      path.join(dir, "key.pem"),
      "-out",
      path.join(dir, "cert.pem"),
      "-days",
      "1",
      "-subj",
      "/CN=sns.local",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  privateKey = fs.readFileSync(path.join(dir, "key.pem"), "utf8");
  const cert = fs.readFileSync(path.join(dir, "cert.pem"), "utf8");
  https.globalAgent.options.ca = [...tls.rootCertificates, cert];
  const snsHandler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = req.url ?? "/";
    fetches.set(url.split("?")[0], fetched(url.split("?")[0]) + 1);
    if (
      url === "/SimpleNotificationService-test.pem" ||
      url === "/cert-as-text.txt" ||
      url === "/unlisted.pem" ||
      url === "/plain-http.pem"
    )
      return res.end(cert);
    if (url === "/redirecting.pem") {
      res.writeHead(302, { location: `${snsUrl}/SimpleNotificationService-test.pem` });
      return res.end();
    }
    if (url.startsWith("/confirm")) {
      subscribed++;
      return res.end("<ConfirmSubscriptionResponse/>");
    }
    res.writeHead(404).end();
  };
  sns = https.createServer({ key: privateKey, cert }, snsHandler);
  aws = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/v2/email/outbound-emails") {
        const body = JSON.parse(Buffer.concat(chunks).toString());
        sendRequests.push({ body, auth: req.headers.authorization });
        if (sesRefuse) {
          res.writeHead(400, { "content-type": "application/json", "x-amzn-errortype": sesRefuse });
          return res.end(JSON.stringify({ message: "Email address is not verified." }));
        }
        res.writeHead(200, { "content-type": "application/json" });
        // Unique per run: PostgreSQL keeps earlier runs' messages, and events find a message by this id.
        return res.end(JSON.stringify({ MessageId: `0100-ses-${RUN}-${sendRequests.length}` }));
      }
      snsHandler(req, res);
    });
  });
  await new Promise<void>((r) => aws.listen(0, "127.0.0.1", () => r()));
  await new Promise<void>((r) => sns.listen(0, "127.0.0.1", () => r()));
  awsUrl = `http://127.0.0.1:${(aws.address() as { port: number }).port}`;
  snsUrl = `https://127.0.0.1:${(sns.address() as { port: number }).port}`;
  certUrl = `${snsUrl}/SimpleNotificationService-test.pem`;
  server = await startTestServer({
    MAIL_PROVIDER: "ses",
    SES_ENDPOINT: awsUrl,
    AWS_REGION: "eu-west-1",
    AWS_ACCESS_KEY_ID: "AKIDLOCAL",
    AWS_SECRET_ACCESS_KEY: "local-secret",
    SES_CONFIGURATION_SET: "posthaste-events",
    // Both stand-ins match the host pattern, so only the https rule keeps the plain one out.
    SNS_CERT_URL_PATTERN: "^[a-z]+://127\\.0\\.0\\.1:\\d+/",
    SNS_TOPIC_ARNS: `${TOPIC}, arn:aws:sns:eu-west-1:123456789012:second-topic`,
    DISPATCH_IDLE_MS: "100",
  });
});
afterAll(async () => {
  https.globalAgent.options.ca = originalCa;
  await server?.stop();
  aws?.close();
  sns?.close();
});

const TOPIC = "arn:aws:sns:eu-west-1:123456789012:posthaste-events";
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function snsMessage(
  type: "Notification" | "SubscriptionConfirmation",
  message: string,
  version: "1" | "2" = "2",
  extra: Record<string, string> = {},
) {
  // Signed after `extra` applies, so a test can sign any topic or certificate URL it likes.
  const m: Record<string, string> = {
    Type: type,
    MessageId: `sns-${Math.random()}`,
    TopicArn: TOPIC,
    Message: message,
    Timestamp: new Date().toISOString(),
    SignatureVersion: version,
    SigningCertURL: certUrl,
    ...extra,
  };
  const keys =
    type === "Notification"
      ? ["Message", "MessageId", "Timestamp", "TopicArn", "Type"]
      : ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"];
  const signer = createSign(version === "1" ? "RSA-SHA1" : "RSA-SHA256");
  signer.update(keys.map((k) => `${k}\n${m[k]}\n`).join(""));
  m.Signature = signer.sign(privateKey, "base64");
  return m;
}

const post = (body: unknown) =>
  fetch(`${server.url}/api/ses/sns`, {
    method: "POST",
    headers: { "content-type": "text/plain; charset=UTF-8" },
    body: JSON.stringify(body),
  });

async function sesSend(to: string[]) {
  const a = await server.account();
  const domain = await addDomain(a.accountId, `ses-${Date.now()}-${Math.random().toString(36).slice(2, 6)}.example.com`);
  const id = await enqueue(a.accountId, {
    domainId: domain.id,
    from: `Shop <orders@${domain.name}>`,
    to,
    subject: "Order",
    text: "thanks",
    tags: [{ name: "kind", value: "order" }],
  });
  return { ...a, id, domain };
}

describe("SES provider", () => {
  it("sends raw MIME through SESv2 SendEmail and stores SES's MessageId", async () => {
    const { id, domain } = await sesSend(["buyer@example.org"]);
    const row = await waitForStatus(id, ["sent"]);
    expect(row.sesMessageId).toMatch(/^0100-ses-[0-9a-z]+-\d+$/);
    const req = sendRequests.find((r) => Buffer.from(r.body.Content.Raw.Data, "base64").toString().includes(id))!;
    expect(req.auth).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDLOCAL\/\d+\/eu-west-1\/ses\/aws4_request/);
    expect(req.body.FromEmailAddress).toBe(`bounce+${id}@bounces.${domain.name}`);
    expect(req.body.Destination.ToAddresses).toEqual(["buyer@example.org"]);
    expect(req.body.ConfigurationSetName).toBe("posthaste-events");
    expect(req.body.EmailTags).toEqual(
      expect.arrayContaining([
        { Name: "posthaste_email_id", Value: id },
        { Name: "kind", Value: "order" },
      ]),
    );
    const raw = Buffer.from(req.body.Content.Raw.Data, "base64").toString();
    // SES signs with Easy DKIM; we don't add our own signature.
    expect(raw).not.toMatch(/DKIM-Signature/i);
    expect(raw.replace(/\r?\n[ \t]+/g, " ")).toContain(`Message-ID: ${row.messageId}`);
  });

  it("fails the message when SES refuses it for good", async () => {
    sesRefuse = "MessageRejected";
    try {
      const { id } = await sesSend(["buyer@example.org"]);
      const row = await waitForStatus(id, ["failed"]);
      expect(row.error).toMatch(/MessageRejected/);
    } finally {
      sesRefuse = null;
    }
  });
});

describe("SNS event ingest", () => {
  it("confirms a subscription only after its signature checks out", async () => {
    const body = snsMessage("SubscriptionConfirmation", "You have chosen to subscribe", "1", {
      SubscribeURL: `${snsUrl}/confirm?token=t`,
      Token: "t",
    });
    expect((await post({ ...body, Signature: body.Signature.replace(/^./, (c) => (c === "A" ? "B" : "A")) })).status).toBe(403);
    expect(subscribed).toBe(0);
    const res = await post(body);
    expect(res.status).toBe(200);
    expect(subscribed).toBe(1);
  });

  it("applies delivery, bounce and complaint notifications to the message SES named", async () => {
    const { id, apiKey } = await sesSend(["a@example.org", "b@example.org"]);
    const row = await waitForStatus(id, ["sent"]);
    const mail = { messageId: row.sesMessageId, destination: ["a@example.org", "b@example.org"] };
    const delivery = snsMessage(
      "Notification",
      JSON.stringify({ eventType: "Delivery", mail, delivery: { recipients: ["a@example.org"] } }),
    );
    expect((await post(delivery)).status).toBe(200);
    await waitForStatus(id, ["delivered"]);
    const delay = snsMessage(
      "Notification",
      JSON.stringify({
        eventType: "DeliveryDelay",
        mail,
        deliveryDelay: {
          delayType: "MailboxFull",
          delayedRecipients: [{ emailAddress: "b@example.org", diagnosticCode: "452 mailbox full" }],
        },
      }),
    );
    expect((await post(delay)).status).toBe(200);
    const bounce = snsMessage(
      "Notification",
      JSON.stringify({
        eventType: "Bounce",
        mail,
        bounce: {
          bounceType: "Permanent",
          bounceSubType: "General",
          bouncedRecipients: [{ emailAddress: "B@example.org", diagnosticCode: "smtp; 550 5.1.1 no such user" }],
        },
      }),
      "1",
    );
    expect((await post(bounce)).status).toBe(200);
    await waitForStatus(id, ["bounced"]);
    // A late delivery does not move the status back.
    expect((await post(snsMessage("Notification", JSON.stringify({ eventType: "Delivery", mail })))).status).toBe(200);
    expect((await emailRow(id)).status).toBe("bounced");

    expect((await timeline(id)).map((t) => t.type)).toEqual(["queued", "sent", "delivered", "delivery_delayed", "bounced", "delivered"]);
    const events = await eventsFor(id);
    expect(events.map((e) => e.type)).toEqual([
      "email.sent",
      "email.delivered",
      "email.delivery_delayed",
      "email.bounced",
      "email.delivered",
    ]);
    expect(events[3].data).toMatchObject({ recipient: "b@example.org", reason: "smtp; 550 5.1.1 no such user" });
    const list = await server.api("GET", "/v1/suppressions", { key: apiKey });
    expect(list.body.data).toEqual([expect.objectContaining({ address: "b@example.org", reason: "hard_bounce" })]);
  });

  it("matches a bulk copy after the first by its posthaste_email_id tag (each copy has its own SES MessageId)", async () => {
    const { id, apiKey } = await sesSend(["first@example.org", "second@example.org"]);
    await waitForStatus(id, ["sent"]);
    const mail = { messageId: "ses-id-of-the-second-copy", tags: { posthaste_email_id: [id] } };
    const bounce = snsMessage(
      "Notification",
      JSON.stringify({
        eventType: "Bounce",
        mail,
        bounce: {
          bounceType: "Permanent",
          bouncedRecipients: [{ emailAddress: "second@example.org", diagnosticCode: "smtp; 550 5.1.1 no such user" }],
        },
      }),
    );
    expect((await post(bounce)).status).toBe(200);
    await waitForStatus(id, ["bounced"]);
    const list = await server.api("GET", "/v1/suppressions", { key: apiKey });
    expect(list.body.data).toEqual([expect.objectContaining({ address: "second@example.org", reason: "hard_bounce" })]);
    // A tag naming a message that never went out through SES (or no message) changes nothing.
    const { id: other } = await sesSend(["third@example.org"]);
    await waitForStatus(other, ["sent"]);
    const stray = snsMessage(
      "Notification",
      JSON.stringify({
        eventType: "Bounce",
        mail: { messageId: "unknown", tags: { posthaste_email_id: ["not-an-email-id"] } },
        bounce: { bounceType: "Permanent", bouncedRecipients: [{ emailAddress: "third@example.org" }] },
      }),
    );
    expect((await post(stray)).status).toBe(200);
    expect((await emailRow(other)).status).toBe("sent");
  });

  it("records a complaint and suppresses the complainer", async () => {
    const { id, apiKey } = await sesSend(["c@example.org"]);
    const row = await waitForStatus(id, ["sent"]);
    const complaint = snsMessage(
      "Notification",
      JSON.stringify({
        notificationType: "Complaint",
        mail: { messageId: row.sesMessageId },
        complaint: { complaintFeedbackType: "abuse", complainedRecipients: [{ emailAddress: "c@example.org" }] },
      }),
    );
    expect((await post(complaint)).status).toBe(200);
    await waitForStatus(id, ["complained"]);
    const complained = (await eventsFor(id)).find((e) => e.type === "email.complained");
    expect(complained.data).toMatchObject({ recipient: "c@example.org", reason: "abuse" });
    const list = await server.api("GET", "/v1/suppressions", { key: apiKey });
    expect(list.body.data).toEqual([expect.objectContaining({ address: "c@example.org", reason: "complaint" })]);
  });

  it("refuses forged, tampered and foreign-certificate notifications", async () => {
    const { id } = await sesSend(["d@example.org"]);
    const row = await waitForStatus(id, ["sent"]);
    const genuine = snsMessage(
      "Notification",
      JSON.stringify({
        eventType: "Bounce",
        mail: { messageId: row.sesMessageId },
        bounce: { bounceType: "Permanent", bouncedRecipients: [{ emailAddress: "d@example.org" }] },
      }),
    );
    expect((await post({ ...genuine, Message: genuine.Message.replace("d@example.org", "e@example.org") })).status).toBe(403);
    expect((await post({ ...genuine, SigningCertURL: "https://evil.example/cert.pem" })).status).toBe(403);
    expect((await post({ hello: "world" })).status).toBe(403);
    expect((await fetch(`${server.url}/api/ses/sns`, { method: "POST", body: "not json" })).status).toBe(400);
    expect((await emailRow(id)).status).toBe("sent");
    await waitFor(async () => (await emailRow(id)).status === "sent");
  });

  const bounceOf = (sesMessageId: string | null, address: string) =>
    JSON.stringify({
      eventType: "Bounce",
      mail: { messageId: sesMessageId },
      bounce: { bounceType: "Permanent", bouncedRecipients: [{ emailAddress: address, diagnosticCode: "550 no such user" }] },
    });

  async function nothingChanged(id: string, apiKey: string) {
    expect((await emailRow(id)).status).toBe("sent");
    expect((await eventsFor(id)).map((e) => e.type)).toEqual(["email.sent"]);
    expect((await server.api("GET", "/v1/suppressions", { key: apiKey })).body.data).toEqual([]);
  }

  it("ignores a correctly signed notification from a topic that is not listed", async () => {
    const { id, apiKey } = await sesSend(["f@example.org"]);
    const row = await waitForStatus(id, ["sent"]);
    const foreign = snsMessage("Notification", bounceOf(row.sesMessageId, "f@example.org"), "2", {
      TopicArn: "arn:aws:sns:eu-west-1:999999999999:someone-elses",
    });
    expect((await post(foreign)).status).toBe(403);
    await nothingChanged(id, apiKey);
    // A second listed topic is accepted like the first.
    const second = snsMessage("Notification", bounceOf(row.sesMessageId, "f@example.org"), "2", {
      TopicArn: "arn:aws:sns:eu-west-1:123456789012:second-topic",
    });
    expect((await post(second)).status).toBe(200);
    await waitForStatus(id, ["bounced"]);
  });

  it("never suppresses or reports an address the named message was not sent to", async () => {
    const { id, apiKey } = await sesSend(["g@example.org"]);
    const row = await waitForStatus(id, ["sent"]);
    for (const event of [
      bounceOf(row.sesMessageId, "victim@example.net"),
      JSON.stringify({
        eventType: "Complaint",
        mail: { messageId: row.sesMessageId! },
        complaint: { complainedRecipients: [{ emailAddress: "victim@example.net" }] },
      }),
      JSON.stringify({
        eventType: "DeliveryDelay",
        mail: { messageId: row.sesMessageId },
        deliveryDelay: { delayedRecipients: [{ emailAddress: "victim@example.net" }] },
      }),
      JSON.stringify({ eventType: "Delivery", mail: { messageId: row.sesMessageId }, delivery: { recipients: ["victim@example.net"] } }),
    ]) {
      const res = await post(snsMessage("Notification", event));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ applied: false });
    }
    await nothingChanged(id, apiKey);
    expect((await timeline(id)).map((t) => t.type)).toEqual(["queued", "sent"]);
  });

  it("counts cc and bcc recipients as the message's own", async () => {
    const a = await server.account();
    const domain = await addDomain(a.accountId, `ses-cc-${Date.now()}.example.com`);
    const id = await enqueue(a.accountId, {
      domainId: domain.id,
      from: `orders@${domain.name}`,
      to: ["h@example.org"],
      cc: ["Carbon <Copy@example.org>"],
      bcc: ["hidden@example.org"],
      subject: "Order",
      text: "thanks",
    });
    const row = await waitForStatus(id, ["sent"]);
    expect((await post(snsMessage("Notification", bounceOf(row.sesMessageId, "copy@example.org")))).status).toBe(200);
    expect((await post(snsMessage("Notification", bounceOf(row.sesMessageId, "hidden@example.org")))).status).toBe(200);
    await waitForStatus(id, ["bounced"]);
    const list = await server.api("GET", "/v1/suppressions", { key: a.apiKey });
    expect(list.body.data.map((s: { address: string }) => s.address).sort()).toEqual(["copy@example.org", "hidden@example.org"]);
  });

  it("does not fetch anything for a subscription confirmation from an unlisted topic", async () => {
    const before = subscribed;
    const body = snsMessage("SubscriptionConfirmation", "subscribe", "2", {
      TopicArn: "arn:aws:sns:eu-west-1:999999999999:someone-elses",
      SigningCertURL: `${snsUrl}/unlisted.pem`,
      SubscribeURL: `${snsUrl}/confirm?token=u`,
      Token: "u",
    });
    expect((await post(body)).status).toBe(403);
    expect(subscribed).toBe(before);
    expect(fetched("/unlisted.pem")).toBe(0);
  });

  it("refuses certificate URLs that redirect, are not .pem or are not https, and remembers a failed fetch", async () => {
    const { id, apiKey } = await sesSend(["k@example.org"]);
    const row = await waitForStatus(id, ["sent"]);
    const event = bounceOf(row.sesMessageId, "k@example.org");
    for (let i = 0; i < 3; i++) {
      expect((await post(snsMessage("Notification", event, "2", { SigningCertURL: `${snsUrl}/redirecting.pem` }))).status).toBe(403);
    }
    // Fetched once: the failure is cached, so a flood of forged messages costs one request.
    expect(fetched("/redirecting.pem")).toBe(1);
    expect((await post(snsMessage("Notification", event, "2", { SigningCertURL: `${snsUrl}/cert-as-text.txt` }))).status).toBe(403);
    expect(fetched("/cert-as-text.txt")).toBe(0);
    expect((await post(snsMessage("Notification", event, "2", { SigningCertURL: `${awsUrl}/plain-http.pem` }))).status).toBe(403);
    expect(fetched("/plain-http.pem")).toBe(0);
    await nothingChanged(id, apiKey);
  });

  it("drops a signed notification whose Timestamp is outside the freshness window (an hour old, or 10 minutes ahead)", async () => {
    const { id, apiKey } = await sesSend(["old@example.org"]);
    const row = await waitForStatus(id, ["sent"]);
    const event = bounceOf(row.sesMessageId, "old@example.org");
    for (const at of [Date.now() - 3600_000 - 60_000, Date.now() + 10 * 60_000]) {
      const res = await post(snsMessage("Notification", event, "2", { Timestamp: new Date(at).toISOString() }));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ applied: false });
    }
    const stale = snsMessage("SubscriptionConfirmation", "subscribe", "2", {
      SubscribeURL: `${snsUrl}/confirm?token=old`,
      Token: "old",
      Timestamp: new Date(Date.now() - 2 * 3600_000).toISOString(),
    });
    const before = subscribed;
    expect(await (await post(stale)).json()).toEqual({ confirmed: false });
    expect(subscribed).toBe(before);
    await nothingChanged(id, apiKey);
    // Inside the window (59 minutes old) the same event applies.
    const res = await post(snsMessage("Notification", event, "2", { Timestamp: new Date(Date.now() - 59 * 60_000).toISOString() }));
    expect(await res.json()).toEqual({ applied: true });
    await waitForStatus(id, ["bounced"]);
  });

  it("applies a notification once by its MessageId: replays, one after another or at once, change nothing", async () => {
    const { id } = await sesSend(["again@example.org"]);
    const row = await waitForStatus(id, ["sent"]);
    const delay = snsMessage(
      "Notification",
      JSON.stringify({
        eventType: "DeliveryDelay",
        mail: { messageId: row.sesMessageId },
        deliveryDelay: { delayType: "MailboxFull", delayedRecipients: [{ emailAddress: "again@example.org" }] },
      }),
    );
    expect(await (await post(delay)).json()).toEqual({ applied: true });
    expect(await (await post(delay)).json()).toEqual({ applied: false });
    const answers = await Promise.all(Array.from({ length: 4 }, () => post(delay).then((r) => r.json())));
    expect(answers).toEqual(Array(4).fill({ applied: false }));
    const { sql } = await import("drizzle-orm");
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from sns_messages where message_id = ${delay.MessageId}`);
    expect(n).toBe(1);
    expect((await timeline(id)).map((t) => t.type)).toEqual(["queued", "sent", "delivery_delayed"]);
    expect((await eventsFor(id)).map((e) => e.type)).toEqual(["email.sent", "email.delivery_delayed"]);

    // Concurrent first arrivals: exactly one applies.
    const bounce = snsMessage("Notification", bounceOf(row.sesMessageId, "again@example.org"));
    const first = await Promise.all(Array.from({ length: 4 }, () => post(bounce).then((r) => r.json())));
    expect(first.filter((a) => a.applied)).toHaveLength(1);
    await waitForStatus(id, ["bounced"]);
    expect((await timeline(id)).filter((t) => t.type === "bounced")).toHaveLength(1);
  });

  it("keeps a MessageId while its message is fresh; the retention task drops it after (a replay is stale by then)", async () => {
    const { sql } = await import("drizzle-orm");
    const { retentionTask } = await import("../server/ops/retention");
    const fresh = `sns-fresh-${Math.random()}`;
    const old = `sns-old-${Math.random()}`;
    await rows(sql`insert into sns_messages (message_id, sent_at) values
      (${fresh}, now() - interval '50 minutes'), (${old}, now() - interval '66 minutes')`);
    await retentionTask.runOnce(new AbortController().signal);
    const left = await rows<{ message_id: string }>(sql`select message_id from sns_messages where message_id in (${fresh}, ${old})`);
    expect(left.map((r) => r.message_id)).toEqual([fresh]);
  });
});
