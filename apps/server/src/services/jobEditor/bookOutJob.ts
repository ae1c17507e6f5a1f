import { allowed, EDITOR_STAGE_ID, editGate, message, STAGES } from '@quill/core';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { accounts, bookings, jobs } from '../../db/schema/index.js';
import { conflict, forbidden, notFound } from '../../errors/domainErrors.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/resolveSession.js';
import { requireJob } from '../jobAccess/requireJob.js';
import { hashBookingCookie, newBookingCookie } from './booking.js';

/** Answer of bookoutjob. */
export interface BookOutResult {
  success: true;
  bookingCookie: string;
  expiresAt: string;
  messages: string[];
}

/**
 * POST /api/job/bookoutjob: books the job out to this account for BOOKING_TTL_SECONDS with a new
 * random cookie (only its hash is kept) and moves it to the editor stage, remembering the stage to
 * restore on cancel. The job row is locked first, so of two accounts booking at once exactly one
 * wins; the other gets 409 naming the holder. Booking again from the same account replaces the
 * cookie (the old one dies). A finished or cancelled job cannot be booked (409).
 */
export async function bookOutJob(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  ip: string | null,
): Promise<BookOutResult> {
  await requireJob(ctx, auth, jobId);
  const cookie = newBookingCookie();
  const ttl = ctx.config.BOOKING_TTL_SECONDS;
  const result = await ctx.database.db.transaction(async (tx) => {
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for('update');
    if (!job) throw notFound(message('job.notFound', { jobId }));
    // The job view's Edit control answers from the same rule (disabled on a Finished job).
    const gate = editGate(auth.permissions, { jobId, stageId: job.stageId });
    if (!allowed(gate)) {
      const reason = gate.shown ? gate.disabledBy : null;
      if (!reason) throw forbidden(message('job.noEditPermission'));
      throw conflict(message(reason.key, reason.values));
    }
    const [existing] = await tx
      .select({
        accountId: bookings.accountId,
        live: sql<boolean>`${bookings.expiresAt} > now()`,
        restoreStageId: bookings.restoreStageId,
        member: accounts.member,
      })
      .from(bookings)
      .innerJoin(accounts, eq(accounts.id, bookings.accountId))
      .where(eq(bookings.jobId, jobId));
    if (existing?.live && existing.accountId !== auth.accountId)
      throw conflict(message('job.bookedByOther', { jobId, holder: existing.member }), 'booked_by_other');
    const restoreStageId =
      existing?.restoreStageId ?? (job.stageId === EDITOR_STAGE_ID ? STAGES.transcription.id : job.stageId);
    const values = {
      accountId: auth.accountId!,
      cookieHash: hashBookingCookie(cookie),
      createdAt: sql`now()`,
      expiresAt: sql`now() + make_interval(secs => ${ttl})`,
      restoreStageId,
      // A new booking starts unlocked, with no Word edit of its own yet.
      wopiLock: null,
      wordBaseVersion: null,
    };
    const [booking] = await tx
      .insert(bookings)
      .values({ jobId, ...values })
      .onConflictDoUpdate({ target: bookings.jobId, set: values })
      .returning({ expiresAt: bookings.expiresAt });
    await tx.update(jobs).set({ stageId: EDITOR_STAGE_ID, updatedAt: sql`now()` }).where(eq(jobs.id, jobId));
    await auditJob(ctx, auth, job, 'job.bookout', ip, { restoreStageId }, tx);
    return booking!.expiresAt;
  });
  const expiresAt = result.toISOString();
  return {
    success: true,
    bookingCookie: cookie,
    expiresAt,
    messages: [message('job.booked', { jobId, expiresAt })],
  };
}
