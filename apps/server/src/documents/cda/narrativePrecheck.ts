import { NARRATIVE_LIMITS, type NarrativeLimitCrossed } from '@quill/core';

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/**
 * The least number of characters a paragraph's text reads as: the characters outside its tags that
 * are not white space (the reader collapses white space), an entity reference counted as one.
 * Stops as soon as it passes `max`.
 */
function textAtLeast(xml: string, from: number, to: number, max: number): number {
  let count = 0;
  for (let i = from; i < to && count <= max; i++) {
    const c = xml.charCodeAt(i);
    if (c === 0x3c) {
      const gt = xml.indexOf('>', i);
      if (gt === -1 || gt >= to) return count;
      i = gt;
    } else if (c === 0x26) {
      const semi = xml.indexOf(';', i);
      if (semi === -1 || semi >= to) return count;
      count += 1;
      i = semi;
    } else if (!isSpace(c)) count += 1;
  }
  return count;
}

/** Markup whose text is no narrative: a `<paragraph` inside it is not one. */
const SKIPPED = [
  ['<!--', '-->'],
  ['<![CDATA[', ']]>'],
] as const;

/**
 * Issue 41: before a CDA is parsed, a cheap look at its `<paragraph>` elements for what surely
 * crosses core's NARRATIVE_LIMITS — a paragraph longer than maxParagraphLength, more paragraphs
 * with text than maxParagraphs — so that a 7 MB paragraph is refused in a fraction of the parse's
 * time. Only lower bounds are counted (a paragraph in a comment, or holding a comment or another
 * paragraph, is left to the exact check after the parse, readCda), so it refuses nothing the exact
 * check would pass.
 */
export function narrativePrecheck(
  xml: string,
  limits: typeof NARRATIVE_LIMITS = NARRATIVE_LIMITS,
): NarrativeLimitCrossed | null {
  let paragraphs = 0;
  let i = 0;
  // The next comment and CDATA section at or after i, searched again only once i has passed them.
  const next = SKIPPED.map(() => -2);
  for (;;) {
    const open = xml.indexOf('<paragraph', i);
    if (open === -1) return null;
    SKIPPED.forEach(([start], k) => {
      if (next[k]! !== -1 && next[k]! < i) next[k] = xml.indexOf(start, i);
    });
    const k = next.findIndex((at) => at !== -1 && at < open);
    if (k !== -1) {
      const [start, end] = SKIPPED[k]!;
      const closed = xml.indexOf(end, next[k]! + start.length);
      if (closed === -1) return null;
      i = closed + end.length;
      continue;
    }
    const startEnd = xml.indexOf('>', open);
    if (startEnd === -1) return null;
    i = startEnd + 1;
    const name = xml[open + '<paragraph'.length];
    if (name !== '>' && name !== ' ' && name !== '\t' && name !== '\r' && name !== '\n') continue;
    if (xml[startEnd - 1] === '/') continue;
    const close = xml.indexOf('</paragraph>', startEnd);
    if (close === -1) return null;
    const inner = xml.slice(startEnd + 1, close);
    if (inner.includes('<!--') || inner.includes('<![CDATA[') || inner.includes('<paragraph')) continue;
    i = close + '</paragraph>'.length;
    const length = textAtLeast(xml, startEnd + 1, close, limits.maxParagraphLength);
    if (length > limits.maxParagraphLength)
      return { limit: 'maxParagraphLength', max: limits.maxParagraphLength };
    if (length > 0) paragraphs += 1;
    if (paragraphs > limits.maxParagraphs) return { limit: 'maxParagraphs', max: limits.maxParagraphs };
  }
}
