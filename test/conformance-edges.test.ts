import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/harness";
import { sender } from "./support/senders";

// Edges of the Emails endpoints found by reading the spec against the code: text the
// database cannot store, crafted cursors, scheduledAt corner cases, search length in
// characters, newest-first order inside one millisecond, idempotency keys in a batch
// and on a repeat the send checks would now refuse, and the statuses the OpenAPI
// document lists.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

function expectValidation(res: { status: number; body: any }, status = 400) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error.type).toBe("validation_error");
}

describe("text PostgreSQL cannot store is a validation_error, never a 500", () => {
  it.each([
    ["a NUL in the subject", { subject: "a\u0000b" }, "subject"],
    ["a lone surrogate in the subject", { subject: "a\ud800b" }, "subject"],
    ["a NUL in a tag value", { tags: [{ name: "k", value: "\u0000" }] }, "tags[0].value"],
    ["a NUL in the idempotency key", { idempotency_key: "k\u0000" }, "idempotency_key"],
    ["a lone low surrogate in html", { html: "<p>\udc00</p>" }, "html"],
  ])("%s", async (_name, extra, field) => {
    const s = await sender(server);
    const res = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: { from: s.from, to: "a@example.org", subject: "s", text: "t", ...extra },
    });
    expectValidation(res);
    expect(res.body.error.message).toContain(field);
  });

  it("a batch entry with a NUL is that entry's error; the others are stored", async () => {
    const s = await sender(server);
    const res = await server.api("POST", "/v1/emails/batch", {
      key: s.apiKey,
      body: [
        { from: s.from, to: "a@example.org", subject: "ok", text: "t" },
        { from: s.from, to: "b@example.org", subject: "bad\u0000", text: "t" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.summary).toEqual({ total: 2, succeeded: 1, failed: 1 });
    expect(res.body.data[1].error.type).toBe("validation_error");
    expect(res.body.data[1].error.message).toContain("subject");
  });

  it("other endpoints too: a suppression body, a list search, a path parameter", async () => {
    const s = await sender(server);
    expectValidation(await server.api("POST", "/v1/suppressions", { key: s.apiKey, body: { email: "x\u0000@example.org" } }));
    const search = await server.api("GET", `/v1/emails?search=${encodeURIComponent("a\u0000b")}`, { key: s.apiKey });
    expectValidation(search);
    expect(search.body.error.message).toContain("search");
    for (const address of [encodeURIComponent("x\u0000@example.org"), "x%E0%A4%A@example.org"]) {
      const del = await server.api("DELETE", `/v1/suppressions/${address}`, { key: s.apiKey });
      expect(del.status, JSON.stringify(del.body)).toBe(404);
      expect(del.body.error.type).toBe("not_found");
    }
  });
});

describe("list cursors", () => {
  it("a cursor with a position past bigint's range is a 400, not a 500", async () => {
    const s = await sender(server);
    const cursor = Buffer.from(JSON.stringify({ k: "t", us: "99999999999999999999", id: "01a202ea-0e31-7216-ae4a-49c08d235b71" })).toString(
      "base64url",
    );
    expectValidation(await server.api("GET", `/v1/emails?cursor=${cursor}`, { key: s.apiKey }));
  });
});

describe("scheduledAt corner cases", () => {
  it("a negative Unix ms is a past time: sent now, not rejected", async () => {
    const s = await sender(server);
    for (const scheduledAt of [-1000, "-1000"]) {
      const res = await server.api("POST", "/v1/emails", {
        key: s.apiKey,
        body: { from: s.from, to: "a@example.org", subject: "s", text: "t", scheduledAt },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await server.api("GET", `/v1/emails/${res.body.id}`, { key: s.apiKey })).body.scheduledAt).toBeNull();
    }
  });

  it("a day that does not exist (30 February) is a 400, not another day", async () => {
    const s = await sender(server);
    expectValidation(
      await server.api("POST", "/v1/emails", {
        key: s.apiKey,
        body: { from: s.from, to: "a@example.org", subject: "s", text: "t", scheduledAt: "2030-02-30T10:00:00Z" },
      }),
    );
    const leap = await server.api("POST", "/v1/emails", {
      key: s.apiKey,
      body: { from: s.from, to: "a@example.org", subject: "s", text: "t", scheduledAt: "2028-02-29T10:00:00Z" },
    });
    expect(leap.status).toBe(200);
    expect((await server.api("GET", `/v1/emails/${leap.body.id}`, { key: s.apiKey })).body.scheduledAt).toBe(
      Date.parse("2028-02-29T10:00:00Z"),
    );
  });
});

describe("search length", () => {
  it("counts characters, not UTF-16 units: 512 emoji pass, 513 do not", async () => {
    const s = await sender(server);
    const ok = await server.api("GET", `/v1/emails?search=${encodeURIComponent("😀".repeat(512))}`, { key: s.apiKey });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expectValidation(await server.api("GET", `/v1/emails?search=${encodeURIComponent("😀".repeat(513))}`, { key: s.apiKey }));
  });
});

describe("newest first inside one millisecond", () => {
  it("a batch's entries list last entry first", async () => {
    const s = await sender(server);
    const res = await server.api("POST", "/v1/emails/batch", {
      key: s.apiKey,
      body: Array.from({ length: 20 }, (_, i) => ({ from: s.from, to: `o${i}@example.org`, subject: `order ${i}`, text: "t" })),
    });
    expect(res.status).toBe(200);
    const ids: string[] = res.body.data.map((e: { id: string }) => e.id);
    const list = await server.api("GET", "/v1/emails?limit=20", { key: s.apiKey });
    expect(list.body.data.map((e: { id: string }) => e.id)).toEqual([...ids].reverse());
  });
});

describe("idempotency keys", () => {
  it("in a batch, a key whose first entry is refused is stored by the next entry with it", async () => {
    const s = await sender(server);
    await server.api("POST", "/v1/suppressions", { key: s.apiKey, body: { email: "blocked@example.org" } });
    const key = `dup-${Date.now()}`;
    const res = await server.api("POST", "/v1/emails/batch", {
      key: s.apiKey,
      body: [
        { from: s.from, to: "blocked@example.org", subject: "first", text: "t", idempotency_key: key },
        { from: s.from, to: "fine@example.org", subject: "second", text: "t", idempotency_key: key },
        { from: s.from, to: "fine@example.org", subject: "third", text: "t", idempotency_key: key },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data[0].error.type).toBe("suppressed_recipient");
    expect(res.body.data[2]).toEqual(res.body.data[1]);
    const got = await server.api("GET", `/v1/emails/${res.body.data[1].id}`, { key: s.apiKey });
    expect(got.status).toBe(200);
    expect(got.body.subject).toBe("second");
  });

  it("a repeat returns the original id even when the send would now be refused", async () => {
    const s = await sender(server);
    const body = { from: s.from, to: "a@example.org", subject: "s", text: "t" };
    const first = await server.api("POST", "/v1/emails", { key: s.apiKey, body, headers: { "idempotency-key": "repeat-1" } });
    expect(first.status).toBe(200);
    const batchFirst = await server.api("POST", "/v1/emails/batch", { key: s.apiKey, body: [{ ...body, idempotency_key: "repeat-2" }] });
    expect(batchFirst.body.data[0].id).toBeTruthy();
    expect((await server.api("DELETE", `/v1/domains/${s.domainId}`, { key: s.apiKey })).status).toBe(200);

    const again = await server.api("POST", "/v1/emails", { key: s.apiKey, body, headers: { "idempotency-key": "repeat-1" } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const batchAgain = await server.api("POST", "/v1/emails/batch", {
      key: s.apiKey,
      body: [{ ...body, idempotency_key: "repeat-2" }, body],
    });
    expect(batchAgain.body.data[0]).toEqual(batchFirst.body.data[0]);
    expect(batchAgain.body.data[1].error.type).toBe("domain_error");
    // A new key still meets the rules.
    const fresh = await server.api("POST", "/v1/emails", { key: s.apiKey, body, headers: { "idempotency-key": "repeat-3" } });
    expect(fresh.status).toBe(403);
    expect(fresh.body.error.type).toBe("domain_error");
  });
});

describe("the OpenAPI document", () => {
  it("lists every status the spec gives each email endpoint, with the error envelope", async () => {
    const doc = (await server.api("GET", "/v1/openapi.json")).body;
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path][method].responses);
    for (const s of ["200", "400", "401", "403", "413", "422", "429"]) {
      expect(statuses("/v1/emails", "post")).toContain(s);
      expect(statuses("/v1/emails/batch", "post")).toContain(s);
    }
    expect(statuses("/v1/emails/{id}", "delete")).toEqual(expect.arrayContaining(["200", "404", "409"]));
    expect(doc.paths["/v1/emails"].post.responses["429"].headers["Retry-After"]).toBeTruthy();
    expect(doc.paths["/v1/emails"].post.responses["413"].content["application/json"].schema.$ref).toBe(
      "#/components/schemas/ErrorEnvelope",
    );
    const batchItems = doc.paths["/v1/emails/batch"].post.requestBody.content["application/json"].schema.items;
    expect(batchItems.$ref).toBe("#/components/schemas/SendRequest");
    expect(Object.keys(doc.components.schemas.SendRequest.properties)).toEqual(
      expect.arrayContaining(["from", "to", "subject", "scheduledAt"]),
    );
  });
});
