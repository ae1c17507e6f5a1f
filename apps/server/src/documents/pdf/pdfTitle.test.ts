import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { RenderableDocument } from '../renderable.js';
import { buildCoverSheet } from './coverSheet.js';
import { PdfAssembler } from './mergePdfs.js';
import { renderPdf } from './renderPdf.js';

/** The title a PDF viewer shows: the document's Title, when the PDF asks for it (DisplayDocTitle). */
async function viewerTitle(bytes: Buffer): Promise<string | null> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const prefs = pdf.catalog.lookupMaybe(PDFName.of('ViewerPreferences'), PDFDict);
  const display = prefs?.get(PDFName.of('DisplayDocTitle'))?.toString() === 'true';
  return display ? (pdf.getTitle() ?? null) : null;
}

describe('the title a PDF viewer shows (not the blob URL the PDF was opened from)', () => {
  it('a rendered document shows its own title', async () => {
    const doc: RenderableDocument = { title: 'Progress Note', fields: [], runningHead: null, sections: [] };
    expect(await viewerTitle(await renderPdf(doc))).toBe('Progress Note');
  });

  it('assembled copies show the title they are given', async () => {
    const out = await PdfAssembler.create();
    await out.append(await buildCoverSheet({ recipient: 'Dr A', jobId: 1, pages: 1 }));
    expect(await viewerTitle(await out.toBuffer('Jobs 1, 2'))).toBe('Jobs 1, 2');
  });
});
