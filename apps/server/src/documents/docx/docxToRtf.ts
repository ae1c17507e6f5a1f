import type { DocumentLimits } from '../limits.js';
import { renderRtf } from '../rtf/renderRtf.js';
import { readDocx } from './readDocx.js';

/**
 * A Word document as RTF, from the text of its word/document.xml: paragraphs (bold, italic,
 * underline), tabs, line breaks and tables, with page numbers in the footer.
 */
export async function docxToRtf(bytes: Buffer, limits?: DocumentLimits): Promise<Buffer> {
  const blocks = await readDocx(bytes, limits);
  return renderRtf({
    title: null,
    fields: [],
    sections: [{ title: '', code: null, blocks, sections: [] }],
    runningHead: null,
  });
}
