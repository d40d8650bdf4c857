import base64 from "nodemailer/lib/base64";
import qp from "nodemailer/lib/qp";

/** The parts of nodemailer's MimeNode that its own `build()` reads (not in its typings). */
export interface ComposedNode {
  content?: unknown;
  _raw?: unknown;
  multipart: string | false;
  boundary: string | false;
  childNodes: ComposedNode[];
  buildHeaders(): string;
  getTransferEncoding(): string | false;
}

/**
 * The bytes MimeNode.build() gives for a tree whose contents are strings and Buffers (what
 * MailComposer makes of our messages), without its stream pipeline: build() pipes every
 * part through a PassThrough, an encoder stream and a newline check, with a setImmediate
 * between parts, which cost about a quarter of rendering a message. The headers and the
 * transfer encodings are still nodemailer's own (buildHeaders, getTransferEncoding, and the
 * encoders' encode and wrap at 76 columns, which is what their streams do to one chunk);
 * mime-serialize.test.ts compares the two byte for byte.
 */
export function serializeMime(root: ComposedNode): Buffer {
  const out: Buffer[] = [];
  write(root, out);
  // build()'s LastNewline: the message ends with a line break.
  const last = out[out.length - 1]; // the headers at least
  const end = last.length ? last[last.length - 1] : -1;
  if (end !== 0x0a) out.push(Buffer.from(end === 0x0d ? "\n" : "\r\n"));
  return Buffer.concat(out);
}

function write(node: ComposedNode, out: Buffer[]): void {
  if (node._raw) throw new Error("serializeMime: raw nodes are not supported");
  out.push(Buffer.from(`${node.buildHeaders()}\r\n\r\n`));
  if (node.content) {
    const content = node.content;
    if (typeof content !== "string" && !Buffer.isBuffer(content))
      throw new Error("serializeMime: only string and Buffer contents are supported");
    const bytes = typeof content === "string" ? Buffer.from(content) : content;
    const encoding = node.getTransferEncoding();
    if (encoding === "base64") out.push(Buffer.from(base64.wrap(base64.encode(bytes), 76), "ascii"));
    else if (encoding === "quoted-printable") out.push(Buffer.from(qp.wrap(qp.encode(bytes), 76), "ascii"));
    else out.push(bytes);
  }
  if (!node.multipart) return;
  node.childNodes.forEach((child, i) => {
    out.push(Buffer.from(`${i > 0 ? "\r\n" : ""}--${node.boundary}\r\n`));
    write(child, out);
  });
  out.push(Buffer.from(`\r\n--${node.boundary}--\r\n`));
}
