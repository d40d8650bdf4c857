import { QuoteType, Tokenizer, type TokenizerCallbacks } from "htmlparser2";
import { config } from "../config";
import { clickPath, openPath, ownHost } from "./tracking";

/**
 * Click and open tracking in one linear pass of htmlparser2's tokenizer (the HTML
 * standard's tokenizing rules: comments, CDATA, raw text in script/style/textarea/title,
 * any quoting, entities). The source is never re-serialised: only the value of each
 * tracked href is replaced, by its start and end index, so every other byte stays as written.
 */

/** A token longer than this would not fit in a request line (Node's header limit is 16 KiB). */
const MAX_TRACKED_URL = 8 * 1024;

/**
 * Links tracked per message; later ones stay as written. It bounds the growth of the HTML
 * (each tracked href becomes a ~150-character URL), the signing work and, with
 * TRACKING_MAX_HITS, the clicks one message can record.
 */
export const MAX_TRACKED_LINKS = 1000;

/** Characters tokenized between turns of the event loop (a few milliseconds' work). */
const SLICE = 256 * 1024;

const LINK_TAGS = new Set(["a", "area"]);

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** The whitespace the tokenizer skips around `=` (HTML's ASCII whitespace). */
const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;

// Attribute values are written back double- or single-quoted, or bare: none of the three
// may carry its own delimiter, and `&` must stay literal.
const escapeAttribute = (s: string) => s.replace(/[&"'<>\s`=]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The http(s) URL an href names (entities already decoded), or null when we leave it alone. */
function trackable(href: string): string | null {
  const url = href.trim();
  return url.length <= MAX_TRACKED_URL && /^https?:\/\//i.test(url) ? url : null;
}

/** Where each tracked href value sits in `html`, and the first `</body>`. */
async function scan(html: string): Promise<{ hrefs: { start: number; end: number; url: string }[]; bodyClose: number }> {
  const hrefs: { start: number; end: number; url: string }[] = [];
  let bodyClose = -1;
  let tag = "";
  // The first href of the open tag; committed only when the tag is complete (`>`), as a
  // browser would: a tag still open at the end of the document is text to nobody.
  let pending: { start: number; end: number; url: string } | null = null;
  let sawHref = false;
  let attribute = "";
  let nameEnd = -1;
  let value: string[] | null = null;
  let valueLength = 0;
  const collect = (part: string) => {
    if (!value) return;
    value.push(part);
    valueLength += part.length;
    // Far too long to track: stop collecting (an unclosed quote can run to the end).
    if (valueLength > MAX_TRACKED_URL + 1024) value = null;
  };
  const callbacks: TokenizerCallbacks = {
    onopentagname(start, end) {
      tag = html.slice(start, end).toLowerCase();
      pending = null;
      sawHref = false;
    },
    onattribname(start, end) {
      attribute = LINK_TAGS.has(tag) ? html.slice(start, end).toLowerCase() : "";
      nameEnd = end;
      // Browsers keep the first of duplicate attributes.
      value = attribute === "href" && !sawHref ? [] : null;
      valueLength = 0;
    },
    onattribdata(start, end) {
      collect(html.slice(start, end));
    },
    onattribentity(codepoint) {
      collect(String.fromCodePoint(codepoint));
    },
    onattribend(quote, end) {
      if (attribute === "href") sawHref = true;
      if (!value) return;
      const url = quote === QuoteType.NoValue ? null : trackable(value.join(""));
      value = null;
      if (!url) return;
      // The value begins after the name, `=` and any whitespace (and the opening quote).
      let start = nameEnd;
      while (isSpace(html.charCodeAt(start))) start++;
      start++; // "="
      while (isSpace(html.charCodeAt(start))) start++;
      if (quote !== QuoteType.Unquoted) start++;
      pending = { start, end: quote === QuoteType.Unquoted ? end : end - 1, url };
    },
    onopentagend() {
      if (pending && hrefs.length < MAX_TRACKED_LINKS) hrefs.push(pending);
      pending = null;
    },
    onselfclosingtag() {
      if (pending && hrefs.length < MAX_TRACKED_LINKS) hrefs.push(pending);
      pending = null;
    },
    onclosetag(start, end) {
      // `start` is the name's first character, just after `</`.
      if (bodyClose < 0 && html.slice(start, end).toLowerCase() === "body") bodyClose = start - 2;
    },
    oncdata() {},
    oncomment() {},
    ondeclaration() {},
    onend() {},
    onprocessinginstruction() {},
    ontext() {},
    ontextentity() {},
  };
  const tokenizer = new Tokenizer({ xmlMode: false, decodeEntities: true }, callbacks);
  // Fed in slices with a turn of the event loop between them: a large body must not hold
  // up other requests (the tokenizer's indices run over the whole input).
  for (let from = 0; from < html.length; from += SLICE) {
    tokenizer.write(html.slice(from, from + SLICE));
    if (from + SLICE < html.length) await new Promise((resolve) => setImmediate(resolve));
  }
  tokenizer.end();
  return { hrefs, bodyClose };
}

/** Rewrites http(s) links of <a> and <area> through the click endpoint and adds the open pixel. */
export async function addTracking(html: string, emailId: string): Promise<string> {
  const base = config().trackingUrl;
  const { hrefs, bodyClose } = await scan(html);
  // One token per distinct URL: a link repeated through a long message is signed once.
  // A link to our own hosts stays as written (null): a click link never leads there.
  const signed = new Map<string, string | null>();
  const edits: Edit[] = [];
  for (const h of hrefs) {
    let text = signed.get(h.url);
    if (text === undefined) signed.set(h.url, (text = ownHost(h.url) ? null : escapeAttribute(`${base}${clickPath(emailId, h.url)}`)));
    if (text !== null) edits.push({ start: h.start, end: h.end, text });
  }
  const pixel = `<img src="${escapeAttribute(`${base}${openPath(emailId)}`)}" width="1" height="1" alt="" style="display:none;border:0;width:1px;height:1px" />`;
  const at = bodyClose >= 0 ? bodyClose : html.length;
  // Hrefs come in document order; the pixel goes in among them by position.
  const index = edits.findIndex((e) => e.start >= at);
  edits.splice(index < 0 ? edits.length : index, 0, { start: at, end: at, text: pixel });
  const out: string[] = [];
  let from = 0;
  for (const e of edits) {
    out.push(html.slice(from, e.start), e.text);
    from = e.end;
  }
  out.push(html.slice(from));
  return out.join("");
}
