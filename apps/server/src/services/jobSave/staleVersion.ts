import { message } from '@quill/core';
import { conflict } from '../../errors/domainErrors.js';
import type { Job, SaveRequest } from './saveRequest.js';

/** What the stale check compares, as the save read it before and inside its transaction. */
export interface StaleCheck {
  req: Pick<SaveRequest, 'jobId' | 'version' | 'wordEdit'>;
  locked: Pick<Job, 'version'>;
  booking: { wordBaseVersion: number | null };
  /** The CDA document read before the transaction (null: none), undefined when the save read none. */
  readDocumentId: number | null | undefined;
  /** The working document as read under the lock. */
  inTx: { id: number; format: string } | null;
}

/**
 * Whether the save was based on an older job than the locked one: another version than the
 * job's (the versions since a Word edit started are the booking's own PutFiles: not newer), or a
 * CDA read before the transaction that is no longer the job's text (an import replaced it).
 */
export function isStale({ req, locked, booking, readDocumentId, inTx }: StaleCheck): boolean {
  const ownWordVersions =
    req.wordEdit === true && booking.wordBaseVersion !== null && req.version === booking.wordBaseVersion;
  if (req.version !== null && req.version !== locked.version && !ownWordVersions) return true;
  return readDocumentId !== undefined && readDocumentId !== (inTx?.format === 'CDA' ? inTx.id : null);
}

/** 409 stale_version (nothing changed) when {@link isStale}. */
export function refuseStale(check: StaleCheck): void {
  if (!isStale(check)) return;
  const { req, locked } = check;
  throw conflict(
    message('job.staleVersion', {
      jobId: req.jobId,
      current: locked.version,
      version: req.version ?? locked.version,
    }),
    'stale_version',
  );
}
