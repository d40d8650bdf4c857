import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/support/harness";
import { emailRow, enqueue, sinkCopies, timeline } from "../../../test/support/delivery";
import { addDomain } from "../../../test/support/senders";
import { waitFor } from "../../../test/support/wait";

let server: TestServer;
// JOBS_DRIVER=inngest: no embedded loops, so only the Inngest function moves the queue.
// Every "could not signal" line from the file's first wake on (earlier tests send mail, and
// a failure already logged is not logged again): the count is then exact, not "at most one".
const signalFailures: string[] = [];
const originalConsoleError = console.error;
beforeAll(async () => {
  console.error = (...args: unknown[]) => {
    const line = args.map(String).join(" ");
    if (line.includes("could not signal")) signalFailures.push(line);
    else originalConsoleError(...args);
  };
  server = await startTestServer({ JOBS_DRIVER: "inngest", MAIL_PROVIDER: "sink" });
});
afterAll(async () => {
  console.error = originalConsoleError;
  await server?.stop();
});

describe("Inngest functions", () => {
  it("registers a function per task with the provider concurrency key and a sweep cron", async () => {
    const { inngestFunctions } = await import("./inngest");
    const ids = inngestFunctions().map((f) => f.id());
    expect(ids).toEqual(expect.arrayContaining(["dispatch", "deliverability-breaker", "webhook-delivery"]));
  });

  it("dispatch drains due mail into the sink with the same outcomes as the embedded driver", async () => {
    const { functionFor } = await import("./inngest");
    const { allTasks } = await import("../task-list");
    const a = await server.account();
    const domain = await addDomain(a.accountId, `inngest-${Date.now()}.example.com`);
    const ok = await enqueue(a.accountId, { domainId: domain.id, from: `n@${domain.name}`, to: ["someone@example.org"], text: "hi" });
    const bounce = await enqueue(a.accountId, {
      domainId: domain.id,
      from: `n@${domain.name}`,
      to: ["bounce@simulator.amazonses.com"],
      text: "hi",
    });
    expect((await emailRow(ok)).status).toBe("queued");

    const fn = functionFor(allTasks().find((t) => t.name === "dispatch")!);
    const engine = new InngestTestEngine({ function: fn, events: [{ name: "posthaste/dispatch.wake", data: { provider: "sink" } }] });
    const { result } = await engine.execute();
    expect(result).toMatchObject({ more: false });
    expect((result as { handled: number }).handled).toBeGreaterThanOrEqual(2);

    expect((await emailRow(ok)).status).toBe("delivered");
    expect((await emailRow(bounce)).status).toBe("bounced");
    expect((await timeline(ok)).map((t) => t.type)).toEqual(["queued", "sent", "delivered"]);
    const [stored] = await sinkCopies(ok);
    expect(stored.raw).toMatch(/DKIM-Signature: [^]*?d=inngest-/);
  });
});

describe("Inngest signalling without an event key", () => {
  it("logs a failing wake once, not on every send", async () => {
    const { wake } = await import("../tasks");
    for (let i = 0; i < 5; i++) wake("dispatch");
    await waitFor(() => signalFailures.length > 0, 5000, "the first signalling failure to be logged");
    await new Promise((r) => setTimeout(r, 1000));
    expect(signalFailures).toHaveLength(1);
  });
});
