import { type CdaEdits, message } from '@quill/core';
import { applyCdaEdits, CdaEditError } from '../../documents/cda/edit/applyCdaEdits.js';
import { XmlScanError } from '../../documents/cda/edit/xmlScanner.js';
import { NotCdaError } from '../../documents/cda/readCda.js';
import { XmlSyntaxError } from '../../documents/cda/xmlTree.js';
import { invalid } from '../../errors/domainErrors.js';

/**
 * The job's CDA document with the editor's narrative edits applied: only the edited sections'
 * `<text>` change, every other byte is the original's (no edits → the original). An unknown or
 * read-only section, or a stored document that cannot be edited, answers 400 with the reason.
 */
export function applyDocumentEdits(original: string, edits: CdaEdits): string {
  try {
    return applyCdaEdits(original, edits);
  } catch (err) {
    if (err instanceof CdaEditError) throw invalid(err.message);
    if (err instanceof XmlSyntaxError || err instanceof NotCdaError || err instanceof XmlScanError)
      throw invalid(message('documents.edit.notEditable', { detail: err.detail }));
    throw err;
  }
}
