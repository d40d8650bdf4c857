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

/** Stands in for the value under a key that cannot be stored: reported at that key's path. */
const BAD_KEY = "\0";

/**
 * The path of the first string in `value` that cannot be stored ("tags[0].value"), or null.
 * Iterative (an explicit stack, depth-first in document order): request data of any
 * nesting cannot overflow the call stack here.
 */
export function unstorableAt(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: "" }];
  while (stack.length) {
    const { value: item, path } = stack.pop()!;
    if (typeof item === "string") {
      if (!isStorableText(item)) return path || "body";
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push({ value: item[i], path: `${path}[${i}]` });
    } else if (item !== null && typeof item === "object") {
      const entries = Object.entries(item);
      // Keys are checked as their entry is reached, so the first bad key or value wins.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i];
        const here = path ? `${path}.${key}` : key;
        stack.push({ value: isStorableText(key) ? child : BAD_KEY, path: here });
      }
    }
  }
  return null;
}

export const unstorableMessage = (where: string) => `${where}: text may not contain NUL characters or unpaired UTF-16 surrogates.`;
