// A light HTTP/1.1 client for the bench's own load: the load generator shares the two
// cores with the server, and node:http's client cost it ≈ 500 µs of CPU a request on these
// VMs (a paced 700/s took a quarter of a core from what was measured). Like autocannon, it
// writes prebuilt request bytes on keep-alive sockets and reads only the status line and
// where each response ends: ≈ 100–150 µs a request here.
import net from "node:net";

/** The bytes of one request, built once and written as they are for every request. */
export function requestBytes({ port, method, path, headers, body }) {
  const lines = [`${method} ${path} HTTP/1.1`, `host: 127.0.0.1:${port}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  if (body !== undefined) lines.push(`content-length: ${Buffer.byteLength(body)}`);
  return Buffer.from(`${lines.join("\r\n")}\r\n\r\n${body ?? ""}`);
}

/** One keep-alive connection, one request at a time. */
export class RawConnection {
  constructor(port) {
    this.buffer = Buffer.alloc(0);
    this.waiting = null;
    this.ready = new Promise((resolve, reject) => {
      this.socket = net.connect(port, "127.0.0.1", resolve);
      this.socket.setNoDelay(true);
      this.socket.on("data", (chunk) => this.onData(chunk));
      this.socket.on("error", (err) => {
        reject(err);
        this.settle(null, err);
      });
      this.socket.on("close", () => this.settle(null, new Error("connection closed")));
    });
  }

  /** Resolves with the response's status code; rejects when the connection fails. */
  request(bytes) {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(bytes);
    });
  }

  close() {
    this.socket.destroy();
  }

  settle(status, error) {
    const waiting = this.waiting;
    this.waiting = null;
    if (!waiting) return;
    if (error) waiting.reject(error);
    else waiting.resolve(status);
  }

  onData(chunk) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (let end = this.responseEnd(); end > 0; end = this.responseEnd()) {
      const status = Number(this.buffer.toString("latin1", 9, 12)); // "HTTP/1.1 200 …"
      this.buffer = this.buffer.subarray(end);
      this.settle(status, null);
    }
  }

  /** Where the first complete response in the buffer ends (Content-Length or chunked), or -1. */
  responseEnd() {
    const head = this.buffer.indexOf("\r\n\r\n");
    if (head < 0) return -1;
    const headers = this.buffer.toString("latin1", 0, head).toLowerCase();
    const length = /\r\ncontent-length: *(\d+)/.exec(headers);
    if (length) {
      const end = head + 4 + Number(length[1]);
      return this.buffer.length >= end ? end : -1;
    }
    if (/\r\ntransfer-encoding:[^\r]*chunked/.test(headers)) {
      const last = this.buffer.indexOf("\r\n0\r\n\r\n", head); // JSON bodies hold no bare CRLF
      return last < 0 ? -1 : last + 7;
    }
    return head + 4;
  }
}
