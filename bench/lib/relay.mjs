// The SMTP relay of bench/pipeline.mjs, in its own process (forked, IPC). It accepts every
// message, counts them by the email id in the envelope sender (bounce+<id>@…), notes when
// each arrived (wall clock, as PostgreSQL's created_at) and whether it came DKIM-signed.
import { SMTPServer } from "smtp-server";

const arrivals = new Map(); // email id → first arrival (ms since the epoch)
let received = 0;
let duplicates = 0;
let signed = 0;
let unknown = 0;
let connections = 0;

const relay = new SMTPServer({
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  maxClients: 512,
  onConnect(_session, callback) {
    connections++;
    callback();
  },
  onData(stream, session, callback) {
    let head = "";
    stream.on("data", (c) => {
      if (head.length < 200) head += c.toString("latin1", 0, 200);
    });
    stream.on("end", () => {
      const at = Date.now();
      received++;
      if (head.startsWith("DKIM-Signature:")) signed++;
      const id = /^bounce\+([^@]+)@/.exec(session.envelope.mailFrom?.address ?? "")?.[1];
      if (!id) unknown++;
      else if (arrivals.has(id)) duplicates++;
      else arrivals.set(id, at);
      callback(null, `Ok: queued as R${received}`);
    });
  },
});

process.on("message", (msg) => {
  if (msg.report) process.send({ received, unique: arrivals.size, duplicates, signed, unknown, connections });
  // Arrival times of the given ids (null: not arrived).
  if (msg.times) process.send({ times: msg.times.map((id) => arrivals.get(id) ?? null) });
  if (msg.arrivalsSince !== undefined) {
    let n = 0;
    let last = 0;
    for (const at of arrivals.values())
      if (at >= msg.arrivalsSince) {
        n++;
        if (at > last) last = at;
      }
    process.send({ arrivals: n, last });
  }
});
relay.listen(Number(process.env.BENCH_LISTEN_PORT ?? 0), "127.0.0.1", () => process.send({ port: relay.server.address().port }));
