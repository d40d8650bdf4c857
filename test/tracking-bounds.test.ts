import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconfigure } from "./support/config";
import { startTestServer, type TestServer } from "./support/harness";
import { startDnsServer, type TestDnsServer } from "./support/dns-server";
import { eventsFor, senderViaApi, sendViaApi, sinkCopies, timeline, waitForStatus } from "./support/delivery";
import { waitFor } from "./support/wait";

let server: TestServer;
let dnsServer: TestDnsServer;
const MAX_HITS = 3;

beforeAll(async () => {
  dnsServer = await startDnsServer();
  server = await startTestServer({
    MAIL_PROVIDER: "sink",
    DISPATCH_IDLE_MS: "100",
    DNS_SERVERS: dnsServer.address,
    TRACKING_MAX_HITS: String(MAX_HITS),
    TRACKING_TOKEN_TTL_DAYS: "90",
    // JSON escaping makes a 10 MiB HTML body larger than 10 MiB.
    MAX_BODY_BYTES: String(32 * 1024 * 1024),
    MAX_MESSAGE_BYTES: String(32 * 1024 * 1024),
  });
});
afterAll(async () => {
  await server?.stop();
  await dnsServer?.stop();
});

const sender = () => senderViaApi(server, dnsServer, "trk");

async function renderedHtml(id: string): Promise<string> {
  const [stored] = await sinkCopies(id);
  const PostalMime = (await import("postal-mime")).default;
  return String((await PostalMime.parse(stored.raw)).html);
}

const pathOf = (u: string) => new URL(u.replace(/&amp;/g, "&")).pathname;
const count = async (id: string, type: string) => (await eventsFor(id)).filter((e) => e.type === type).length;

describe("tracking hits are bounded and tokens expire", () => {
  it("records at most TRACKING_MAX_HITS opens per message and clicks per link; more hits still answer", async () => {
    const a = await sender();
    const id = await sendViaApi(server, a.apiKey, {
      from: a.from,
      to: ["reader@example.org"],
      subject: "Links",
      html: `<body><a href="https://one.example/">1</a><a href="https://two.example/">2</a></body>`,
    });
    await waitForStatus(id, ["delivered"]);
    const html = await renderedHtml(id);
    const [one, two] = [...html.matchAll(/href="([^"]*\/t\/c\/[^"]+)"/g)].map((m) => pathOf(m[1]));
    const pixel = pathOf(/src="([^"]*\/t\/o\/[^"]+)"/.exec(html)![1]);

    for (let i = 0; i < MAX_HITS + 4; i++) {
      const img = await fetch(server.url + pixel);
      expect(img.status).toBe(200);
      expect(img.headers.get("content-type")).toBe("image/gif");
      const res = await fetch(server.url + one, { redirect: "manual" });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("https://one.example/");
    }
    // Concurrent replays cannot slip past the bound either.
    await Promise.all(Array.from({ length: 8 }, () => fetch(server.url + one, { redirect: "manual" })));
    const second = await fetch(server.url + two, { redirect: "manual" });
    expect(second.headers.get("location")).toBe("https://two.example/");

    await waitFor(async () => (await count(id, "email.clicked")) === MAX_HITS + 1);
    expect(await count(id, "email.opened")).toBe(MAX_HITS);
    const tl = await timeline(id);
    expect(tl.filter((t) => t.type === "opened")).toHaveLength(MAX_HITS);
    expect(tl.filter((t) => t.type === "clicked" && t.detail === "https://one.example/")).toHaveLength(MAX_HITS);
    expect(tl.filter((t) => t.type === "clicked" && t.detail === "https://two.example/")).toHaveLength(1);
  });

  it("an expired click link is refused (410) and records nothing; an expired open records nothing", async () => {
    const a = await sender();
    const id = await sendViaApi(server, a.apiKey, {
      from: a.from,
      to: ["reader@example.org"],
      subject: "Old",
      html: `<a href="https://old.example/">o</a>`,
    });
    await waitForStatus(id, ["delivered"]);
    const { signToken } = await import("../server/delivery/tracking");
    const longAgo = Date.now() - 91 * 86_400_000;
    const oldClick = signToken({ k: "c", e: id, u: "https://old.example/" }, longAgo);
    const oldOpen = signToken({ k: "o", e: id }, longAgo);
    const res = await fetch(`${server.url}/t/c/${oldClick}`, { redirect: "manual" });
    expect(res.status).toBe(410);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.text()).toBe("This link has expired.");
    expect((await fetch(`${server.url}/t/o/${oldOpen}`)).status).toBe(200);
    // Just inside the window it still works: the expiry is the token's, not the message's.
    const recent = signToken({ k: "c", e: id, u: "https://old.example/" }, Date.now() - 89 * 86_400_000);
    expect((await fetch(`${server.url}/t/c/${recent}`, { redirect: "manual" })).status).toBe(302);
    await waitFor(async () => (await count(id, "email.clicked")) === 1);
    expect(await count(id, "email.opened")).toBe(0);
    expect((await timeline(id)).filter((t) => t.type === "clicked")).toHaveLength(1);
  });
});

