import { EDITOR_STAGE_ID, message, STAGES } from '@quill/core';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { invalid } from '../../errors/domainErrors.js';
import { rowsOf } from '../audit/auditHash.js';
import { auditJobInsert } from '../audit/auditJobSql.js';
import type { Auth } from '../auth/auth.js';
import { mayAccess } from '../tenantScope/mayAccess.js';
import { jobNotFound } from '../tenantScope/requireJob.js';
import { scopeIds } from '../tenantScope/scopeIds.js';
import { hashBookingCookie, intArray } from './booking.js';

/**
 * POST /api/job/cancelbooking: releases this account's booking with this cookie (live or expired,
 * while nobody else booked the job since) and puts the job back in the stage it had before.
 * A cookie that books nothing answers success false with the reason; a component type that is not
 * the job's is 400; another tenant's job 404.
 *
 * ONE statement (issue 24): the job row locked, the booking deleted only for a job the account
 * sees with the component type asked for, the stage restored and the audit row written only when
 * a booking was deleted.
 */
export async function cancelBooking(
  ctx: AppContext,
  auth: Auth,
  input: { jobId: number; bookingCookie: string; componentType?: string | undefined },
  ip: string | null,
): Promise<{ success: boolean; messages: string[] }> {
  const { jobId } = input;
  const componentType = input.componentType || null;
  const [row] = rowsOf<{
    found: boolean;
    corporate_structure_id: number | null;
    patient_id: number | null;
    component_type: string | null;
    released: boolean;
  }>(
    await ctx.database.db.execute(sql`
      with j as (
        select id, stage_id, corporate_structure_id, patient_id, component_type from jobs where id = ${jobId} for update
      ), ok as (
        select * from j
        where corporate_structure_id = any(${intArray(scopeIds(auth.scope))})
          and (${componentType}::text is null or upper(component_type) = upper(${componentType}::text))
      ), gone as (
        delete from bookings b using ok
        where b.job_id = ok.id and b.account_id = ${auth.accountId}::int
          and b.cookie_hash = ${hashBookingCookie(input.bookingCookie)}
        returning b.job_id, b.restore_stage_id
      ), moved as (
        update jobs set stage_id = coalesce(gone.restore_stage_id, ${STAGES.transcription.id}::int), updated_at = now()
        from gone, ok
        where jobs.id = gone.job_id and ok.id = gone.job_id and ok.stage_id = ${EDITOR_STAGE_ID}
        returning jobs.id
      ), audited as (
        ${auditJobInsert(
          auth,
          'job.booking.cancel',
          ip,
          sql`select ok.id as job_id, ok.corporate_structure_id, ok.patient_id, '{}'::jsonb as detail
            from gone join ok on ok.id = gone.job_id`,
        )}
      )
      select j.id is not null as found, j.corporate_structure_id, j.patient_id, j.component_type,
        exists (select 1 from gone) as released
      from (select 1) one left join j on true`),
  );
  if (!row?.found || !mayAccess(auth.scope, row.corporate_structure_id!)) {
    throw jobNotFound(
      jobId,
      row?.found
        ? { corporateStructureId: row.corporate_structure_id!, patientId: row.patient_id }
        : undefined,
    );
  }
  if (componentType && componentType.toUpperCase() !== row.component_type!.toUpperCase())
    throw invalid(message('job.componentMismatch', { componentType, jobId }));
  if (!row.released) return { success: false, messages: [message('job.noBooking', { jobId })] };
  return { success: true, messages: [message('job.cancelled', { jobId })] };
}
