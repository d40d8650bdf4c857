import { sql } from "drizzle-orm";
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

/** `bytes` (at most 16) random bytes as hex, from the same pool. */
export function randomHex(bytes: number): string {
  return random16().toString("hex", 0, Math.min(bytes, 16));
}

// The last id made, so that ids made within one millisecond still sort in the order they
// were made (a batch's entries share a created_at; the list breaks the tie by id).
let lastMs = -1;
const last = Buffer.alloc(16);

/** Adds a random 1 to 2^32 to the 62 random bits after the variant (bytes 8 to 15). */
function step(bytes: Buffer): boolean {
  let carry = pool.readUInt32BE(offset) + 1;
  for (let i = 15; i >= 8 && carry; i--) {
    const sum = bytes[i] + (carry & 0xff);
    bytes[i] = sum & 0xff;
    carry = Math.floor(carry / 256) + (sum >> 8);
  }
  return carry === 0 && (bytes[8] & 0xc0) === 0x80;
}

/**
 * A UUIDv7: time-ordered, so new rows append to the end of btree indexes and ids sort
 * like creation time; within one millisecond each id follows the one before (RFC 9562,
 * monotonic random). Built here because PostgreSQL 15 has no uuidv7().
 */
export function uuidv7(now = Date.now()): string {
  let bytes: Buffer;
  if (now === lastMs) {
    bytes = Buffer.from(last);
    if (offset + 4 > pool.length) random16();
    const stepped = step(bytes);
    offset += 4;
    if (!stepped) bytes = random16(); // 2^62 ids in one millisecond: start afresh
  } else {
    bytes = random16();
  }
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  lastMs = now;
  bytes.copy(last);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const newId = uuidv7;

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/**
 * A UUIDv7 made by the database, for rows a statement inserts itself (a canceled or
 * rescheduled timeline entry, a webhook delivery per endpoint): the statement's clock time
 * in ms and the random bits of two gen_random_uuid() values (version and variant set as
 * above). Time-ordered like newId(), so retention reaches these rows by primary key too.
 */
export const uuidv7Sql = sql`(lpad(to_hex(floor(extract(epoch from clock_timestamp()) * 1000)::bigint), 12, '0') || '7'
  || substr(replace(gen_random_uuid()::text, '-', ''), 14, 3) || substr(replace(gen_random_uuid()::text, '-', ''), 17, 16))::uuid::text`;

/**
 * Why a named id finds nothing, for an error message: an id is quoted back only when it has
 * an id's shape (a UUID), so a refusal never echoes a long or hostile value.
 */
export function unknownId(what: string, id: string): string {
  return isUuid(id)
    ? `no ${what} with id "${id}" in this account`
    : `not the id of ${/^[aeiou]/.test(what) ? "an" : "a"} ${what} (ids are UUIDs)`;
}
