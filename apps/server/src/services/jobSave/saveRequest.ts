import type { CdaEdits, IdentityConfirmation, JobDataRequest, SaveMode } from '@quill/core';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { jobs } from '../../db/schema/index.js';
import type { Auth } from '../auth/auth.js';

/**
 * Whose booking a save writes under: the job view's booking cookie, or (WOPI PutFile) the lock
 * the account's WOPI client set on its booking.
 */
export type SaveHolder = { bookingCookie: string } | { wopiLock: string };

/**
 * A save: savejob (a save mode with job data), saveCDA ('text'), setjobdata ('data'),
 * saveWordDocument (a save mode; the Word document as the WOPI client's PutFiles left it) or a
 * WOPI PutFile ('text' with a whole Word document).
 */
export interface SaveRequest {
  jobId: number;
  /** The job version the edit was based on (savejob, saveCDA, saveWordDocument, PutFile). */
  version: number | null;
  holder: SaveHolder;
  mode: SaveMode | 'text' | 'data';
  jobData: JobDataRequest | null;
  cda: CdaEdits | null;
  /** A whole Word document (PutFile), already checked to be one: stored as the new version. */
  docx?: Buffer;
  /**
   * saveWordDocument: `version` is where the Word edit started, so the versions this booking's own
   * PutFiles made since (bookings.wordBaseVersion) are not newer.
   */
  wordEdit?: boolean;
  /** Releases the job although a patient-identity rule fails (issue 39; otherwise 409, nothing saved). */
  identityConfirmation?: IdentityConfirmation | null;
  /** Runs in the transaction once the new version is known (PutFile moves its token on). */
  afterSave?: (tx: Db, version: number) => Promise<void>;
}

/** A save mode that moves the job (not saveCDA's 'text' nor setjobdata's 'data'). */
export const isModeSave = (mode: SaveRequest['mode']): mode is SaveMode => mode !== 'text' && mode !== 'data';

/** The job row as a save reads it, locked. */
export type Job = typeof jobs.$inferSelect;

/** The job's own columns a save writes with its version (the last statement of the save). */
export type JobColumns = Partial<typeof jobs.$inferInsert>;

/** What every step inside the save's transaction is given: who saves what, where. */
export interface SaveStep {
  ctx: AppContext;
  tx: Db;
  auth: Auth;
  req: SaveRequest;
  ip: string | null;
}

/** Where a save's new document came from, as its version row and audit name it. */
export const saveSource = (req: Pick<SaveRequest, 'docx'>) => (req.docx ? 'wopi' : 'save');
