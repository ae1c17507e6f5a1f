import PDFDocument from 'pdfkit';
import { registerDocumentFonts } from './fonts.js';
import type { Measure } from './wrapRuns.js';

/**
 * Text widths in the document fonts (the PDF's, and the RTF's DejaVu Sans), for one render only:
 * the cache and the measuring document hold its text, which is patient data, so nothing outlives
 * the render. Without a document, one is made on the first measurement.
 */
export function textMeasure(doc?: PDFKit.PDFDocument): Measure {
  let pdf = doc;
  // Widths at size 1: a width is proportional to the size.
  const unitWidths = new Map<string, number>();
  return (text, face, size) => {
    const key = `${face}\u0000${text}`;
    let w = unitWidths.get(key);
    if (w === undefined) {
      if (!pdf) {
        pdf = new PDFDocument({ autoFirstPage: false });
        registerDocumentFonts(pdf);
      }
      w = pdf.font(face).fontSize(1000).widthOfString(text) / 1000;
      unitWidths.set(key, w);
    }
    return w * size;
  };
}
