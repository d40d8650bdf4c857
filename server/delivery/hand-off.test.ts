import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countOpenRequest, openRequests } from "../lib/api-load";
import { API_BUSY_REQUESTS, handOffLimit, inHandOffSlot } from "./hand-off";

// Real requests held open by a real server: the count the dispatcher reads.
let server: http.Server;
let port: number;
const held: http.ServerResponse[] = [];
beforeAll(async () => {
  server = http.createServer((_req, res) => {
    countOpenRequest(res);
    held.push(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function holdRequests(n: number): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  for (let i = 0; i < n; i++) http.get({ port, host: "127.0.0.1", agent }).on("error", () => {});
  await waitUntil(() => openRequests() >= n);
}
async function answerAll(): Promise<void> {
  for (const res of held.splice(0)) res.end("ok");
  await waitUntil(() => openRequests() === 0);
}
async function waitUntil(done: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(done()).toBe(true);
}

describe("hand-off slots give the API the CPU first", () => {
  it("counts a request open until its response ends", async () => {
    expect(openRequests()).toBe(0);
    await holdRequests(2);
    expect(openRequests()).toBe(2);
    await answerAll();
  });

  it(`keeps to a quarter of the slots while ${API_BUSY_REQUESTS} requests are open, and fills them all again after`, async () => {
    const limit = 16;
    let running = 0;
    let most = 0;
    let finished = 0;
    const gates: (() => void)[] = [];
    const work = () =>
      inHandOffSlot(limit, async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running--;
        finished++;
      });

    await holdRequests(API_BUSY_REQUESTS);
    expect(handOffLimit(limit)).toBe(4);
    expect(handOffLimit(3)).toBe(1); // never below one slot
    const all = Array.from({ length: 40 }, work);
    await waitUntil(() => running === 4);
    // Each one finished lets exactly one more in: never above the busy limit.
    for (let i = 0; i < 8; i++) {
      gates.shift()?.();
      await waitUntil(() => finished === i + 1 && running === 4);
    }
    expect(most).toBe(4);

    // The API goes quiet: the next slot given back lets the waiters fill every slot.
    await answerAll();
    expect(handOffLimit(limit)).toBe(limit);
    gates.shift()?.();
    await waitUntil(() => running === limit);
    while (finished < 40) {
      gates.shift()?.();
      await new Promise((r) => setTimeout(r, 1));
    }
    await Promise.all(all);
    expect(most).toBe(limit);
  });
});
