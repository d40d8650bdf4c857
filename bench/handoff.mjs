// The relay hand-off alone, a diagnostic: the real SMTP provider (server/delivery/providers/smtp.ts)
// handing pre-rendered 2 KB messages to smtp-server in a child process, 32 in flight over
// SMTP_POOL_SIZE (16) connections, after a warm-up of 3,000. Prints hand-offs per second
// and the CPU per message of this process and of the relay (decision 0050).
//
//   node --import tsx bench/handoff.mjs        (HANDOFFS=20000)
import { fork } from "node:child_process";

if (process.argv[2] === "--relay") {
  const { SMTPServer } = await import("smtp-server");
  const relay = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    maxClients: 512,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => callback(null, "Ok: queued as R1"));
    },
  });
  relay.listen(0, "127.0.0.1", () => process.send({ port: relay.server.address().port }));
  process.on("message", () => {
    const u = process.cpuUsage();
    process.send({ cpu: u.user + u.system });
  });
} else {
  const { smtpProvider } = await import("../server/delivery/providers/smtp.ts");
  const child = fork(new URL(import.meta.url).pathname, ["--relay"], { execArgv: ["--import", "tsx"] });
  const reply = (ask) =>
    new Promise((resolve) => {
      child.once("message", resolve);
      if (ask) child.send({});
    });
  const { port } = await reply(false);
  const provider = smtpProvider(`smtp://127.0.0.1:${port}`);
  const body = "Lorem ipsum dolor sit amet, consectetur adipiscing elit.\r\n".repeat(30);
  const message = (i) => ({
    raw: Buffer.from(
      `From: a@sender.example\r\nTo: r${i}@rcpt.example\r\nSubject: m${i}\r\nMessage-ID: <m${i}@sender.example>\r\n\r\n${body}`,
    ),
    envelope: { from: `bounce+${i}@rp.sender.example`, to: [`r${i}@rcpt.example`] },
    messageId: `<m${i}@sender.example>`,
  });
  const run = async (count) => {
    let next = 0;
    const worker = async () => {
      while (next < count) await provider.send(message(next++), {}, {}, new AbortController().signal);
    };
    await Promise.all(Array.from({ length: 32 }, worker));
  };
  await run(3000);
  const count = Number(process.env.HANDOFFS ?? 20_000);
  const relayBefore = (await reply(true)).cpu;
  const before = process.cpuUsage();
  const start = performance.now();
  await run(count);
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(before);
  const relayUsed = (await reply(true)).cpu - relayBefore;
  console.log(
    JSON.stringify({
      bench: "handoff",
      handoffs_per_s: Math.round(count / seconds),
      cpu_us_per_message: { server: Math.round((used.user + used.system) / count), relay: Math.round(relayUsed / count) },
    }),
  );
  await provider.close();
  child.kill();
}
