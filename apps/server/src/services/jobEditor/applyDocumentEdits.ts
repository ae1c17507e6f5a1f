import { type CdaEditModel, type CdaEdits, message } from '@quill/core';
import type { AppContext } from '../../context.js';
import { CdaEditError } from '../../documents/cda/edit/applyCdaEdits.js';
import { XmlScanError } from '../../documents/cda/edit/xmlScanner.js';
import { NotCdaError } from '../../documents/cda/readCda.js';
import { XmlSyntaxError } from '../../documents/cda/xmlTree.js';
import { documentRefusal } from '../../documents/documentRefusal.js';
import { invalid } from '../../errors/domainErrors.js';

/**
 * The job's CDA document with the editor's narrative edits applied: only the edited sections'
 * `<text>` change, every other byte is the original's (no edits → the original). An unknown or
 * read-only section, or a stored document that cannot be edited, answers 400 with the reason.
 */
export async function applyDocumentEdits(
  ctx: AppContext,
  original: string,
  edits: CdaEdits,
): Promise<string> {
  if (!edits.sections.length) return original;
  try {
    return await ctx.documents.run('applyCdaEdits', { xml: original, edits });
  } catch (err) {
    throw editRefusal(err);
  }
}

/** The editing model of the job's CDA text (read on a document thread); 400 when it cannot be edited. */
export async function readEditModel(ctx: AppContext, xml: string): Promise<CdaEditModel> {
  try {
    return await ctx.documents.run('readCdaEditModel', { xml });
  } catch (err) {
    throw editRefusal(err);
  }
}

function editRefusal(err: unknown): unknown {
  const refusal = documentRefusal(err);
  if (refusal) return refusal;
  if (err instanceof CdaEditError) return invalid(err.message);
  if (err instanceof XmlSyntaxError || err instanceof NotCdaError || err instanceof XmlScanError)
    return invalid(message('documents.edit.notEditable', { detail: err.detail }));
  return err;
}
