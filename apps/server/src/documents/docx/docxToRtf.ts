import type { DocumentLimits } from '../limits.js';
import { type DocumentFacts, signatureParts } from '../renderable.js';
import { renderRtf } from '../rtf/renderRtf.js';
import { readDocx } from './readDocx.js';

/**
 * A Word document as RTF, from the text of its word/document.xml: paragraphs (bold, italic,
 * underline), tabs, line breaks and tables, with page numbers in the footer; with the job's
 * `facts`, its state and Quill's signature lines (issue 43).
 */
export async function docxToRtf(
  bytes: Buffer,
  limits?: DocumentLimits,
  facts?: DocumentFacts,
): Promise<Buffer> {
  const blocks = await readDocx(bytes, limits);
  return renderRtf({
    title: null,
    fields: [],
    sections: [{ title: '', code: null, blocks, sections: [] }],
    runningHead: null,
    ...(facts ? signatureParts(facts) : {}),
  });
}
