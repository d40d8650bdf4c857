/**
 * How deeply a request body may nest arrays and objects. No endpoint takes more than a few
 * levels; a limit checked before parsing keeps every later walk over request data (zod,
 * the storable-text check) far from the stack's end, whatever a client sends.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON `text` opens more than `max` nested arrays/objects at any point. One pass
 * over the characters, skipping strings; it judges nesting only (JSON.parse judges syntax).
 */
export function jsonNestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
