import { DOCUMENT_DATE_FORMATS, formatJobDateTime, message } from '@quill/core';
import PDFDocument from 'pdfkit';
import { documentFonts } from './fonts.js';

/** What a cover sheet names. Names are printed as given; leave out what the reader may not see. */
export interface CoverSheetInfo {
  /** Whom this copy is for; null for the single (file) copy. */
  recipient: string | null;
  /** The job of a copy's sheet; a fax names its jobs in `jobs` instead. */
  jobId?: number;
  patientName?: string | null;
  /** Each job a fax carries, in order: its id, its patient and its pages (issue 39). */
  jobs?: readonly CoverSheetJob[];
  dictatorName?: string | null;
  facility?: string | null;
  /** Pages of what the sheet goes with, the cover sheet included. */
  pages: number;
  /** The recipient's fax number (fax cover sheets). */
  faxNumber?: string | null;
  /** The sender (fax cover sheets): a facility or person name. */
  from?: string;
  /** When the sheet was made; now unless given. */
  date?: Date;
  /** IANA zone the date is printed in (the client facility's); UTC unless given. */
  timeZone?: string;
}

/** One job of a fax, as its cover sheet lists it. */
export interface CoverSheetJob {
  jobId: number;
  patientName: string | null;
  pages: number;
}

const MARGIN = 72;

/**
 * Label/value lines of a cover sheet, in print order; empty values are left out (and the page
 * count when not known, as for RTF copies, which the word processor paginates).
 */
export function coverSheetLines(
  info: Omit<CoverSheetInfo, 'pages'> & { pages?: number },
): [string, string][] {
  const out: [string, string | null | undefined][] = [
    [message('documents.coverSheet.to'), info.recipient ?? message('documents.coverSheet.fileCopy')],
    [message('documents.coverSheet.fax'), info.faxNumber],
    [message('documents.coverSheet.from'), info.from],
    [
      message('documents.coverSheet.date'),
      formatJobDateTime(info.date ?? new Date(), info.timeZone ?? 'UTC', DOCUMENT_DATE_FORMATS, {
        zoneLabel: true,
      }),
    ],
    [message('documents.coverSheet.jobId'), info.jobId === undefined ? null : String(info.jobId)],
    [message('documents.coverSheet.patient'), info.patientName],
    [message('documents.coverSheet.dictator'), info.dictatorName],
    [message('documents.coverSheet.facility'), info.facility],
    [
      message('documents.coverSheet.pages'),
      info.pages === undefined
        ? null
        : info.jobs?.length
          ? message('documents.coverSheet.pagesWithCover', { pages: info.pages })
          : String(info.pages),
    ],
  ];
  return out.filter((l): l is [string, string] => typeof l[1] === 'string' && l[1].trim() !== '');
}

/**
 * A one-page US Letter cover sheet (pdfkit, DejaVu Sans embedded so any name prints) naming the
 * copy's recipient — "File copy" for the single copy — and the job it goes with. Used before each
 * printed copy (FormatMultiplePdfJobs) and before each fax.
 */
export async function buildCoverSheet(info: CoverSheetInfo): Promise<Buffer> {
  return buildCoverSheets([info]);
}

/**
 * Several cover sheets as one PDF, page i for `infos[i]`. Embedding the font is most of a sheet's
 * cost, so a call that prints many copies makes its sheets in one document.
 */
export async function buildCoverSheets(infos: readonly CoverSheetInfo[]): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: message('documents.coverSheet.title'), Creator: 'Quill' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const fonts = documentFonts();
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  for (const info of infos) {
    doc.addPage();
    drawSheet(doc, info);
  }
  doc.end();
  return done;
}

/**
 * The jobs a fax carries as a table — Job ID, Patient, Pages — one line each (long names cut with
 * an ellipsis), so whoever receives it sees first whose documents are in it.
 */
function drawJobs(doc: PDFKit.PDFDocument, jobs: readonly CoverSheetJob[], bottom: number): void {
  const width = doc.page.width - 2 * MARGIN;
  const columns = [
    { label: message('documents.coverSheet.jobId'), x: MARGIN, width: 110 },
    { label: message('documents.coverSheet.patient'), x: MARGIN + 110, width: width - 190 },
    { label: message('documents.coverSheet.jobPages'), x: MARGIN + width - 80, width: 80 },
  ];
  doc.y += 8;
  doc.font('bold').fontSize(14).text(message('documents.coverSheet.jobs'), MARGIN, doc.y, { width });
  doc.moveDown(0.4);
  const row = (cells: string[], font: 'bold' | 'regular') => {
    const y = doc.y;
    doc.font(font).fontSize(12);
    cells.forEach((cell, i) => {
      const c = columns[i]!;
      doc.text(cell, c.x, y, { width: c.width - 8, height: 16, ellipsis: true, lineBreak: false });
    });
    doc.y = y + 20;
  };
  row(
    columns.map((c) => c.label),
    'bold',
  );
  doc
    .moveTo(MARGIN, doc.y - 4)
    .lineTo(MARGIN + width, doc.y - 4)
    .lineWidth(0.75)
    .stroke();
  for (const job of jobs) {
    if (doc.y > bottom - 16) break;
    row([String(job.jobId), job.patientName ?? '', String(job.pages)], 'regular');
  }
}

function drawSheet(doc: PDFKit.PDFDocument, info: CoverSheetInfo): void {
  const width = doc.page.width - 2 * MARGIN;
  doc.font('bold').fontSize(28).text(message('documents.coverSheet.title'), MARGIN, MARGIN, { width });
  doc.moveDown(0.3);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .lineWidth(1.5)
    .stroke();
  doc.moveDown(1.2);

  const labelWidth = 170;
  // Long values are cut to what fits above the notice, so a sheet is always one page.
  const bottom = doc.page.height - MARGIN - 60;
  for (const [label, value] of coverSheetLines(info)) {
    const y = doc.y;
    if (y > bottom - 20) break;
    doc
      .font('bold')
      .fontSize(13)
      .text(label, MARGIN, y, { width: labelWidth - 10 });
    const afterLabel = doc.y;
    doc
      .font('regular')
      .fontSize(13)
      .text(value, MARGIN + labelWidth, y, { width: width - labelWidth, height: bottom - y, ellipsis: true });
    doc.y = Math.max(afterLabel, doc.y) + 10;
  }
  if (info.jobs?.length) drawJobs(doc, info.jobs, bottom);

  doc
    .font('regular')
    .fontSize(9)
    .text(message('documents.coverSheet.confidential'), MARGIN, doc.page.height - MARGIN - 40, {
      width,
      height: 40,
    });
}