/** A GET with the Host (and any other) headers a browser or proxy would send. */
function get(path: string, headers: Record<string, string>): Promise<{ status: number; location: string | undefined }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, headers }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      })
      .on("error", reject);
  });
}

describe("click links are no redirector on the dashboard's origin", () => {
  it("with TRACKING_URL, links point at the tracking host; clicks arriving for the dashboard's host are refused; our own hosts are never targets", async () => {
    const a = await sender();
    reconfigure({ APP_URL: "https://app.posthaste.test", TRACKING_URL: "https://links.posthaste.test" });
    try {
      const id = await sendViaApi(server, a.apiKey, {
        from: a.from,
        to: ["reader@example.org"],
        subject: "Hosts",
        html: `<body><a href="https://elsewhere.example/x">out</a><a href="https://APP.posthaste.test/sign-in">in</a><a href="http://links.posthaste.test/t/c/x.y">loop</a></body>`,
        bulk: true,
      });
      await waitForStatus(id, ["delivered"]);
      const html = await renderedHtml(id);
      const tracked = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
      // Only the outside link is rewritten, onto the tracking host; links to our own hosts stay as written.
      expect(tracked[0]).toMatch(/^https:\/\/links\.posthaste\.test\/t\/c\//);
      expect(tracked.slice(1)).toEqual(["https://APP.posthaste.test/sign-in", "http://links.posthaste.test/t/c/x.y"]);
      expect(html).toMatch(/src="https:\/\/links\.posthaste\.test\/t\/o\//);
      const [copy] = await sinkCopies(id);
      expect(copy.raw.replace(/\r?\n[ \t]+/g, " ")).toMatch(/List-Unsubscribe: <https:\/\/links\.posthaste\.test\/unsubscribe\//);

      const click = pathOf(tracked[0]);
      expect(await get(click, { host: "links.posthaste.test" })).toEqual({ status: 302, location: "https://elsewhere.example/x" });
      // The token is the same whatever host is typed before it: on the dashboard's host it is refused.
      expect((await get(click, { host: "app.posthaste.test" })).status).toBe(404);
      expect((await get(click, { host: "APP.posthaste.test:443" })).status).toBe(404);
      expect((await get(click, { host: "127.0.0.1", "x-forwarded-host": "app.posthaste.test" })).status).toBe(404);

      // A token naming one of our own hosts (signed before this rule, say) never redirects.
      const { signToken } = await import("../server/delivery/tracking");
      for (const u of ["https://app.posthaste.test/sign-in", "https://links.posthaste.test/unsubscribe/x"]) {
        expect((await get(`/t/c/${signToken({ k: "c", e: id, u })}`, { host: "links.posthaste.test" })).status).toBe(404);
      }
      // Neither host can be added as a sending domain.
      for (const name of ["links.posthaste.test", "app.posthaste.test"]) {
        const res = await server.api("POST", "/v1/domains", { key: a.apiKey, body: { name } });
        expect(res.status).toBe(403);
      }
    } finally {
      reconfigure({ APP_URL: undefined, TRACKING_URL: undefined });
    }
    // Without a separate tracking host, clicks answer on any host as before.
    const { signToken } = await import("../server/delivery/tracking");
    const token = signToken({ k: "c", e: "0190a0a0-0000-7000-8000-000000000000", u: "https://elsewhere.example/" });
    expect((await get(`/t/c/${token}`, { host: "localhost:3000" })).status).toBe(302);
  });

  it("refuses a TRACKING_URL that is not an origin at start-up", async () => {
    const { loadConfig, ConfigError } = await import("../server/config");
    expect(() => loadConfig({ TRACKING_URL: "https://links.example.net/prefix" })).toThrow(ConfigError);
    expect(loadConfig({ TRACKING_URL: "https://links.example.net/" }).trackingUrl).toBe("https://links.example.net");
    expect(loadConfig({ APP_URL: "https://app.example.net" }).trackingUrl).toBe("https://app.example.net");
  });
});

// Measured alone on PostgreSQL: ~450 ms of dispatch, /api/health never above ~150 ms. The
// embedded database (PGlite) runs on the server's own thread: storing and reading a 10 MiB row
// (and the sink's 14 MiB rendered copy) is synchronous work there, whatever the HTML holds.
// The bounds leave room for a slow 2-core VM running two other test files beside this one
// (3.3 and 3.8 s of dispatch in one CI run on PostgreSQL, where 3 s was the bound; on PGlite
// 12.4 s with the whole suite beside it, /api/health 0.5–1.9 s in ten runs of this test alone);
// the quadratic rewrite this guards against took minutes on the same input.
const LIMITS = process.env.DATABASE_URL ? { dispatchMs: 10_000, healthMs: 2000 } : { dispatchMs: 30_000, healthMs: 5000 };

describe("a pathological HTML body does not stall the process", () => {
  it(
    "10 MiB of unclosed anchors is accepted and sent in seconds (about half a second alone) while /api/health answers",
    { timeout: 120_000 },
    async () => {
      const a = await sender();
      const quoted = `<a href="https://x.test/`;
      const bare = `<a href=https://x.test/ `;
      const half = 5 * 1024 * 1024;
      const html = `<html><body>${quoted.repeat(Math.ceil(half / quoted.length))}${bare.repeat(Math.ceil(half / bare.length))}</body></html>`;

      let slowest = 0;
      let polling = true;
      const poller = (async () => {
        while (polling) {
          const t = performance.now();
          const res = await fetch(`${server.url}/api/health`);
          expect(res.status).toBe(200);
          await res.arrayBuffer();
          slowest = Math.max(slowest, performance.now() - t);
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      try {
        const id = await sendViaApi(server, a.apiKey, { from: a.from, to: ["reader@example.org"], subject: "Big", html });
        // Dispatch time: from the acceptance answer (the row is due at once; dispatch may
        // already be under way) to the hand-off recorded.
        const acceptedAt = Date.now();
        await waitForStatus(id, ["sent", "delivered"], 60_000);
        const sentAt = (await timeline(id)).find((t) => t.type === "sent")!.at.getTime();
        expect(sentAt - acceptedAt).toBeLessThan(LIMITS.dispatchMs);
        expect((await renderedHtml(id)).includes("/t/o/")).toBe(true);
      } finally {
        polling = false;
        await poller;
      }
      expect(slowest).toBeLessThan(LIMITS.healthMs);
    },
  );

  it("records the connection's address, not one the client wrote into X-Forwarded-For", async () => {
    const a = await sender();
    const id = await sendViaApi(server, a.apiKey, { from: a.from, to: ["reader@example.org"], subject: "Where", html: "<p>hi</p>" });
    await waitForStatus(id, ["delivered"]);
    const pixel = pathOf(/src="([^"]*\/t\/o\/[^"]+)"/.exec(await renderedHtml(id))![1]);
    await fetch(server.url + pixel, { headers: { "x-forwarded-for": "203.0.113.9", "user-agent": "probe/1" } });
    await waitFor(async () => (await count(id, "email.opened")) === 1);
    const opened = (await eventsFor(id)).find((e) => e.type === "email.opened");
    expect(opened.data.open).toMatchObject({ ipAddress: "127.0.0.1", userAgent: "probe/1" });
  });
});
