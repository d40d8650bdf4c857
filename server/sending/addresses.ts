/**
 * Address rules of the send request: `addr@domain` or `Display Name <addr@domain>`.
 * Every rule (domains, suppressions, limits) works on the bare, lower-cased address.
 */
const BARE = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9-]{2,63}$/;
const NAMED = /^\s*(?:"((?:[^"\\]|\\.)*)"|([^<>"]*?))\s*<([^<>\s]+)>\s*$/;

export interface ParsedAddress {
  /** As the client wrote it (kept for headers and display). */
  raw: string;
  /** Lower-cased `local@domain`. */
  address: string;
  domain: string;
}

/** The parsed address, or null when it is not a valid address in either form. */
export function parseAddress(value: string): ParsedAddress | null {
  const raw = value.trim();
  if (!raw || raw.length > 998) return null;
  let bare = raw;
  const named = NAMED.exec(raw);
  if (named) bare = named[3];
  if (bare.length > 254 || !BARE.test(bare)) return null;
  const [local] = bare.split("@");
  if (local.length > 64 || local.startsWith(".") || local.endsWith(".") || local.includes("..")) return null;
  const address = bare.toLowerCase();
  return { raw, address, domain: address.slice(address.lastIndexOf("@") + 1) };
}
