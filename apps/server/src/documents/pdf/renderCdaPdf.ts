import { message } from '@quill/core';
import { PDFDocument } from 'pdf-lib';
import type { CdaDocument } from '../cda/readCda.js';
import { cdaRenderable, type DocumentFacts } from '../renderable.js';
import { PdfAssembler } from './mergePdfs.js';
import { type PageSize, renderPdf } from './renderPdf.js';

/** The pages of an embedded PDF when pdf-lib can read it (and it has any), else null. */
async function readablePdf(bytes: Buffer): Promise<number | null> {
  try {
    const pages = (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
    return pages > 0 ? pages : null;
  } catch {
    return null;
  }
}

/**
 * A CDA document as PDF: the job's facts and the document's own header, then every section's
 * title and narrative, with page numbers. A non-XML body that is an embedded PDF (issue 40) has its
 * pages appended after a note saying so; one pdf-lib cannot read is a note instead.
 */
export async function renderCdaPdf(
  cda: CdaDocument,
  facts: DocumentFacts,
  opts: { size?: PageSize } = {},
): Promise<Buffer> {
  const content = cda.nonXmlBody?.content;
  if (content?.kind !== 'pdf') return renderPdf(cdaRenderable(cda, facts), opts);
  const pages = await readablePdf(content.bytes);
  const bodyNote =
    pages === null
      ? message('documents.render.body.unreadablePdf')
      : message('documents.render.body.embeddedPdfFollows', { count: pages });
  const renderable = cdaRenderable(cda, facts, { bodyNote });
  const rendered = await renderPdf(renderable, opts);
  if (pages === null) return rendered;
  try {
    const assembler = await PdfAssembler.create();
    await assembler.append(rendered);
    await assembler.append(content.bytes);
    assembler.endCopy(false);
    return await assembler.toBuffer(renderable.title ?? undefined);
  } catch {
    // Read but not copied (a page tree pdf-lib loads yet cannot copy): the note says so instead.
    return renderPdf(
      cdaRenderable(cda, facts, { bodyNote: message('documents.render.body.unreadablePdf') }),
      opts,
    );
  }
}
