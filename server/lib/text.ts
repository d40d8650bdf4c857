/**
 * Rules about text that several areas share: what PostgreSQL can store, lengths
 * counted the way the reference counts them (characters, not UTF-16 units), and trims
 * that must stay linear on hostile input.
 */

/**
 * `text` without its trailing `char`s. A loop, not `/x+$/`: that regular expression retries
 * from every position of a long run that is not at the end (quadratic: a 16 KiB path of
 * slashes took ~150 ms a request).
 */
export function trimEnd(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end--;
  return text.slice(0, end);
}

/** Whether `text` has at most `max` characters (code points): an emoji is one, not two UTF-16 units. */
export function withinChars(text: string, max: number): boolean {
  if (text.length <= max) return true;
  let n = 0;
  for (const _ of text) if (++n > max) return false;
  return true;
}

/**
 * PostgreSQL stores neither NUL characters nor unpaired UTF-16 surrogates in text or
 * json, and would answer such a value with an error the client cannot act on; JSON lets
 * a client send both ("\u0000", "\ud800"). They are found here, before anything is
 * stored, so the request gets a validation_error naming the field.
 */
export function isStorableText(text: string): boolean {
  return text.isWellFormed() && !text.includes("\0");
}

/** The path of the first string in `value` that cannot be stored ("tags[0].value"), or null. */
export function unstorableAt(value: unknown, path = ""): string | null {
  if (typeof value === "string") return isStorableText(value) ? null : path || "body";
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableAt(value[i], `${path}[${i}]`);
      if (found !== null) return found;
    }
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key;
      if (!isStorableText(key)) return here;
      const found = unstorableAt(item, here);
      if (found !== null) return found;
    }
  }
  return null;
}

export const unstorableMessage = (where: string) =>
  `${where}: text may not contain NUL characters or unpaired UTF-16 surrogates.`;
