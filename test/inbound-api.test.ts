import { Resend } from "resend";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";
import { dashboardCaller } from "./support/dashboard-caller";
import { sql } from "./support/db";
import { seedInbound } from "./support/inbound-rows";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const PDF = Buffer.from("%PDF-1.4 not really a pdf");
const PAGE = Buffer.from("<script>alert(1)</script>");

/** The path and query of a download link (the server's APP_URL may differ from the test's URL). */
const pathOf = (url: string) => new URL(url).pathname;

describe("received email API", () => {
  it("lists newest first with cursors, after and before, and no bodies", async () => {
    const { accountId, apiKey: key } = await server.account();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await seedInbound(accountId, { subject: `Message ${i}`, createdAt: new Date(Date.now() - (5 - i) * 1000) })).id);
    }
    const newest = [...ids].reverse();

    const first = await server.api("GET", "/v1/emails/receiving?limit=2", { key });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ object: "list", has_more: true, hasMore: true });
    expect(first.body.data.map((m: { id: string }) => m.id)).toEqual(newest.slice(0, 2));
    expect(first.body.data[0]).not.toHaveProperty("html");
    expect(first.body.data[0]).not.toHaveProperty("text");
    expect(first.body.data[0]).toMatchObject({ object: "email", subject: "Message 4", status: "parsed", attachments: [] });

    const second = await server.api("GET", `/v1/emails/receiving?limit=2&cursor=${first.body.nextCursor}`, { key });
    expect(second.body.data.map((m: { id: string }) => m.id)).toEqual(newest.slice(2, 4));
    const viaAfter = await server.api("GET", `/v1/emails/receiving?limit=2&after=${newest[1]}`, { key });
    expect(viaAfter.body.data.map((m: { id: string }) => m.id)).toEqual(newest.slice(2, 4));
    const last = await server.api("GET", `/v1/emails/receiving?limit=2&after=${newest[3]}`, { key });
    expect(last.body).toMatchObject({ has_more: false, nextCursor: null });
    expect(last.body.data.map((m: { id: string }) => m.id)).toEqual([newest[4]]);

    const above = await server.api("GET", `/v1/emails/receiving?limit=2&before=${newest[4]}`, { key });
    expect(above.body.data.map((m: { id: string }) => m.id)).toEqual(newest.slice(2, 4));
    expect(above.body.has_more).toBe(true);

    expect((await server.api("GET", "/v1/emails/receiving?limit=0", { key })).status).toBe(400);
    expect((await server.api("GET", "/v1/emails/receiving?limit=1&after=nope", { key })).status).toBe(400);
    expect((await server.api("GET", `/v1/emails/receiving?after=${ids[0]}&before=${ids[1]}`, { key })).status).toBe(400);
  });

  it("retrieves a message with bodies, headers, verdicts, attachments and a raw link; the routes are not /v1/emails/{id}", async () => {
    const { accountId, apiKey: key } = await server.account();
    const { id, attachmentIds } = await seedInbound(accountId, {
      from: "Ada <ada@example.com>",
      subject: "Invoice",
      html: "<p>See attached</p>",
      text: "See attached",
      attachments: [
        { filename: "invoice.pdf", contentType: "application/pdf", content: PDF },
        { filename: 'évil "name"/../x.html', contentType: "text/html; charset=utf-8", content: PAGE },
        { filename: null, contentType: "image/png", content: Buffer.from([137, 80, 78, 71]), disposition: "inline", contentId: "logo@x" },
      ],
    });
    const got = await server.api("GET", `/v1/emails/receiving/${id}`, { key });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      object: "email",
      id,
      from: "Ada <ada@example.com>",
      to: ["support@in.example.com"],
      received_for: ["support@in.example.com"],
      subject: "Invoice",
      html: "<p>See attached</p>",
      text: "See attached",
      cc: [],
      bcc: [],
      reply_to: [],
      message_id: `<${id}@example.com>`,
      headers: { subject: "Invoice" },
      authentication: { spf: "pass", dkim: "fail", dmarc: "none", arc: "none" },
      raw: { download_url: expect.stringMatching(/\/downloads\/[^/]+$/), expires_at: expect.any(String) },
    });
    const expires = Date.parse(got.body.raw.expires_at) - Date.now();
    expect(expires).toBeGreaterThan(3500_000);
    expect(expires).toBeLessThanOrEqual(3600_000);
    expect(got.body.attachments).toEqual([
      {
        id: attachmentIds[0],
        filename: "invoice.pdf",
        content_type: "application/pdf",
        content_disposition: "attachment",
        content_id: null,
        size: PDF.length,
      },
      expect.objectContaining({ id: attachmentIds[1], content_type: "text/html; charset=utf-8" }),
      { id: attachmentIds[2], filename: null, content_type: "image/png", content_disposition: "inline", content_id: "logo@x", size: 4 },
    ]);

    // The email list and get still answer at their own paths.
    expect((await server.api("GET", "/v1/emails", { key })).body).toMatchObject({ data: [] });
    expect((await server.api("GET", `/v1/emails/${id}`, { key })).status).toBe(404);

    const list = await server.api("GET", `/v1/emails/receiving/${id}/attachments`, { key });
    expect(list.body).toMatchObject({ object: "list", has_more: false });
    expect(list.body.data.map((a: { id: string }) => a.id)).toEqual(attachmentIds);
    expect(list.body.data[0]).toMatchObject({
      object: "attachment",
      filename: "invoice.pdf",
      download_url: expect.any(String),
      expires_at: expect.any(String),
    });

    const one = await server.api("GET", `/v1/emails/receiving/${id}/attachments/${attachmentIds[0]}`, { key });
    expect(one.body).toMatchObject({ object: "attachment", id: attachmentIds[0], size: PDF.length });

    // The attachment's bytes, as a download that is never rendered or sniffed.
    const pdf = await fetch(server.url + pathOf(one.body.download_url));
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer())).toEqual(PDF);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="invoice.pdf"; filename*=UTF-8''invoice.pdf`);
    expect(pdf.headers.get("x-content-type-options")).toBe("nosniff");
    expect(pdf.headers.get("cache-control")).toMatch(/^private/);
    expect(pdf.headers.get("content-security-policy")).toContain("sandbox");

    // An active type is served as opaque bytes, under a name that cannot break the header or a path.
    const page = await fetch(server.url + pathOf(list.body.data[1].download_url));
    expect(page.headers.get("content-type")).toBe("application/octet-stream");
    expect(page.headers.get("content-disposition")).toBe(
      `attachment; filename="_vil _name__.._x.html"; filename*=UTF-8''%C3%A9vil%20%22name%22_.._x.html`,
    );

    const raw = await fetch(server.url + pathOf(got.body.raw.download_url));
    expect(raw.status).toBe(200);
    expect(raw.headers.get("content-type")).toBe("message/rfc822");
    expect(raw.headers.get("content-disposition")).toContain(`filename="${id}.eml"`);
    expect(await raw.text()).toContain("Subject: Invoice");
  });

  it("refuses tampered and expired links, and links to deleted mail", async () => {
    const { accountId, apiKey: key } = await server.account();
    const { id, attachmentIds } = await seedInbound(accountId, {
      attachments: [{ filename: "a.txt", contentType: "text/plain", content: Buffer.from("a") }],
    });
    const link = pathOf((await server.api("GET", `/v1/emails/receiving/${id}/attachments/${attachmentIds[0]}`, { key })).body.download_url);
    const [body, signature] = link.slice("/downloads/".length).split(".");

    // Another attachment's id in the payload, the signature kept.
    const payload = JSON.parse(Buffer.from(body, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, x: payload.x + 86400 })).toString("base64url");
    for (const bad of [`/downloads/${forged}.${signature}`, `/downloads/${body}.${signature.slice(1)}x`, "/downloads/nothing"]) {
      const res = await server.api("GET", bad);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        error: { type: "authentication_error", message: "This download link is not valid." },
        statusCode: 403,
      });
    }

    const { downloadLink } = await import("../server/inbound/links");
    const past = downloadLink(
      { kind: "attachment", accountId, inboundId: id, attachmentId: attachmentIds[0] },
      3600,
      Date.now() - 2 * 3600_000,
    );
    const expired = await server.api("GET", pathOf(past.download_url));
    expect(expired.status).toBe(403);
    expect(expired.body.error.message).toMatch(/expired/);
    const fresh = downloadLink({ kind: "attachment", accountId, inboundId: id, attachmentId: attachmentIds[0] }, 2);
    expect((await fetch(server.url + pathOf(fresh.download_url))).status).toBe(200);

    await sql("delete from inbound_emails where id = ?", id);
    const gone = await server.api("GET", link);
    expect(gone.status).toBe(404);
    expect(gone.body.error.type).toBe("not_found");
  });

  it("never reads another account's mail, and needs a full-access key", async () => {
    const a = await server.account();
    const b = await server.account();
    const { id, attachmentIds } = await seedInbound(a.accountId, {
      attachments: [{ filename: "a.txt", contentType: "text/plain", content: Buffer.from("a") }],
    });
    await seedInbound(b.accountId, { subject: "B's own" });

    for (const path of [
      `/v1/emails/receiving/${id}`,
      `/v1/emails/receiving/${id}/attachments`,
      `/v1/emails/receiving/${id}/attachments/${attachmentIds[0]}`,
    ]) {
      const res = await server.api("GET", path, { key: b.apiKey });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: { type: "not_found" }, statusCode: 404, name: "not_found" });
    }
    expect(
      (await server.api("GET", "/v1/emails/receiving", { key: b.apiKey })).body.data.map((m: { subject: string }) => m.subject),
    ).toEqual(["B's own"]);
    expect((await server.api("GET", `/v1/emails/receiving?after=${id}`, { key: b.apiKey })).status).toBe(400);

    // A link signed for account B naming A's message finds nothing.
    const { downloadLink } = await import("../server/inbound/links");
    for (const link of [
      downloadLink({ kind: "raw", accountId: b.accountId, inboundId: id }),
      downloadLink({ kind: "attachment", accountId: b.accountId, inboundId: id, attachmentId: attachmentIds[0] }),
    ]) {
      expect((await server.api("GET", pathOf(link.download_url))).status).toBe(404);
    }

    const send = await server.api("POST", "/v1/api-keys", { key: a.apiKey, body: { name: "sender", scope: "send" } });
    for (const path of ["/v1/emails/receiving", `/v1/emails/receiving/${id}`, `/v1/emails/receiving/${id}/attachments`]) {
      const res = await server.api("GET", path, { key: send.body.key });
      expect(res.status).toBe(403);
      expect(res.body.error.type).toBe("authentication_error");
    }
    expect((await server.api("GET", "/v1/emails/receiving")).status).toBe(401);
    expect((await server.api("GET", "/v1/emails/receiving/unknown-id", { key: a.apiKey })).status).toBe(404);
  });

  it("answers the official resend SDK's receiving calls", async () => {
    const { accountId, apiKey } = await server.account();
    const { id, attachmentIds } = await seedInbound(accountId, {
      subject: "Via the SDK",
      attachments: [{ filename: "notes.txt", contentType: "text/plain", content: Buffer.from("notes") }],
    });
    const resend = new Resend(apiKey, { baseUrl: `${server.url}/v1` });

    const list = await resend.emails.receiving.list({ limit: 10 });
    expect(list.error).toBeNull();
    expect(list.data?.has_more).toBe(false);
    expect(list.data?.data.map((m) => m.id)).toEqual([id]);

    const got = await resend.emails.receiving.get(id);
    expect(got.error).toBeNull();
    expect(got.data).toMatchObject({ object: "email", id, subject: "Via the SDK", received_for: ["support@in.example.com"] });
    expect(got.data?.raw?.download_url).toMatch(/\/downloads\//);
    expect(got.data?.attachments[0]).toMatchObject({ id: attachmentIds[0], filename: "notes.txt", content_type: "text/plain" });

    const attachments = await resend.emails.receiving.attachments.list({ emailId: id });
    expect(attachments.error).toBeNull();
    expect(attachments.data?.data[0]).toMatchObject({ id: attachmentIds[0], size: 5, download_url: expect.any(String) });

    const one = await resend.emails.receiving.attachments.get({ emailId: id, id: attachmentIds[0] });
    expect(one.error).toBeNull();
    const bytes = await fetch(server.url + pathOf(one.data!.download_url));
    expect(await bytes.text()).toBe("notes");

    const missing = await resend.emails.receiving.get("no-such-id");
    expect(missing.error).toMatchObject({ name: "not_found", statusCode: 404 });
  });

  it("serves downloads the same through the App Router carrier", async () => {
    const { accountId, apiKey: key } = await server.account();
    const { id } = await seedInbound(accountId, {
      attachments: [{ filename: "r\u00e9sum\u00e9.pdf", contentType: "application/pdf", content: PDF }],
    });
    const [attachment] = (await server.api("GET", `/v1/emails/receiving/${id}/attachments`, { key })).body.data;
    const route = await import("../app/downloads/[token]/route");
    const viaNext = await route.GET(new Request(`http://localhost${pathOf(attachment.download_url)}`));
    const viaNode = await fetch(server.url + pathOf(attachment.download_url));
    expect(viaNext.status).toBe(200);
    expect(Buffer.from(await viaNext.arrayBuffer())).toEqual(Buffer.from(await viaNode.arrayBuffer()));
    for (const name of ["content-type", "content-disposition", "x-content-type-options", "cache-control", "content-security-policy"]) {
      expect(viaNext.headers.get(name), name).toBe(viaNode.headers.get(name));
    }
    expect(viaNext.headers.get("content-disposition")).toBe(`attachment; filename="r_sum_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`);
    const refused = await route.GET(new Request("http://localhost/downloads/forged.token"));
    expect(refused.status).toBe(403);
  });

  it("searches and counts storage on the dashboard, and goes with the account when it is deleted", async () => {
    const account = await server.account();
    const caller = await dashboardCaller(account.accountId);
    const { id } = await seedInbound(account.accountId, {
      from: "Grace <grace@navy.example>",
      subject: "Compiler question",
      attachments: [{ filename: "a.txt", contentType: "text/plain", content: Buffer.from("12345") }],
    });
    await seedInbound(account.accountId, { from: "ada@example.com", subject: "Engines", to: ["billing@in.example.com"] });

    const bySubject = await caller.dashboard.inbound({ search: "COMPILER", limit: 25 });
    expect(bySubject.data.map((m) => m.id)).toEqual([id]);
    expect((await caller.dashboard.inbound({ search: "navy.example", limit: 25 })).data.map((m) => m.id)).toEqual([id]);
    expect((await caller.dashboard.inbound({ search: "billing@", limit: 25 })).data.map((m) => m.subject)).toEqual(["Engines"]);
    expect((await caller.dashboard.inbound({ search: "%", limit: 25 })).data).toEqual([]);
    const all = await caller.dashboard.inbound({ limit: 1 });
    expect(all.hasMore).toBe(true);
    expect((await caller.dashboard.inbound({ limit: 1, cursor: all.nextCursor! })).data).toHaveLength(1);

    const storage = await caller.dashboard.inboundStorage({});
    const [sizes] = await sql("select sum(size)::int as n from inbound_emails where account_id = ?", account.accountId);
    expect(storage).toEqual({ count: 2, bytes: sizes.n + 5 });

    expect(await caller.account.remove({ confirmation: account.email })).toEqual({ id: account.accountId, deleted: true });
    expect(await sql("select 1 from inbound_emails where account_id = ?", account.accountId)).toEqual([]);
    expect(await sql("select 1 from inbound_attachments where account_id = ?", account.accountId)).toEqual([]);
  });
});
