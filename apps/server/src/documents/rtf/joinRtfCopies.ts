import { message } from '@quill/core';
import { type CoverSheetInfo, coverSheetLines } from '../pdf/coverSheet.js';
import { escapeRtf } from './escapeRtf.js';

/** One copy in a joined RTF: a whole RTF document, optionally behind a cover page. */
export interface RtfCopy {
  rtf: Buffer | string;
  cover: Omit<CoverSheetInfo, 'pages'> | null;
}

/**
 * Groups that belong to the document header (tables and document information), not to its text.
 * A group starting with one of these — directly or after `\*` — is header.
 */
const HEADER_GROUPS = new Set([
  'fonttbl',
  'colortbl',
  'stylesheet',
  'info',
  'listtable',
  'listoverridetable',
  'revtbl',
  'rsidtbl',
  'generator',
  'latentstyles',
  'themedata',
  'colorschememapping',
  'datastore',
  'xmlnstbl',
  'pgdsctbl',
  'defchp',
  'defpap',
  'mmathPr',
  'userprops',
  'filetbl',
  'fchars',
  'lchars',
  'wgrffmtfilter',
]);

/** Control words that start the text part (paragraph, section, character formatting, text). */
const BODY_WORDS = new Set(['pard', 'plain', 'sectd', 'par', 'page', 'sect', 'trowd', 'shp', 'pict']);

const CONTROL = /\\(?:([a-zA-Z]+)(-?\d+)? ?|.)/y;

/** Index just past the group that opens at `start` (a `{`), honouring escapes. */
function skipGroup(rtf: string, start: number): number {
  let depth = 0;
  for (let i = start; i < rtf.length; i++) {
    const ch = rtf[i];
    if (ch === '\\') i++;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i + 1;
  }
  throw new Error('RTF group is not closed');
}

/** The first control word of the group opening at `start`, skipping a leading `\*`. */
function groupWord(rtf: string, start: number): string | null {
  const m = /^\{\s*(?:\\\*\s*)?\\([a-zA-Z]+)/.exec(rtf.slice(start, start + 64));
  return m ? m[1]! : null;
}

/**
 * Splits an RTF document into its header (`{\rtf1`, character set, font, colour and style tables,
 * document information and document-wide settings such as paper size) and its text — what lies
 * between the header and the closing brace.
 */
export function splitRtf(rtf: string): { header: string; body: string } {
  const open = rtf.search(/\{\\rtf/);
  const close = rtf.lastIndexOf('}');
  if (open < 0 || close < open) throw new Error('Not an RTF document');
  let i = open + 1;
  while (i < close) {
    const ch = rtf[i]!;
    if (ch === '\r' || ch === '\n' || ch === ' ' || ch === '\t') {
      i++;
    } else if (ch === '{') {
      const word = groupWord(rtf, i);
      if (!word || !HEADER_GROUPS.has(word)) break;
      i = skipGroup(rtf, i);
    } else if (ch === '\\') {
      CONTROL.lastIndex = i;
      const m = CONTROL.exec(rtf);
      if (!m?.[1] || BODY_WORDS.has(m[1])) break;
      i = CONTROL.lastIndex;
    } else {
      break;
    }
  }
  return { header: rtf.slice(open, i), body: rtf.slice(i, close) };
}

/**
 * Text that starts a section with section words (break kind, page number restart). `\sectd`
 * resets section formatting, so they go after the text's own leading `\sectd`, or after one
 * written here.
 */
function startSection(body: string, words: string): string {
  if (!words) return body;
  const own = /^\s*\\sectd(?![a-zA-Z])/.exec(body);
  if (own) return `${own[0]}${words} ${body.slice(own[0].length).replace(/^ /, '')}`;
  return `\\sectd${words} ${body}`;
}

/** A cover page as RTF paragraphs in the document's default font. */
function coverRtf(cover: Omit<CoverSheetInfo, 'pages'>): string {
  const title = `{\\pard\\plain\\sa240\\fs56\\b ${escapeRtf(message('documents.coverSheet.title'))}\\par}`;
  const rows = coverSheetLines(cover).map(
    ([label, value]) =>
      `{\\pard\\plain\\tx3000\\li3000\\fi-3000\\sa160\\fs26{\\b ${escapeRtf(label)}}\\tab ${escapeRtf(value)}\\par}`,
  );
  const notice = `{\\pard\\plain\\sb720\\fs18 ${escapeRtf(message('documents.coverSheet.confidential'))}\\par}`;
  return [title, ...rows, notice].join('\n');
}

/**
 * Several RTF documents as one, each copy a new section: a copy starts on a new page, or with
 * `duplex` on an odd (front) page (`\sbkodd`) — the word processor paginates, so no blank pages are
 * written. A cover page, when asked, is its own section before the document. The header (fonts,
 * colours, styles) is the first document's: every document comes from Quill's one RTF writer,
 * whose tables are the same for every job.
 */
export function joinRtfCopies(copies: readonly RtfCopy[], opts: { duplex: boolean }): Buffer {
  if (!copies.length) throw new Error('No RTF documents to join');
  const parts = copies.map((c) => ({
    ...splitRtf(typeof c.rtf === 'string' ? c.rtf : c.rtf.toString('latin1')),
    cover: c.cover,
  }));
  const copyBreak = opts.duplex ? '\\sbkodd' : '\\sbkpage';
  const out: string[] = [parts[0]!.header];
  parts.forEach((part, i) => {
    const breakKind = i > 0 || opts.duplex ? copyBreak : '';
    if (i > 0) out.push('\n\\sect');
    if (part.cover) {
      // Its own section with empty first-page header and footer: no other job's running head.
      out.push(`\\sectd${breakKind}\\titlepg{\\headerf\\pard\\plain\\par}{\\footerf\\pard\\plain\\par}\n`);
      out.push(coverRtf(part.cover), '\n\\sect');
      out.push(startSection(part.body, '\\sbkpage\\pgnrestart'));
    } else {
      // Page numbers restart with each document.
      out.push(
        i > 0 ? startSection(part.body, `${breakKind}\\pgnrestart`) : startSection(part.body, breakKind),
      );
    }
  });
  out.push('}');
  return Buffer.from(out.join(''), 'latin1');
}
