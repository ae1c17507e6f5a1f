const NON_ASCII = /[\u0080-\uffff]/g;

function unicodeEscape(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * The same JSON value written in ASCII only: every character past U+007F (they can only stand
 * inside strings) as a `\uXXXX` escape, each half of a surrogate pair on its own, as JSON allows.
 * A browser decodes an all-ASCII answer on its fast path and keeps its text at one byte per
 * character; one `≥` in a job note would otherwise make a whole list batch twice as costly to
 * decode and to hold (docs/decisions.md).
 */
export function asciiJson(json: string): string {
  return json.replace(NON_ASCII, unicodeEscape);
}
