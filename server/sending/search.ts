import { validationError } from "../errors";
import { withinChars } from "../lib/text";
import { MAX_SEARCH_CHARS, MAX_SEARCH_TERMS } from "../limits/constants";

/** The spec's MAX_SEARCH_CHARS characters, counted as characters (code points), not UTF-16 units. */
export const withinSearchChars = (search: string): boolean => withinChars(search, MAX_SEARCH_CHARS);

const BETWEEN_WORDS = /[^\p{L}\p{N}]+/gu;

/** Letters and digits runs, lower-cased, one space apart: "Ann <ann.lee@ex.com>" → "ann ann lee ex com". */
function wordText(text: string): string {
  return text.toLowerCase().replace(BETWEEN_WORDS, " ").trim();
}

function words(text: string): string[] {
  const found = wordText(text);
  return found ? found.split(" ") : [];
}

/**
 * What the full-text index holds for a message: the words of its subject, from and
 * recipients, so an address matches by any of its parts ("ann", "ex.com"). Built as one
 * string, not word arrays: it runs for every message a batch accepts.
 */
export function searchTextOf(subject: string, from: string, recipients: string[]): string {
  // Not de-duplicated: how often a word occurs is what relevance ranks by.
  const parts = [wordText(subject), wordText(from)];
  for (const r of recipients) parts.push(wordText(r));
  return parts.filter(Boolean).join(" ").slice(0, 100_000);
}

/**
 * A tsquery ('simple' configuration) for a search string: every word must match as a
 * whole word (prefixes would make the index expand every word they start and intersect
 * huge lists). Null when the string has no words. Over the limits → 400.
 */
export function searchQuery(search: string): string | null {
  if (!withinSearchChars(search)) throw validationError(`search: at most ${MAX_SEARCH_CHARS} characters`);
  const terms = search.trim().split(/\s+/).filter(Boolean);
  if (terms.length > MAX_SEARCH_TERMS) throw validationError(`search: at most ${MAX_SEARCH_TERMS} terms`);
  const all = [...new Set(terms.flatMap(words))];
  return all.length ? all.join(" & ") : null;
}
