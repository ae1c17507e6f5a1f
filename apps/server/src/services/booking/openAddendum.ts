import {
  type AddendumBody,
  type AddendumResult,
  DOCUMENT_DATE_FORMATS,
  EDITOR_STAGE_ID,
  formatJobDateTime,
  message,
  STAGES,
} from '@quill/core';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { accounts, bookings, jobs } from '../../db/schema/index.js';
import { conflict, forbidden } from '../../errors/domainErrors.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { facilityTimeZone } from '../jobAccess/facilityTimeZone.js';
import { currentDocument } from '../jobEditor/currentDocument.js';
import { requireVisibleJob } from '../tenantScope/requireJob.js';
import { hashBookingCookie, newBookingCookie } from './booking.js';

/**
 * POST /api/job/addendum (issue 43, docs/domain.md "Addenda"): opens a Finished job for an addendum
 * — a correction after distribution. Books it out to the account exactly as bookoutjob does (a new
 * random cookie, only its hash kept, the editor stage 410) with the reason on the booking and
 * Finished as the stage to restore, so Cancel leaves the job Finished and unchanged; a save of
 * that booking that changes the text makes the addendum version (jobSave/addendumText.ts). The
 * route asks jobEditText; without jobEdit 403. Another tenant's job 404; not Finished, a newer
 * version than the one read, no document, or another account's live booking: 409. Audited
 * 'job.addendum' (the version and the stages; not the reason, which is free text).
 */
export async function openAddendum(
  ctx: AppContext,
  auth: Auth,
  body: AddendumBody,
  ip: string | null,
): Promise<AddendumResult> {
  const { jobId } = body;
  const opened = await ctx.database.db.transaction(async (tx) => {
    // The job row first: the lock order of every job write (bookOutJob.ts).
    const [locked] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for('update');
    const job = requireVisibleJob(auth.scope, jobId, locked);
    if (!auth.permissions.has('jobEdit')) throw forbidden(message('job.noEditPermission'));
    if (job.stageId !== STAGES.finished.id)
      throw conflict(message('addendum.notFinished', { jobId }), 'not_finished');
    if (job.version !== body.version) throw conflict(message('addendum.stale', { jobId }), 'stale_version');
    const document = await currentDocument(tx, jobId);
    if (!document) throw conflict(message('addendum.noDocument', { jobId }), 'no_document');
    const [held] = await tx
      .select({
        accountId: bookings.accountId,
        live: sql<boolean>`${bookings.expiresAt} > now()`,
        member: accounts.member,
      })
      .from(bookings)
      .leftJoin(accounts, eq(accounts.id, bookings.accountId))
      .where(eq(bookings.jobId, jobId));
    if (held?.live && held.accountId !== auth.accountId)
      throw conflict(message('job.bookedByOther', { jobId, holder: held.member ?? '' }), 'booked_by_other');
    const cookie = newBookingCookie();
    const booking = {
      accountId: auth.accountId!,
      cookieHash: hashBookingCookie(cookie),
      createdAt: sql`now()`,
      expiresAt: sql`now() + make_interval(secs => ${ctx.config.BOOKING_TTL_SECONDS}::int)`,
      restoreStageId: STAGES.finished.id,
      addendumReason: body.reason,
      wopiLock: null,
      wordBaseVersion: null,
    };
    const [booked] = await tx
      .insert(bookings)
      .values({ jobId, ...booking })
      .onConflictDoUpdate({ target: bookings.jobId, set: booking })
      .returning({ expiresAt: bookings.expiresAt });
    await tx.update(jobs).set({ stageId: EDITOR_STAGE_ID, updatedAt: sql`now()` }).where(eq(jobs.id, jobId));
    const detail = { version: job.version, fromStageId: job.stageId, stageId: EDITOR_STAGE_ID };
    await auditJob(ctx, auth, job, 'job.addendum', ip, detail, tx);
    return { job, expiresAt: booked!.expiresAt.toISOString(), cookie, ofVersion: document.version };
  });
  // Read after the transaction: PGlite has one connection, which the transaction holds.
  const { job, expiresAt, cookie, ofVersion } = opened;
  const zone = await facilityTimeZone(ctx, job.clientFacilityId);
  const signedAt = job.signedAt?.toISOString() ?? null;
  return {
    success: true,
    bookingCookie: cookie,
    expiresAt,
    messages: [message('job.booked', { jobId, expiresAt })],
    addendum: {
      reason: body.reason,
      signedAt,
      formattedSignedAt:
        job.signedAt && formatJobDateTime(job.signedAt, zone, DOCUMENT_DATE_FORMATS, { zoneLabel: true }),
      ofVersion,
    },
  };
}
