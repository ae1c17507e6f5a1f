import { type AddendumMark, SAVE_MODES } from '@quill/core';
import { documentVersions } from '../../db/schema/index.js';
import type { SaveDocumentState } from './documentState.js';
import type { StoredDocument } from './newDocument.js';
import { type SaveRequest, type SaveStep, saveSource } from './saveRequest.js';

/** What a save stores as document versions, besides the job and the version. */
export interface VersionInput {
  req: Pick<SaveRequest, 'jobId' | 'mode' | 'docx'>;
  accountId: number | null;
  version: number;
  /** The save's new document (newDocument.ts), or null. */
  blob: StoredDocument | null;
  typedChars: number | null;
  /** The working document as read under the lock. */
  current: SaveDocumentState['current'];
  /** The new document is an addendum (issue 43, addendumText.ts): the version it amends and why. */
  addendum?: AddendumMark | null;
}

/**
 * The document version rows of a save, all numbered `version`: its new document, and in draft
 * mode a draft copy of what the job then holds (the new document, else the working one), each
 * marked as the addendum the new document is (issue 43). None
 * when the save stores no document and is no draft save of a job with one.
 */
export function newVersionRows(input: VersionInput) {
  const { req, accountId, version, blob, typedChars, current, addendum } = input;
  const draftSource =
    blob ?? (current ? { key: current.blobKey, size: current.size, format: current.format } : null);
  const stored = [
    ...(blob ? [{ ...blob, isDraft: false }] : []),
    ...(req.mode === SAVE_MODES.draft && draftSource ? [{ ...draftSource, isDraft: true }] : []),
  ];
  return stored.map((v) => ({
    jobId: req.jobId,
    version,
    format: v.format,
    blobKey: v.key,
    size: v.size,
    isDraft: v.isDraft,
    source: saveSource(req),
    typedChars: v.isDraft ? null : typedChars,
    createdByAccountId: accountId,
    ...(addendum ? { addendumOfVersion: addendum.ofVersion, addendumReason: addendum.reason } : {}),
  }));
}

/** Step 4 of a save's transaction: the new document version rows ({@link newVersionRows}). */
export async function insertDocumentVersions(
  { tx, req, auth }: Pick<SaveStep, 'tx' | 'req' | 'auth'>,
  input: Omit<VersionInput, 'req' | 'accountId'>,
): Promise<void> {
  const rows = newVersionRows({ req, accountId: auth.accountId, ...input });
  if (rows.length) await tx.insert(documentVersions).values(rows);
}
