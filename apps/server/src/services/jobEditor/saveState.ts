import { type HoldQueueFlag, message } from '@quill/core';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookings, jobs } from '../../db/schema/index.js';
import { notFound } from '../../errors/domainErrors.js';
import { rowsOf } from '../audit/auditHash.js';
import { hashBookingCookie } from './booking.js';
import { workingDocumentId } from './currentDocument.js';
import type { SaveHolder } from './persistSave.js';
import { holdingBooking } from './saveDocument.js';

/**
 * The first statement of a save's transaction: the job row locked with the booking it writes
 * under. By the job view's cookie, the job and its live booking are read and locked by ONE
 * statement — both rows locked, so a booking released or replaced while the statement waited on
 * the lock is read as it is now, not as it was; null when there is no such live booking (or no
 * job). By a WOPI lock (PutFile) the job is locked first and the booking read after
 * (saveDocument.holdingBooking: 409 with the current lock).
 */
export async function lockJobAndBooking(tx: Db, jobId: number, accountId: number, holder: SaveHolder) {
  if ('bookingCookie' in holder) {
    const [row] = await tx
      .select({ job: jobs, booking: bookings })
      .from(jobs)
      .innerJoin(
        bookings,
        and(
          eq(bookings.jobId, jobs.id),
          eq(bookings.accountId, accountId),
          eq(bookings.cookieHash, hashBookingCookie(holder.bookingCookie)),
          gt(bookings.expiresAt, sql`now()`),
        ),
      )
      .where(eq(jobs.id, jobId))
      .for('update', { of: [jobs, bookings] });
    return row ? { locked: row.job, booking: row.booking } : null;
  }
  const [locked] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for('update');
  if (!locked) throw notFound(message('job.notFound', { jobId }));
  return { locked, booking: await holdingBooking(tx, jobId, accountId, holder) };
}

/** What a save reads of the job's documents and flags once the job is locked. */
export interface SaveDocumentState {
  /** The newest document version number (drafts too), or null for none. */
  newestVersion: number | null;
  /** The working document (currentDocument.ts), or null for none. */
  current: { id: number; blobKey: string; size: number; format: string } | null;
  /** The job's hold-queue flags as stored. */
  flags: HoldQueueFlag[];
}

/** The job's newest version number, current document and flags in one statement (inside the save). */
export async function readSaveDocumentState(tx: Db, jobId: number): Promise<SaveDocumentState> {
  const [row] = rowsOf<{
    newest: number | null;
    current: { id: number | string; blob_key: string; size: number; format: string } | string | null;
    flags: HoldQueueFlag[] | string;
  }>(
    await tx.execute(sql`select
      (select max(version) from document_versions where job_id = ${jobId}) as newest,
      (select json_build_object('id', d.id, 'blob_key', d.blob_key, 'size', d.size, 'format', d.format)
         from document_versions d where d.id = ${workingDocumentId(jobId)}) as current,
      (select coalesce(json_agg(json_build_object('code', f.code, 'description', f.description)), '[]'::json)
         from job_flags f where f.job_id = ${jobId}) as flags`),
  );
  const flags = typeof row!.flags === 'string' ? (JSON.parse(row!.flags) as HoldQueueFlag[]) : row!.flags;
  const c = typeof row!.current === 'string' ? JSON.parse(row!.current) : row!.current;
  return {
    newestVersion: row!.newest === null ? null : Number(row!.newest),
    current: c && { id: Number(c.id), blobKey: c.blob_key, size: c.size, format: c.format },
    flags,
  };
}
