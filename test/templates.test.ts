import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";
import { sender } from "./support/senders";
import { emailContent, emailRow, eventsFor, sinkCopies, waitForStatus } from "./support/delivery";
import { sendableVersion } from "../server/templates/versions";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const RECEIPT = {
  name: "Receipt",
  subject: "Order {{{ORDER}}} for {{{NAME}}}",
  html: "<p>Hi {{{NAME}}}, order {{{ORDER}}} ({{{COUNT}}} items).</p>",
  text: "Hi {{{NAME}}}, order {{{ORDER}}}",
  variables: [
    { key: "NAME", type: "string", fallback_value: "there" },
    { key: "ORDER", type: "string" },
    { key: "COUNT", type: "number", fallback_value: 1 },
  ],
};

async function published(key: string, body: Record<string, unknown> = {}) {
  const created = await server.api("POST", "/v1/templates", { key, body: { ...RECEIPT, ...body } });
  expect(created.status).toBe(201);
  expect((await server.api("POST", `/v1/templates/${created.body.id}/publish`, { key })).status).toBe(200);
  return created.body.id as string;
}

describe("templates API", () => {
  it("creates, gets by id and alias, lists, updates into a draft, publishes, duplicates and deletes", async () => {
    const { apiKey: key } = await server.account();
    const created = await server.api("POST", "/v1/templates", { key, body: { ...RECEIPT, alias: "receipt" } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ object: "template", id: expect.any(String) });
    const id = created.body.id;

    const got = await server.api("GET", `/v1/templates/${id}`, { key });
    expect(got.body).toMatchObject({
      object: "template",
      id,
      name: "Receipt",
      alias: "receipt",
      status: "draft",
      published_at: null,
      has_unpublished_versions: false,
      current_version_id: null,
      reply_to: null,
      from: null,
      variables: [
        { key: "NAME", type: "string", fallback_value: "there" },
        { key: "ORDER", type: "string", fallback_value: null },
        { key: "COUNT", type: "number", fallback_value: 1 },
      ],
    });
    expect((await server.api("GET", "/v1/templates/receipt", { key })).body.id).toBe(id);

    expect((await server.api("POST", `/v1/templates/${id}/publish`, { key })).body).toEqual({ object: "template", id });
    const live = (await server.api("GET", `/v1/templates/${id}`, { key })).body;
    expect(live).toMatchObject({ status: "published", has_unpublished_versions: false, current_version_id: expect.any(String) });
    expect(Date.parse(live.published_at)).toBeGreaterThan(0);

    // Editing a published template leaves the published version in place.
    expect((await server.api("PATCH", `/v1/templates/receipt`, { key, body: { subject: "New {{{ORDER}}}" } })).status).toBe(200);
    const edited = (await server.api("GET", `/v1/templates/${id}`, { key })).body;
    expect(edited).toMatchObject({
      status: "published",
      subject: "New {{{ORDER}}}",
      has_unpublished_versions: true,
      current_version_id: live.current_version_id,
    });

    const copy = await server.api("POST", `/v1/templates/${id}/duplicate`, { key });
    expect(copy.status).toBe(200);
    expect((await server.api("GET", `/v1/templates/${copy.body.id}`, { key })).body).toMatchObject({
      name: "Receipt (copy)",
      alias: null,
      status: "draft",
      subject: "New {{{ORDER}}}",
    });

    const page1 = await server.api("GET", "/v1/templates?limit=1", { key });
    expect(page1.body).toMatchObject({ object: "list", hasMore: true, has_more: true, data: [{ id: copy.body.id }] });
    const page2 = await server.api("GET", `/v1/templates?limit=1&cursor=${page1.body.nextCursor}`, { key });
    expect(page2.body).toMatchObject({ hasMore: false, nextCursor: null, data: [{ id }] });
    expect((await server.api("GET", `/v1/templates?after=${copy.body.id}`, { key })).body.data.map((t: any) => t.id)).toEqual([id]);

    expect((await server.api("DELETE", `/v1/templates/${copy.body.id}`, { key })).body).toEqual({
      object: "template",
      id: copy.body.id,
      deleted: true,
    });
    expect((await server.api("GET", `/v1/templates/${copy.body.id}`, { key })).status).toBe(404);
  });

  it("refuses undeclared placeholders, reserved and malformed keys, and a taken alias", async () => {
    const { apiKey: key } = await server.account();
    const undeclared = await server.api("POST", "/v1/templates", { key, body: { name: "x", html: "<p>{{{WHO}}}</p>" } });
    expect(undeclared.status).toBe(422);
    expect(undeclared.body.error.message).toMatch(/\{\{\{WHO\}\}\} is not a declared variable/);
    const reserved = await server.api("POST", "/v1/templates", {
      key,
      body: { name: "x", html: "x", variables: [{ key: "EMAIL", type: "string" }] },
    });
    expect(reserved.status).toBe(422);
    expect(reserved.body.error.message).toMatch(/EMAIL is a reserved name/);
    const malformed = await server.api("POST", "/v1/templates", {
      key,
      body: { name: "x", html: "x", variables: [{ key: "a-b", type: "string" }] },
    });
    expect(malformed.status).toBe(422);
    const tooMany = Array.from({ length: 51 }, (_, i) => ({ key: `V${i}`, type: "string" }));
    expect((await server.api("POST", "/v1/templates", { key, body: { name: "x", html: "x", variables: tooMany } })).status).toBe(400);
    expect((await server.api("POST", "/v1/templates", { key, body: { name: "x" } })).status).toBe(400);

    const first = await server.api("POST", "/v1/templates", { key, body: { name: "a", html: "x", alias: "same" } });
    expect(first.status).toBe(201);
    expect((await server.api("POST", "/v1/templates", { key, body: { name: "b", html: "x", alias: "same" } })).status).toBe(409);
    // Updating in a placeholder that is not declared is refused too.
    const patched = await server.api("PATCH", `/v1/templates/${first.body.id}`, { key, body: { html: "{{{NOPE}}}" } });
    expect(patched.status).toBe(422);
    expect(patched.body.error.message).toMatch(/NOPE/);
    // Another account sees none of it; its alias is free there.
    const other = await server.account();
    expect((await server.api("GET", `/v1/templates/${first.body.id}`, { key: other.apiKey })).status).toBe(404);
    expect((await server.api("GET", "/v1/templates/same", { key: other.apiKey })).status).toBe(404);
    expect((await server.api("POST", "/v1/templates", { key: other.apiKey, body: { name: "c", html: "x", alias: "same" } })).status).toBe(
      201,
    );
  });
});

