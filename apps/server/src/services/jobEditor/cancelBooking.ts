import { EDITOR_STAGE_ID, message, STAGES } from '@quill/core';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { bookings, jobs } from '../../db/schema/index.js';
import { invalid } from '../../errors/domainErrors.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/resolveSession.js';
import { requireJob } from '../jobAccess/requireJob.js';
import { hashBookingCookie } from './booking.js';

/**
 * POST /api/job/cancelbooking: releases this account's booking with this cookie (live or expired,
 * while nobody else booked the job since) and puts the job back in the stage it had before.
 * A cookie that books nothing answers success false with the reason; a component type that is not
 * the job's is 400.
 */
export async function cancelBooking(
  ctx: AppContext,
  auth: Auth,
  input: { jobId: number; bookingCookie: string; componentType?: string | undefined },
  ip: string | null,
): Promise<{ success: boolean; messages: string[] }> {
  const { jobId } = input;
  const job = await requireJob(ctx, auth, jobId);
  if (input.componentType && input.componentType.toUpperCase() !== job.componentType.toUpperCase())
    throw invalid(message('job.componentMismatch', { componentType: input.componentType, jobId }));
  return ctx.database.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for('update');
    const [booking] = await tx
      .delete(bookings)
      .where(
        and(
          eq(bookings.jobId, jobId),
          eq(bookings.accountId, auth.accountId!),
          eq(bookings.cookieHash, hashBookingCookie(input.bookingCookie)),
        ),
      )
      .returning();
    if (!booking) return { success: false, messages: [message('job.noBooking', { jobId })] };
    if (locked!.stageId === EDITOR_STAGE_ID) {
      await tx
        .update(jobs)
        .set({ stageId: booking.restoreStageId ?? STAGES.transcription.id, updatedAt: sql`now()` })
        .where(eq(jobs.id, jobId));
    }
    await auditJob(ctx, auth, locked!, 'job.booking.cancel', ip, {}, tx);
    return { success: true, messages: [message('job.cancelled', { jobId })] };
  });
}
