import { expect, test } from "@playwright/test";

/**
 * The surface only a built app shows: Next serves the dashboard, /docs and the App Router
 * routes behind `npm start`'s node:http server.
 */
const SECURITY_HEADERS = {
  "content-security-policy": "frame-ancestors 'none'",
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
};

test("dashboard and docs pages forbid framing and sniffing and set a referrer policy", async ({ request }) => {
  for (const path of [
    "/",
    "/sign-in",
    "/sign-up",
    "/emails",
    "/docs",
    "/docs/errors/not_found",
    "/docs/api",
    "/docs/webhooks",
    "/no-such-page",
  ]) {
    const res = await request.get(path, { maxRedirects: 0, headers: { accept: "text/html" } });
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers()[name], `${path} ${name}`).toBe(value);
  }
});

test("/v1 JSON carries nosniff", async ({ request }) => {
  const res = await request.get("/v1/api-keys");
  expect(res.status()).toBe(401);
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
});

test("/api/trpc refuses a body over MAX_BODY_BYTES with 413 and still serves small ones", async ({ request }) => {
  const big = await request.post("/api/trpc/apiKeys.create", {
    headers: { "content-type": "application/json" },
    data: Buffer.alloc(10 * 1024 * 1024 + 1, 120),
  });
  expect(big.status()).toBe(413);
  expect((await big.json()).error.type).toBe("validation_error");
  const small = await request.post("/api/trpc/apiKeys.create", { headers: { "content-type": "application/json" }, data: { name: "x" } });
  // No session: tRPC itself answers, so the body reached it.
  expect(small.status()).toBe(401);
  expect(await small.text()).toMatch(/UNAUTHORIZED/);
});

test("/api/inngest does not exist with the embedded driver", async ({ request }) => {
  for (const method of ["GET", "POST", "PUT"]) {
    const res = await request.fetch("/api/inngest", { method, data: method === "GET" ? undefined : "{}" });
    expect(res.status(), method).toBe(404);
    expect((await res.json()).error.type).toBe("not_found");
  }
});
