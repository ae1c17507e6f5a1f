/**
 * Characters of JSON parsed per step: ASCII JSON parses at ~4 ms a megabyte on the 2-core machine,
 * so a piece is ~10–25 ms of a slow machine's time. A list batch (~1 MB) is one piece.
 */
export const PIECE_CHARS = 2 * 1024 * 1024;

/** Where one object or array item ends and the next begins. */
const SEPARATOR = /[}\]]\s*,\s*[{[]/g;

/**
 * Parses the text of a JSON array of objects or arrays a piece at a time, pausing (yielding)
 * between pieces, so that a large answer never holds the main thread in one long JSON.parse. The
 * text is cut where one item ends and the next begins (`}, {` or `], [`); a cut that falls inside
 * a string or inside a nested item leaves an unterminated string or unbalanced brackets, which
 * JSON.parse refuses, and the next cut is tried instead — so the answer is always exactly
 * JSON.parse(text).
 */
export function* parseJsonArrayInPieces<T>(
  text: string,
  pieceChars = PIECE_CHARS,
): Generator<void, T[], void> {
  const open = text.indexOf('[');
  const close = text.lastIndexOf(']');
  if (open < 0 || close < open || text.slice(0, open).trim() || text.slice(close + 1).trim()) {
    // Not an array: JSON.parse says what is wrong (or answers what it is).
    return JSON.parse(text) as T[];
  }
  // Small enough for one piece: parsed as it is (no piece copied, no items moved).
  if (text.length <= pieceChars) return JSON.parse(text) as T[];
  const out: T[] = [];
  let start = open + 1;
  while (start < close) {
    let end = close;
    SEPARATOR.lastIndex = start + pieceChars;
    let piece: T[] | undefined;
    while (start + pieceChars < close) {
      const match = SEPARATOR.exec(text);
      if (!match || match.index >= close) break;
      const cut = match.index + match[0].indexOf(',');
      try {
        piece = JSON.parse(`[${text.slice(start, cut)}]`) as T[];
        end = cut;
        break;
      } catch {
        // The cut was inside a string: try the next one.
      }
    }
    piece ??= JSON.parse(`[${text.slice(start, close)}]`) as T[];
    for (const item of piece) out.push(item);
    start = end + 1;
    if (start < close) yield;
  }
  return out;
}
