import { describe, expect, it } from 'vitest';
import { joinRtfCopies, splitRtf } from './joinRtfCopies.js';

const HEADER =
  '{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\fswiss DejaVu Sans;}{\\f1\\fmodern Mono;}}\n' +
  '{\\colortbl;\\red0\\green0\\blue0;}{\\*\\generator Quill;}{\\info{\\title Job \\{1\\}}}\\paperw12240\\paperh15840\\margl1440\n';
const doc = (text: string, lead = '\\pard\\plain ') => `${HEADER}${lead}${text}\\par\n}`;

/** Braces balance outside escapes. */
function balanced(rtf: string): boolean {
  let depth = 0;
  for (let i = 0; i < rtf.length; i++) {
    if (rtf[i] === '\\') i++;
    else if (rtf[i] === '{') depth++;
    else if (rtf[i] === '}' && --depth < 0) return false;
  }
  return depth === 0;
}

describe('splitRtf', () => {
  it('takes tables, information and document settings as header, the rest as text', () => {
    const { header, body } = splitRtf(doc('Hello {\\b world}'));
    expect(header).toBe(HEADER);
    expect(body).toBe('\\pard\\plain Hello {\\b world}\\par\n');
  });

  it('stops at text or a group that is not a table', () => {
    expect(splitRtf(`${HEADER}{\\b bold}\\par}`).body).toBe('{\\b bold}\\par');
    expect(splitRtf(`${HEADER}plain text}`).body).toBe('plain text');
  });

  it('refuses what is not RTF', () => {
    expect(() => splitRtf('hello')).toThrow('Not an RTF document');
  });
});

describe('joinRtfCopies', () => {
  it('keeps one header and puts each copy in a new section starting on a new page', () => {
    const out = joinRtfCopies(
      [
        { rtf: doc('First'), cover: null },
        { rtf: Buffer.from(doc('Second')), cover: null },
      ],
      { duplex: false },
    ).toString('latin1');
    expect(out.startsWith(HEADER)).toBe(true);
    expect(out.match(/\\fonttbl/g)).toHaveLength(1);
    expect(out).toMatch(/First\\par\n\n\\sect\\sectd\\sbkpage\\pgnrestart \\pard\\plain Second/);
    expect(out).not.toContain('sbkodd');
    expect(balanced(out)).toBe(true);
  });

  it('starts every duplex copy on an odd page, and a cover page before each document', () => {
    const cover = { jobId: 7, recipient: 'Dr Zoë {A}', facility: 'North', date: new Date(0) };
    const out = joinRtfCopies(
      [
        { rtf: doc('Body'), cover },
        { rtf: doc('Body'), cover: { ...cover, recipient: null } },
      ],
      { duplex: true },
    ).toString('latin1');
    expect(out.match(/\\sbkodd/g)).toHaveLength(2);
    expect(out.match(/Cover Sheet/g)).toHaveLength(2);
    expect(out).toContain('Dr Zo\\u235? \\{A\\}');
    expect(out).toContain('File copy');
    // Cover section, then the document in a section of its own starting on the next page.
    expect(out).toMatch(/destroy it\.\\par\}\n\\sect\\sectd\\sbkpage\\pgnrestart \\pard\\plain Body/);
    // The cover page shows no running head or footer of any job.
    expect(
      out.match(/\\sectd\\sbkodd\\titlepg\{\\headerf\\pard\\plain\\par\}\{\\footerf\\pard\\plain\\par\}/g),
    ).toHaveLength(2);
    expect(balanced(out)).toBe(true);
  });

  it('puts the break kind after a document’s own leading \\sectd', () => {
    const out = joinRtfCopies(
      [
        { rtf: doc('A', '\\sectd\\margl1000 \\pard '), cover: null },
        { rtf: doc('B', '\\sectd\\margl1000 \\pard '), cover: null },
      ],
      { duplex: true },
    ).toString('latin1');
    expect(out).toContain('\\sectd\\sbkodd \\margl1000 \\pard A');
    expect(out).toContain('\\sect\\sectd\\sbkodd\\pgnrestart \\margl1000 \\pard B');
  });
});
