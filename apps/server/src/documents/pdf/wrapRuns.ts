import type { Run } from '../cda/narrative.js';
import type { FontFace } from './fonts.js';

/** Measures text in a face and size (points). */
export type Measure = (text: string, face: FontFace, size: number) => number;

/** A stretch of one line in one face; `x` is relative to the line's start. */
export interface Segment {
  text: string;
  face: FontFace;
  underline: boolean;
  x: number;
}

/** One laid-out line of text; `x` is relative to the block it belongs to. */
export interface Line {
  kind: 'line';
  x: number;
  size: number;
  height: number;
  segments: Segment[];
  /** Section titles: kept on a page with what follows. */
  keepWithNext?: boolean;
}

/** Line height as a multiple of the font size. */
export const LEADING = 1.3;

interface Piece {
  text: string;
  face: FontFace;
  underline: boolean;
}

type Token = { kind: 'word'; pieces: Piece[] } | { kind: 'space'; piece: Piece } | { kind: 'break' };

/** The face a run is set in. */
export function faceOf(run: Pick<Run, 'bold' | 'italic'>): FontFace {
  if (run.bold) return run.italic ? 'boldItalic' : 'bold';
  return run.italic ? 'italic' : 'regular';
}

function tokenize(runs: readonly Run[]): Token[] {
  const tokens: Token[] = [];
  for (const run of runs) {
    if (run.text === '\n') {
      tokens.push({ kind: 'break' });
      continue;
    }
    const face = faceOf(run);
    const underline = !!run.underline;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    const text = run.text.replace(/[\u0000-\u0008\u000B-\u001F]/g, '');
    for (const part of text.split(/([ \t]+)/)) {
      if (!part) continue;
      if (part[0] === ' ' || part[0] === '\t') {
        tokens.push({ kind: 'space', piece: { text: ' ', face, underline } });
        continue;
      }
      const last = tokens.at(-1);
      // Text that touches across a style change (<content>foo</content>bar) is one word.
      if (last?.kind === 'word') last.pieces.push({ text: part, face, underline });
      else tokens.push({ kind: 'word', pieces: [{ text: part, face, underline }] });
    }
  }
  return tokens;
}

/** Rounding slack (points): a word exactly as wide as its line (a table column sized to it) fits. */
const SLACK = 1e-3;

/**
 * Breaks runs into lines no wider than `width`: at spaces and at line breaks. A word (a number, a
 * code, a date, a unit) is kept whole; it is broken between characters only as the last resort,
 * when the word alone is wider than the whole line (so nothing ever runs past the margin). Table
 * columns are planned at least as wide as their longest word (tablePlan), so in a table that
 * happens only to a word wider than the page's text width at the smallest table type.
 */
export function wrapRuns(runs: readonly Run[], width: number, size: number, measure: Measure): Line[] {
  width += SLACK;
  const lines: Line[] = [];
  const height = size * LEADING;
  let segments: Segment[] = [];
  let cursor = 0;
  let pendingSpace: Piece | null = null;

  const place = (piece: Piece, w: number) => {
    const last = segments.at(-1);
    if (last && last.face === piece.face && last.underline === piece.underline) last.text += piece.text;
    // Written out, not spread (`{ ...piece, x }` is many times slower in V8): once per segment.
    else segments.push({ text: piece.text, face: piece.face, underline: piece.underline, x: cursor });
    cursor += w;
  };
  const finish = () => {
    lines.push({ kind: 'line', x: 0, size, height, segments });
    segments = [];
    cursor = 0;
    pendingSpace = null;
  };

  for (const token of tokenize(runs)) {
    if (token.kind === 'break') {
      finish();
      continue;
    }
    if (token.kind === 'space') {
      if (segments.length) pendingSpace = token.piece;
      continue;
    }
    const widths = token.pieces.map((p) => measure(p.text, p.face, size));
    const wordWidth = widths.reduce((a, b) => a + b, 0);
    const space = pendingSpace as Piece | null;
    const spaceWidth = space ? measure(' ', space.face, size) : 0;
    if (cursor + spaceWidth + wordWidth <= width) {
      if (space) place(space, spaceWidth);
      for (const [i, p] of token.pieces.entries()) place(p, widths[i]!);
    } else if (wordWidth <= width) {
      finish();
      for (const [i, p] of token.pieces.entries()) place(p, widths[i]!);
    } else {
      // Longer than a whole line: break it between characters.
      if (segments.length && width - cursor - spaceWidth < width / 4) finish();
      else if (space) place(space, spaceWidth);
      for (const p of token.pieces) {
        for (const ch of Array.from(p.text)) {
          const w = measure(ch, p.face, size);
          if (cursor + w > width && cursor > 0) finish();
          place({ ...p, text: ch }, w);
        }
      }
    }
    pendingSpace = null;
  }
  if (segments.length || lines.length === 0) finish();
  return lines;
}

/** What starts a word before which no line may end (UAX #14: closing punctuation, solidus). */
const CLOSING = /^[:;,.!?)\]}/]/;

/**
 * How wide runs are when nothing wraps them: their longest word (text touching across a style
 * change is one word, as wrapRuns keeps it) and their longest line, at `size`.
 */
export function naturalWidths(
  runs: readonly Run[],
  size: number,
  measure: Measure,
): { word: number; line: number } {
  let word = 0;
  let line = 0;
  let cursor = 0;
  let pendingSpace = 0;
  /** The width since the last place a word processor may end a line. */
  let unit = 0;
  for (const token of tokenize(runs)) {
    if (token.kind === 'break') {
      cursor = 0;
      pendingSpace = 0;
      unit = 0;
      continue;
    }
    if (token.kind === 'space') {
      if (cursor > 0) pendingSpace = measure(' ', token.piece.face, size);
      continue;
    }
    const w = token.pieces.reduce((sum, p) => sum + measure(p.text, p.face, size), 0);
    // Word processors (Unicode line breaking, UAX #14 LB13) never end a line before closing
    // punctuation even after a space: "Ordered :6-Aug-2012" is one unit to them.
    unit = pendingSpace > 0 && CLOSING.test(token.pieces[0]!.text) ? unit + pendingSpace + w : w;
    word = Math.max(word, unit);
    cursor += pendingSpace + w;
    pendingSpace = 0;
    line = Math.max(line, cursor);
  }
  return { word, line };
}
