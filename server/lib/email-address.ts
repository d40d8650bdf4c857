import { domainToASCII } from "node:url";
import { MAX_DOMAIN_NAME_LENGTH, MAX_MAILBOX_LENGTH } from "../limits/constants";

/**
 * The one reading of an email address in Posthaste. Every rule (sending domain, test
 * mode, review, suppressions, simulator), every store and every delivery path uses it,
 * so what a rule checked is exactly what is delivered.
 *
 * A mailbox field holds exactly one of:
 *   addr@domain
 *   Display Name <addr@domain>
 *   "Quoted, Name" <addr@domain>
 * Anything else (comments, groups, several addresses, unbalanced quotes or brackets,
 * control or invisible characters, encoded words, address literals, non-ASCII local
 * parts) is refused rather than guessed at: another parser could read it differently.
 *
 * Unicode: display names may hold any visible characters (NFC-normalised). Local parts
 * are ASCII (no SMTPUTF8). A non-ASCII domain is stored as its lower-case A-label
 * (UTS #46, `xn--…`), the form domains are registered under, so a look-alike domain is
 * a different domain everywhere. Fullwidth `＠`, `＜`, `＂` and the like are ordinary
 * characters here, never delimiters.
 *
 * Every step is a single pass or a regex without nested quantifiers, on input capped first.
 */

// The longest field accepted is MAX_MAILBOX_LENGTH (a header line is 998; a mailbox needs far less).
const MAX_ADDRESS_LENGTH = 254;
const MAX_LOCAL_LENGTH = 64;

export interface Mailbox {
  /** Display name, NFC, single-spaced; "" when none. */
  name: string;
  /** `local@domain`, lower-case, domain as A-label: the value every rule compares and the envelope uses. */
  address: string;
  /** The domain part of `address`. */
  domain: string;
  /** The canonical serialisation: what is stored, shown and parsed again at delivery. */
  text: string;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; reason: string };

// C0/C1 controls, DEL, format characters (bidi overrides, zero-width), line/paragraph
// separators, surrogates (lone ones), private use and unassigned code points.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}]/u;
// RFC 5322 dot-atom, ASCII only.
const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IDN_INPUT = /^[A-Za-z0-9.\-\u0080-\u{10FFFF}]+$/u;
// Characters a display name may hold without quotes: atext, '.', space and any non-ASCII
// character (specials and '"' force the quoted form).
const PLAIN_NAME = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.\- \u0080-\u{10FFFF}]*$/u;
// Characters that make a display name read as an address, or as a header structure, to
// a mail client even inside quotes.
const NAME_FORBIDDEN = /[<>@]/;

const fail = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

/** `local@domain` on its own (suppressions, sign-up, the CLI), lower-cased, domain as A-label. */
export function parseAddress(value: string): ParseResult<{ address: string; domain: string }> {
  if (typeof value !== "string") return fail("must be a string");
  const text = screened(value);
  return typeof text === "string" ? bare(text) : text;
}

/** The length cap first (everything after is linear in it), then invisible characters, then outer spaces. */
function screened(value: string): string | { ok: false; reason: string } {
  if (value.length > MAX_MAILBOX_LENGTH) return fail(`is longer than ${MAX_MAILBOX_LENGTH} characters`);
  // Checked before trimming: a trailing CR/LF or tab is refused, not quietly dropped.
  if (INVISIBLE.test(value)) return fail("contains control or invisible characters");
  const text = trimSpaces(value);
  return text ? text : fail("is empty");
}

/** Only U+0020 is trimmed: other blanks (NBSP, ideographic space) are characters of the name or an error. */
function trimSpaces(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s[start] === " ") start++;
  while (end > start && s[end - 1] === " ") end--;
  return s.slice(start, end);
}

function bare(text: string): ParseResult<{ address: string; domain: string }> {
  const at = text.indexOf("@");
  if (at < 0) return fail("is not an email address (no @)");
  if (text.indexOf("@", at + 1) >= 0) return fail("holds more than one @");
  const local = text.slice(0, at);
  if (!local || local.length > MAX_LOCAL_LENGTH) return fail(`needs a local part of 1 to ${MAX_LOCAL_LENGTH} characters`);
  if (!LOCAL.test(local))
    return fail("has a local part with characters other than letters, digits and !#$%&'*+/=?^_`{|}~.- (or misplaced dots)");
  if (text.includes("=?")) return fail("contains an encoded word (=?…?=)");
  const domain = canonicalDomain(text.slice(at + 1));
  if (!domain) return fail("has an invalid domain");
  const address = `${local.toLowerCase()}@${domain}`;
  if (address.length > MAX_ADDRESS_LENGTH) return fail(`is longer than ${MAX_ADDRESS_LENGTH} characters`);
  return { ok: true, value: { address, domain } };
}

