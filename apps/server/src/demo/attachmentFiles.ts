import PDFDocument from 'pdfkit';
import { registerDocumentFonts } from '../documents/pdf/fonts.js';
import { encodeGreyPng } from './files/png.js';
import { Raster } from './files/raster.js';
import type { Rng } from './prng.js';

/** One result line of a lab report: test, value, unit, reference range and flag (H, L or ''). */
export type LabLine = [test: string, value: string, unit: string, range: string, flag: string];

/** A panel of an outside laboratory's report. */
export interface LabPanel {
  title: string;
  lines: LabLine[];
}

/** What a demo document says about when and for whom (synthetic people only). */
export interface DocumentFacts {
  date: Date;
  patient: string;
  mrn: string;
  physician: string;
  facility: string;
}

const LAB = {
  name: 'Tri-County Reference Laboratory',
  address: '400 Commerce Park Drive, Suite 12 · Riverside · (555) 010-4400',
  clia: 'CLIA 99D0000000 (demonstration)',
};

const day = (d: Date) => d.toISOString().slice(0, 10);
const time = (d: Date) => d.toISOString().slice(11, 16);

/**
 * An outside laboratory's result report as a one-page PDF (pdfkit, DejaVu Sans embedded): the
 * laboratory's letterhead, patient and specimen facts, and the panel's results with reference
 * ranges and H/L flags. Deterministic: the creation date is the report's.
 */
export async function labResultPdf(panel: LabPanel, facts: DocumentFacts, specimen: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    info: { Title: `${panel.title} — ${LAB.name}`, Author: LAB.name, CreationDate: facts.date },
  });
  registerDocumentFonts(doc);
  // Font resources get their names in the order of first use, which the font cache changes for
  // the first document of a process: use every face once, in one order, so the bytes never vary.
  for (const face of ['regular', 'bold', 'italic', 'boldItalic'] as const) doc.font(face);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.font('bold').fontSize(16).text(LAB.name);
  doc.font('regular').fontSize(8.5).fillColor('#444').text(LAB.address).text(LAB.clia);
  doc
    .moveTo(54, doc.y + 6)
    .lineTo(558, doc.y + 6)
    .lineWidth(1.2)
    .strokeColor('#1c5d99')
    .stroke();
  doc
    .moveDown(1.2)
    .fillColor('black')
    .font('bold')
    .fontSize(12)
    .text(`LABORATORY REPORT — ${panel.title.toUpperCase()}`);
  doc.moveDown(0.6).fontSize(9);
  const facts2: [string, string][] = [
    ['Patient', facts.patient],
    ['MRN', facts.mrn],
    ['Ordering physician', facts.physician],
    ['Client', facts.facility],
    ['Specimen', specimen],
    ['Collected', `${day(facts.date)} ${time(facts.date)} UTC`],
    ['Reported', `${day(new Date(facts.date.getTime() + 5 * 3_600_000))} (final)`],
  ];
  const top = doc.y;
  facts2.forEach(([label, value], i) => {
    const x = i < 4 ? 54 : 320;
    const y = top + (i % 4) * 14;
    doc.font('bold').text(`${label}:`, x, y, { continued: true }).font('regular').text(` ${value}`);
  });
  doc.y = top + 4 * 14 + 12;
  const cols = [54, 250, 330, 390, 510];
  const header = ['Test', 'Result', 'Unit', 'Reference range', 'Flag'];
  doc
    .rect(54, doc.y - 3, 504, 16)
    .fill('#e8eef5')
    .fillColor('black')
    .font('bold');
  let y = doc.y;
  header.forEach((h, i) => {
    doc.text(h, cols[i]!, y, { lineBreak: false });
  });
  y += 18;
  doc.font('regular');
  for (const line of panel.lines) {
    line.forEach((cell, i) => {
      doc.font(i === 4 && cell ? 'bold' : 'regular').fillColor(i === 4 && cell ? '#b00020' : 'black');
      doc.text(cell, cols[i]!, y, { lineBreak: false });
    });
    y += 15;
  }
  doc.fillColor('black').font('italic').fontSize(8);
  doc.text(
    'H = above, L = below the reference range. Results were produced by a laboratory outside this facility and are filed as received.',
    54,
    y + 18,
    { width: 504 },
  );
  doc
    .moveDown(1)
    .font('regular')
    .text('Synthetic demonstration document: it describes no real person.', { width: 504 });
  doc.end();
  return done;
}

/** What a referral letter says. */
export interface Referral {
  from: { name: string; practice: string; address: string; phone: string };
  reason: string;
  body: string[];
}

/** Lines of at most `width` pixels at `sizePx` (greedy, by words). */
function wrap(page: Raster, text: string, width: number, sizePx: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && page.measure(next, sizePx) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A faxed referral letter as a scanned page: a greyscale PNG at 100 dpi (US Letter), the text in
 * DejaVu Sans a little grey and a few rows' slant, with scanner dust — what an image attachment
 * usually is. Deterministic for the same facts and `rng` state.
 */
export function referralLetterPng(letter: Referral, facts: DocumentFacts, rng: Rng): Buffer {
  const page = new Raster(850, 1100);
  const left = 85;
  const width = 680;
  const faxed = new Date(facts.date.getTime() - 86_400_000 + rng.int(0, 28_800) * 1000);
  page.text(
    `${day(faxed)} ${time(faxed)}   FROM: ${letter.from.practice}   ${letter.from.phone.replace(/\d{2}$/, '99')}   P. 1/1`,
    40,
    26,
    11,
    { ink: 90 },
  );
  let y = 120;
  page.text(letter.from.practice, left, y, 26, { face: 'bold' });
  y += 28;
  for (const l of [
    letter.from.address,
    `Tel ${letter.from.phone} · Fax ${letter.from.phone.replace(/\d{2}$/, '99')}`,
  ]) {
    page.text(l, left, y, 14, { ink: 70 });
    y += 20;
  }
  page.rect(left, y, width, 2, 90);
  y += 46;
  page.text(day(facts.date), left, y, 16);
  y += 40;
  for (const l of [`To: ${facts.physician}`, facts.facility]) {
    page.text(l, left, y, 16);
    y += 24;
  }
  y += 16;
  page.text(`Re: ${facts.patient} (MRN ${facts.mrn}) — ${letter.reason}`, left, y, 16, { face: 'bold' });
  y += 40;
  page.text('Dear Colleague,', left, y, 16);
  y += 34;
  for (const paragraph of letter.body) {
    for (const l of wrap(page, paragraph, width, 16)) {
      page.text(l, left + rng.int(0, 1), y, 16, { ink: 25 + rng.int(0, 25) });
      y += 24;
    }
    y += 12;
  }
  y += 10;
  page.text('Kind regards,', left, y, 16);
  y += 60;
  page.text(letter.from.name, left, y, 18, { face: 'italic' });
  y += 26;
  page.text(letter.from.practice, left, y, 14, { ink: 70 });
  page.text('Synthetic demonstration document: it describes no real person.', left, 1040, 11, { ink: 110 });
  page.speckle(140, () => rng.next());
  return encodeGreyPng(page.width, page.height, page.pixels);
}
