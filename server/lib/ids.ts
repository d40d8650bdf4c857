import { randomFillSync } from "node:crypto";

// Random bytes drawn 4 KiB at a time: one system call per 256 ids instead of one per id
// (ids are made on every send, timeline row and event).
const pool = Buffer.allocUnsafe(4096);
let offset = pool.length;

function random16(): Buffer {
  if (offset + 16 > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = Buffer.from(pool.subarray(offset, offset + 16));
  offset += 16;
  return bytes;
}

/**
 * A UUIDv7: time-ordered, so new rows append to the end of btree indexes and ids sort
 * like creation time. Built here because PostgreSQL 15 has no uuidv7().
 */
export function uuidv7(now = Date.now()): string {
  const bytes = random16();
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const newId = uuidv7;

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