/** The lower-case A-label form of a host name with at least two labels and a non-numeric TLD; "" if invalid. */
function canonicalDomain(input: string): string {
  let domain = input.toLowerCase();
  if (/[^\x00-\x7f]/.test(input)) {
    // Letters, digits, dots and hyphens besides the non-ASCII ones: nothing the URL host
    // parser behind domainToASCII would percent-decode or read as a port or path.
    if (!IDN_INPUT.test(input)) return "";
    domain = domainToASCII(input);
    if (!domain) return "";
  }
  if (domain.length > MAX_DOMAIN_NAME_LENGTH) return "";
  const labels = domain.split(".");
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || /^\d+$/.test(labels[labels.length - 1])) return "";
  return domain;
}

/** One mailbox field (`from`, one of `to`/`cc`/`bcc`/`replyTo`). */
export function parseMailbox(value: string): ParseResult<Mailbox> {
  if (typeof value !== "string") return fail("must be a string");
  const text = screened(value);
  if (typeof text !== "string") return text;
  const open = text.indexOf("<");
  const close = text.indexOf(">");
  if (open < 0 && close < 0) {
    const r = bare(text);
    return r.ok ? { ok: true, value: mailbox("", r.value.address, r.value.domain) } : r;
  }
  if (open < 0 || close < 0 || text.indexOf("<", open + 1) >= 0 || text.indexOf(">", close + 1) >= 0) {
    return fail("must hold exactly one <address> (unbalanced or repeated angle brackets)");
  }
  if (close !== text.length - 1) return fail("has text after the closing >");
  if (close < open) return fail("has > before <");
  const name = displayName(text.slice(0, open));
  if (!name.ok) return name;
  const addr = bare(text.slice(open + 1, close));
  if (!addr.ok) return addr;
  return { ok: true, value: mailbox(name.value, addr.value.address, addr.value.domain) };
}

function displayName(raw: string): ParseResult<string> {
  let name = trimSpaces(raw);
  if (name.startsWith('"')) {
    let out = "";
    let i = 1;
    for (; i < name.length; i++) {
      const c = name[i];
      if (c === "\\") {
        const next = name[i + 1];
        if (next !== '"' && next !== "\\") return fail('has a backslash in the quoted name not followed by " or \\');
        out += next;
        i++;
      } else if (c === '"') {
        break;
      } else {
        out += c;
      }
    }
    if (i >= name.length) return fail("has an unbalanced quote");
    if (i !== name.length - 1) return fail("has text after the quoted name");
    name = out;
  } else if (!PLAIN_NAME.test(name)) {
    return fail(`has characters ()[]:;,\\" or an unbalanced quote in an unquoted display name (write "Name" <addr@domain>)`);
  }
  // NFKC: a fullwidth ＠ or ＜ reads as the real one in a mail client ("support＠bank.com" <a@b.com>).
  if (NAME_FORBIDDEN.test(name.normalize("NFKC"))) return fail("has a display name containing <, > or @");
  if (name.includes("=?")) return fail("contains an encoded word (=?…?=)");
  return { ok: true, value: name.normalize("NFC").split(" ").filter(Boolean).join(" ") };
}

function mailbox(name: string, address: string, domain: string): Mailbox {
  return { name, address, domain, text: formatMailbox(name, address) };
}

/** The canonical text: bare address, `Name <addr>`, or `"Name, quoted" <addr>` when the name needs quotes. */
export function formatMailbox(name: string, address: string): string {
  if (!name) return address;
  if (PLAIN_NAME.test(name)) return `${name} <${address}>`;
  return `"${name.replace(/["\\]/g, "\\$&")}" <${address}>`;
}

/**
 * A stored mailbox (written by parseMailbox at accept time). It was valid then; a row
 * from before this parser existed may not be, and is refused rather than guessed at.
 */
export function storedMailbox(text: string): Mailbox {
  const r = parseMailbox(text);
  if (!r.ok) throw new InvalidStoredAddress(`The stored address "${text}" ${r.reason}.`);
  return r.value;
}

export class InvalidStoredAddress extends Error {}
