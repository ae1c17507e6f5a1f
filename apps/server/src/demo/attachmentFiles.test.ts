import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../testing/documents/pdfText.js';
import { type LabLine, labResultPdf, referralLetterPng } from './attachmentFiles.js';
import { REFERRALS, REFERRING_PRACTICES } from './pools/attachmentContent.js';
import { Rng } from './prng.js';

const facts = {
  date: new Date('2026-11-24T09:30:00Z'),
  patient: 'Lovelace, Ada',
  mrn: 'MRN000123',
  physician: 'Dr Gregory House',
  facility: 'Riverside General Hospital',
};
const letter = { from: REFERRING_PRACTICES[0]!, ...REFERRALS[0]! };
const panel = {
  title: 'Basic Metabolic Panel',
  lines: [
    ['Sodium', '139', 'mmol/L', '135–145', ''],
    ['Potassium', '5.6', 'mmol/L', '3.5–5.1', 'H'],
  ] as LabLine[],
};

/** Width, height and grey pixels of the PNGs referralLetterPng writes (greyscale, filter 0 rows). */
function readGreyPng(png: Buffer) {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  let at = 8;
  const idat: Buffer[] = [];
  let width = 0;
  let height = 0;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString('latin1');
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') [width, height] = [data.readUInt32BE(0), data.readUInt32BE(4)];
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  const rows = inflateSync(Buffer.concat(idat));
  expect(rows.length).toBe((width + 1) * height);
  return { width, height, rows };
}

describe('demo attachment files', () => {
  it('renders a lab report PDF whose text an independent reader finds, with H/L flags', async () => {
    const pdf = await labResultPdf(panel, facts, 'S-2026-004411');
    const text = await pdfText(pdf);
    for (const words of [
      'Tri-County Reference Laboratory',
      'BASIC METABOLIC PANEL',
      'Lovelace, Ada',
      'Potassium',
      'S-2026-004411',
    ])
      expect(text).toContain(words);
    expect(text).toMatch(/Potassium\s+5\.6\s+mmol\/L\s+3\.5–5\.1\s+H/);
    // The same facts give the same bytes (the demo's blobs are content-addressed).
    const again = await labResultPdf(panel, facts, 'S-2026-004411');
    expect(again.equals(pdf)).toBe(true);
  });

  it('renders a referral letter as a greyscale letter-size scan with ink on it, the same each time', () => {
    const png = referralLetterPng(letter, facts, new Rng(7));
    const { width, height, rows } = readGreyPng(png);
    expect([width, height]).toEqual([850, 1100]);
    let dark = 0;
    for (let y = 0; y < height; y++)
      for (let x = 1; x <= width; x++) if (rows[y * (width + 1) + x]! < 128) dark++;
    // Text covers a few per cent of a letter page; dust alone would be far less.
    expect(dark / (width * height)).toBeGreaterThan(0.01);
    expect(dark / (width * height)).toBeLessThan(0.15);
    expect(referralLetterPng(letter, facts, new Rng(7)).equals(png)).toBe(true);
    expect(referralLetterPng(letter, facts, new Rng(8)).equals(png)).toBe(false);
  });
});