describe("sending with a template", () => {
  it("renders once at accept: escaped html, verbatim subject and text, fallbacks; records template_id", async () => {
    const s = await sender(server);
    const id = await published(s.apiKey, { from: s.from });
    const sent = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: { to: "ann@example.com", template: { id, variables: { NAME: "<script>x</script>", ORDER: "A&1" } } },
    });
    expect(sent.status).toBe(200);
    const row = await emailContent(sent.body.id);
    expect(row.subject).toBe("Order A&1 for <script>x</script>");
    expect(row.html).toBe("<p>Hi &lt;script&gt;x&lt;/script&gt;, order A&amp;1 (1 items).</p>");
    expect(row.text).toBe("Hi <script>x</script>, order A&1");
    // What the row stores: the version and the resolved values, fallbacks applied.
    const stored = await emailRow(sent.body.id);
    expect([stored.html, stored.text]).toEqual([null, null]);
    expect(stored.templateVariables).toEqual({ NAME: "<script>x</script>", ORDER: "A&1", COUNT: "1" });
    expect(row.from).toBe(s.from);
    expect(row.templateId).toBe(id);
    const email = await server.api("GET", `/v1/emails/${sent.body.id}`, { key: s.apiKey });
    expect(email.body).toMatchObject({ template_id: id, template_version_id: expect.any(String) });

    await waitForStatus(sent.body.id, ["sent", "delivered"]);
    const [copy] = await sinkCopies(sent.body.id);
    expect(copy.raw).toContain("Hi &lt;script&gt;x&lt;/script&gt;, order A&amp;1 (1 items).");
    expect(copy.raw).toContain("Hi <script>x</script>, order A&1");
    const events = await eventsFor(sent.body.id);
    expect(events.length).toBeGreaterThan(0);
    expect(events[0].data.template_id).toBe(id);
  });

  it("takes the request's from and subject over the template's, by alias; a draft edit does not send", async () => {
    const s = await sender(server, { dkim: false });
    const id = await published(s.apiKey, { alias: "welcome", from: "Other <x@elsewhere.example>" });
    await server.api("PATCH", `/v1/templates/${id}`, { key: s.apiKey, body: { html: "<p>draft {{{ORDER}}}</p>" } });
    const sent = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: { from: s.from, subject: "Mine", to: "ann@example.com", template: { id: "welcome", variables: { ORDER: "7" } } },
    });
    expect(sent.status).toBe(200);
    const row = await emailContent(sent.body.id);
    expect(row.subject).toBe("Mine");
    expect(row.from).toBe(s.from);
    expect(row.html).toBe("<p>Hi there, order 7 (1 items).</p>");
  });

  it("sends a newly published version at once; earlier messages keep theirs, also once the template is deleted", async () => {
    const s = await sender(server);
    const id = await published(s.apiKey, { from: s.from, alias: "versioned" });
    const send = () =>
      server.api("POST", "/v1/emails", {
        key: s.apiKey,
        body: { to: "ann@example.com", template: { id: "versioned", variables: { ORDER: "9" } } },
      });
    const first = await send();
    expect(first.status).toBe(200);
    await server.api("PATCH", `/v1/templates/${id}`, { key: s.apiKey, body: { html: "<p>v2 {{{ORDER}}}</p>" } });
    await server.api("POST", `/v1/templates/${id}/publish`, { key: s.apiKey });
    const second = await send();
    expect(second.status).toBe(200);
    expect((await emailContent(second.body.id)).html).toBe("<p>v2 9</p>");
    expect((await emailContent(first.body.id)).html).toBe("<p>Hi there, order 9 (1 items).</p>");

    expect((await server.api("DELETE", `/v1/templates/${id}`, { key: s.apiKey })).status).toBe(200);
    // A deleted template refuses at once, by id and by alias (its version is still cached).
    for (const ref of [id, "versioned"]) {
      const after = await server.api("POST", "/v1/emails", { key: s.apiKey, body: { to: "ann@example.com", template: { id: ref } } });
      expect(after.status).toBe(404);
    }
    // What it sent still renders and leaves as it was accepted.
    expect((await emailContent(first.body.id)).html).toBe("<p>Hi there, order 9 (1 items).</p>");
    await waitForStatus(second.body.id, ["sent", "delivered"]);
    expect((await sinkCopies(second.body.id))[0].raw).toContain("<p>v2 9</p>");
    // The per-process cache of versions answers only their own account.
    const versionId = (await emailRow(second.body.id)).templateVersionId!;
    expect(await sendableVersion(s.accountId, versionId)).not.toBeNull();
    const other = await server.account();
    expect(await sendableVersion(other.accountId, versionId)).toBeNull();
  });

  it("refuses html or text beside a template, a missing variable, a draft, and another account's template", async () => {
    const s = await sender(server, { dkim: false });
    const id = await published(s.apiKey, { from: s.from, alias: "mine" });
    const send = (body: Record<string, unknown>, key = s.apiKey) =>
      server.api("POST", "/v1/emails", { key, body: { to: "ann@example.com", ...body } });

    const both = await send({ html: "<p>x</p>", template: { id, variables: { ORDER: "1" } } });
    expect(both.status).toBe(400);
    expect(both.body.error.message).toMatch(/template: cannot be combined with html/);
    const missing = await send({ template: { id } });
    expect(missing.status).toBe(422);
    expect(missing.body.error.message).toMatch(/ORDER: missing/);
    const wrongType = await send({ template: { id, variables: { ORDER: "1", COUNT: "two" } } });
    expect(wrongType.status).toBe(422);

    const draft = await server.api("POST", "/v1/templates", {
      key: s.apiKey,
      body: { name: "Unpublished", html: "x", from: s.from, subject: "s" },
    });
    const fromDraft = await send({ template: { id: draft.body.id } });
    expect(fromDraft.status).toBe(422);
    expect(fromDraft.body.error.message).toMatch(/\("Unpublished"\) is a draft/);

    const other = await sender(server, { dkim: false });
    expect((await send({ from: other.from, subject: "s", template: { id, variables: { ORDER: "1" } } }, other.apiKey)).status).toBe(404);
    expect((await send({ from: other.from, subject: "s", template: { id: "mine", variables: { ORDER: "1" } } }, other.apiKey)).status).toBe(
      404,
    );
  });

  it("a batch of 100 entries with one template: each rendered with its own values", async () => {
    const s = await sender(server, { dkim: false });
    const id = await published(s.apiKey, { from: s.from });
    const emails = Array.from({ length: 100 }, (_, i) => ({ to: `r${i}@example.com`, template: { id, variables: { ORDER: String(i) } } }));
    emails[5] = { to: "x@example.com", template: { id, variables: {} as { ORDER: string } } };
    const batch = await server.api("POST", "/v1/emails/batch", { key: s.apiKey, body: emails });
    expect(batch.status).toBe(200);
    expect(batch.body.summary).toEqual({ total: 100, succeeded: 99, failed: 1 });
    expect(batch.body.data[5].error.message).toMatch(/ORDER: missing/);
    expect((await emailRow(batch.body.data[42].id)).subject).toBe("Order 42 for there");
    // Strict (Resend's SDK default): the first refused entry is the answer, with its own status.
    const strict = await server.api("POST", "/v1/emails/batch", {
      key: s.apiKey,
      body: [{ to: "a@example.com", template: { id: "no-such-alias" } }],
      headers: { "x-batch-validation": "strict" },
    });
    expect(strict.status).toBe(404);
    expect(strict.body.error.message).toMatch(/^emails\[0\]: Template no-such-alias not found/);
  });
});

