import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { bookings, jobs } from '../../db/schema/index.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { requireJob } from '../tenantScope/requireJob.js';
import { requireLiveBooking } from './booking.js';

/** POST /api/job/extendbooking: a live booking of this account lives BOOKING_TTL_SECONDS from now (409 otherwise). */
export async function extendBooking(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  cookie: string,
  ip: string | null,
): Promise<{ success: true; expiresAt: string }> {
  const job = await requireJob(ctx, auth.scope, jobId);
  const ttl = ctx.config.BOOKING_TTL_SECONDS;
  const expiresAt = await ctx.database.db.transaction(async (tx) => {
    await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId)).for('update');
    await requireLiveBooking(tx, jobId, auth.accountId!, cookie);
    const [row] = await tx
      .update(bookings)
      .set({ expiresAt: sql`now() + make_interval(secs => ${ttl})` })
      .where(eq(bookings.jobId, jobId))
      .returning({ expiresAt: bookings.expiresAt });
    await auditJob(ctx, auth, job, 'job.booking.extend', ip, {}, tx);
    return row!.expiresAt;
  });
  return { success: true, expiresAt: expiresAt.toISOString() };
}
