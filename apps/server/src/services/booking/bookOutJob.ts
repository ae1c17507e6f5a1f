import { allowed, CLOSED_STAGE_IDS, EDITOR_STAGE_ID, editGate, message, STAGES } from '@quill/core';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { conflict, forbidden } from '../../errors/domainErrors.js';
import { rowsOf } from '../audit/auditHash.js';
import { auditJobInsert } from '../audit/auditJobSql.js';
import type { Auth } from '../auth/auth.js';
import { mayAccess } from '../tenantScope/mayAccess.js';
import { jobNotFound } from '../tenantScope/requireJob.js';
import { scopeIds } from '../tenantScope/scopeIds.js';
import { hashBookingCookie, intArray, newBookingCookie } from './booking.js';

/** Answer of bookoutjob. */
export interface BookOutResult {
  success: true;
  bookingCookie: string;
  expiresAt: string;
  messages: string[];
}

interface BookOutRow {
  found: boolean;
  stage_id: number | null;
  corporate_structure_id: number | null;
  patient_id: number | null;
  expires_at: Date | string | null;
  holder_account_id: number | null;
  holder_live: boolean | null;
  holder_member: string | null;
}

/**
 * POST /api/job/bookoutjob: books the job out to this account for BOOKING_TTL_SECONDS with a new
 * random cookie (only its hash is kept) and moves it to the editor stage, remembering the stage to
 * restore on cancel. Another account's live booking answers 409 naming the holder; booking again
 * from the same account (or over an expired booking) replaces the cookie (the old one dies). A
 * finished or cancelled job cannot be booked (409); another tenant's job is 404.
 *
 * ONE statement (issue 24): the job row is locked first (the lock order of every job write), then
 * the booking is upserted only where no other account's live booking is — ON CONFLICT sees the
 * newest booking row even when it committed after the statement began, so of two accounts booking
 * at once exactly one wins — and only then the stage moves and the audit row is written.
 */
export async function bookOutJob(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  ip: string | null,
): Promise<BookOutResult> {
  const cookie = newBookingCookie();
  const ttl = ctx.config.BOOKING_TTL_SECONDS;
  const canEdit = auth.permissions.has('jobEdit');
  const statement = sql`
    with j as (
      select id, stage_id, corporate_structure_id, patient_id from jobs where id = ${jobId} for update
    ), ok as (
      select * from j
      where ${canEdit} and corporate_structure_id = any(${intArray(scopeIds(auth.scope))})
        and stage_id <> all(${intArray(CLOSED_STAGE_IDS)})
    ), booked as (
      insert into bookings as b
        (job_id, account_id, cookie_hash, created_at, expires_at, restore_stage_id, wopi_lock, word_base_version)
      select id, ${auth.accountId}::int, ${hashBookingCookie(cookie)}, now(), now() + make_interval(secs => ${ttl}::int),
        case when stage_id = ${EDITOR_STAGE_ID} then ${STAGES.transcription.id}::int else stage_id end, null, null
      from ok
      on conflict (job_id) do update set
        account_id = excluded.account_id, cookie_hash = excluded.cookie_hash, created_at = excluded.created_at,
        expires_at = excluded.expires_at, restore_stage_id = coalesce(b.restore_stage_id, excluded.restore_stage_id),
        -- A new booking starts unlocked, with no Word edit of its own yet.
        wopi_lock = null, word_base_version = null
      where b.account_id = excluded.account_id or b.expires_at <= now()
      returning job_id, expires_at, restore_stage_id
    ), moved as (
      update jobs set stage_id = ${EDITOR_STAGE_ID}, updated_at = now() from booked where jobs.id = booked.job_id
      returning jobs.id
    ), audited as (
      ${auditJobInsert(
        auth,
        'job.bookout',
        ip,
        sql`select j.id as job_id, j.corporate_structure_id, j.patient_id,
          jsonb_build_object('restoreStageId', booked.restore_stage_id) as detail
          from booked join j on j.id = booked.job_id`,
      )}
    )
    select j.id is not null as found, j.stage_id, j.corporate_structure_id, j.patient_id, booked.expires_at,
      h.account_id as holder_account_id, h.expires_at > now() as holder_live, a.member as holder_member
    from (select 1) one
    left join j on true
    left join booked on true
    left join bookings h on h.job_id = j.id and booked.job_id is null
    left join accounts a on a.id = h.account_id`;
  const [row] = rowsOf<BookOutRow>(await ctx.database.db.execute(statement));
  if (!row?.found || !mayAccess(auth.scope, row.corporate_structure_id!)) {
    throw jobNotFound(jobId, row?.found ? toSubject(row) : undefined);
  }
  // The job view's Edit control answers from the same rule (disabled on a Finished job).
  const gate = editGate(auth.permissions, { jobId, stageId: row.stage_id! });
  if (!allowed(gate)) {
    const reason = gate.shown ? gate.disabledBy : null;
    if (!reason) throw forbidden(message('job.noEditPermission'));
    throw conflict(message(reason.key, reason.values));
  }
  if (row.expires_at === null) {
    // Not booked: another account's live booking holds the job (read by the same statement, or,
    // when it committed while the statement waited on the job's lock, named by a second read).
    const holder = row.holder_member ?? (await currentHolder(ctx, jobId));
    throw conflict(message('job.bookedByOther', { jobId, holder: holder ?? '' }), 'booked_by_other');
  }
  const expiresAt = new Date(row.expires_at).toISOString();
  return {
    success: true,
    bookingCookie: cookie,
    expiresAt,
    messages: [message('job.booked', { jobId, expiresAt })],
  };
}

const toSubject = (row: BookOutRow) => ({
  corporateStructureId: row.corporate_structure_id!,
  patientId: row.patient_id,
});

async function currentHolder(ctx: AppContext, jobId: number): Promise<string | null> {
  const [holder] = rowsOf<{ member: string }>(
    await ctx.database.db.execute(
      sql`select a.member from bookings b join accounts a on a.id = b.account_id where b.job_id = ${jobId}`,
    ),
  );
  return holder?.member ?? null;
}