describe("the dashboard's template procedures", () => {
  it("lists versions newest first and sends a test of the working copy to the owner's address", async () => {
    const { dashboardCaller } = await import("./support/dashboard-caller");
    const a = await server.account();
    const caller = await dashboardCaller(a.accountId);
    const { id } = await caller.templates.create({
      name: "Dash",
      html: "<p>v1 {{{NAME}}}</p>",
      variables: [{ key: "NAME", type: "string", fallback_value: "you" }],
    });
    await caller.templates.publish({ id });
    await caller.templates.update({ id, html: "<p>v2 {{{NAME}}}</p>" });
    await caller.templates.publish({ id });
    const versions = await caller.templates.versions({ id });
    expect(versions.map((v) => [v.number, v.html])).toEqual([
      [2, "<p>v2 {{{NAME}}}</p>"],
      [1, "<p>v1 {{{NAME}}}</p>"],
    ]);
    // A draft edit is what the test sends; the sandbox sender keeps it to the owner.
    await caller.templates.update({ id, html: "<p>draft {{{NAME}}}</p>" });
    const sent = await caller.templates.sendTest({ id, variables: { NAME: "<b>Ann</b>" } });
    const row = await emailRow(sent.id);
    expect(row.to).toEqual([a.email]);
    expect(row.subject).toBe("[Test] Dash");
    expect(row.html).toBe("<p>draft &lt;b&gt;Ann&lt;/b&gt;</p>");
    // Another account's caller finds nothing.
    const b = await server.account();
    await expect((await dashboardCaller(b.accountId)).templates.versions({ id })).rejects.toMatchObject({ message: "Template not found" });
  });
});
