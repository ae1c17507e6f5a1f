import { describe, expect, it } from 'vitest';
import { cdaFixtures, compact, fixtureSections } from '../../testing/documents/cdaFixtures.js';
import { readCda } from '../cda/readCda.js';
import type { DocumentFacts } from '../renderable.js';
import { escapeRtf } from './escapeRtf.js';
import { extractRtfText } from './extractRtfText.js';
import { renderCdaRtf } from './renderCdaRtf.js';
import { renderRtf } from './renderRtf.js';

const facts: DocumentFacts = {
  jobId: 7,
  patientName: 'Ørsted, Zoë',
  mrn: 'M-1',
  dateOfBirth: '1980-02-03',
  dictator: 'Dr. Ada {Brace} Back\\slash',
  dictatedAt: new Date('2024-05-06T14:30:00Z'),
  signatures: [],
  signatureVoided: false,
  dateOfService: null,
  workType: 'Consult',
  facility: 'North Facility',
  timeZone: 'America/New_York',
};

describe('escapeRtf', () => {
  it('escapes backslash and braces, and writes line breaks and tabs as control words', () => {
    expect(escapeRtf('a\\b{c}d\ne\tf')).toBe('a\\\\b\\{c\\}d\\line e\\tab f');
  });

  it('writes non-ASCII as signed 16-bit \\uN? with a ? fallback, surrogate pairs for astral characters', () => {
    expect(escapeRtf('é')).toBe('\\u233?');
    expect(escapeRtf('€')).toBe('\\u8364?');
    expect(escapeRtf('\uFFFD')).toBe('\\u-3?');
    expect(escapeRtf('😀')).toBe('\\u-10179?\\u-8704?');
  });

  it('drops other control characters and keeps printable ASCII as it is', () => {
    expect(escapeRtf('a\u0000b\u0007c ~!')).toBe('abc ~!');
  });

  it('keeps a word whole at its hyphens, dashes and slashes; a hyphen between words may still end a line', () => {
    expect(escapeRtf('LOINC 8867-4, BP 120/80, 2009-02-27 - Dr A|B')).toBe(
      'LOINC 8867\\_4, BP 120/\\u8288?80, 2009\\_02\\_27 - Dr A|\\u8288?B',
    );
    expect(escapeRtf('a–b c— d/ /e -f g-')).toBe('a\\u8211?\\u8288?b c\\u8212? d/ /e -f g-');
  });

  it('round-trips through the extractor', () => {
    const text = 'Zoë {x} \\ y — “quoted” 😀 ½ 8867-4 3/0';
    expect(extractRtfText(`{\\rtf1\\ansi\\uc1 ${escapeRtf(text)}}`)).toBe(text);
  });
});

describe('extractRtfText', () => {
  it('reads text, paragraphs, cells and rows, and leaves out tables, info and \\* destinations', () => {
    const rtf =
      '{\\rtf1\\ansi{\\fonttbl{\\f0 Arial;}}{\\colortbl;\\red0\\green0\\blue0;}{\\stylesheet{\\s1 Heading;}}' +
      '{\\info{\\title Secret}{\\author X}}{\\*\\generator Writer;}\\pard Hello {\\b bold} world\\par ' +
      '\\trowd\\cellx100\\cellx200\\pard\\intbl A\\cell B\\cell\\row ' +
      'Page {\\field{\\*\\fldinst PAGE}{\\fldrslt 3}}\\par}';
    expect(extractRtfText(rtf)).toBe('Hello bold world\nA\tB\t\nPage 3\n');
  });

  it("decodes \\'hh as Windows-1252 and \\uN with its fallback skipped under \\ucN", () => {
    expect(extractRtfText("{\\rtf1 caf\\'e9 \\'93q\\'94 \\'80}")).toBe('café “q” €');
    expect(extractRtfText('{\\rtf1\\uc2 a\\u233xxb\\uc1\\u8364?c}')).toBe('aéb€c');
    expect(extractRtfText("{\\rtf1\\uc1\\u233\\'e9!}")).toBe('é!');
  });

  it('reads escaped symbols, named punctuation and a negative \\u', () => {
    expect(extractRtfText('{\\rtf1 \\{a\\}\\\\ \\emdash\\bullet\\~\\u-3?}')).toBe(
      '{a}\\ \u2014\u2022\u00A0\uFFFD',
    );
  });
});

describe('renderRtf', () => {
  it('writes a valid RTF frame with page-number fields and a header that repeats the patient', () => {
    const rtf = renderRtf({
      title: 'T',
      fields: [],
      sections: [],
      runningHead: 'Ørsted, Zoë · Job 7',
    }).toString('latin1');
    expect(rtf.startsWith('{\\rtf1\\ansi')).toBe(true);
    expect(rtf.trimEnd().endsWith('}')).toBe(true);
    expect(rtf).toContain('{\\field{\\*\\fldinst PAGE}{\\fldrslt 1}}');
    expect(rtf).toContain('{\\field{\\*\\fldinst NUMPAGES}{\\fldrslt 1}}');
    expect([...rtf].every((ch) => ch.charCodeAt(0) < 0x80)).toBe(true);
    let depth = 0;
    for (const [i, ch] of [...rtf].entries()) {
      if (rtf[i - 1] === '\\') continue;
      if (ch === '{') depth++;
      if (ch === '}') depth--;
      expect(depth).toBeGreaterThanOrEqual(0);
    }
    expect(depth).toBe(0);
    expect(extractRtfText(rtf)).toContain('Page 1 of 1');
  });

  it('puts the job facts in the header and escapes them', () => {
    const cda = readCda(cdaFixtures()[0]!.bytes);
    const text = extractRtfText(renderCdaRtf(cda, facts));
    for (const value of [
      'Ørsted, Zoë',
      'M-1',
      '02/03/1980',
      'Dr. Ada {Brace} Back\\slash',
      '05/06/2024 10:30 EDT',
    ]) {
      expect(text).toContain(value);
    }
    expect(text).toContain('North Facility');
    expect(text).toContain('Consult');
  });

  for (const { name, bytes } of cdaFixtures()) {
    it(`carries every section title and narrative word of ${name}`, () => {
      const text = compact(extractRtfText(renderCdaRtf(readCda(bytes), facts)));
      for (const section of fixtureSections(bytes.toString('utf8'))) {
        expect(text).toContain(compact(section.title));
        for (const word of section.words) expect(text).toContain(compact(word));
      }
    });
  }
});
