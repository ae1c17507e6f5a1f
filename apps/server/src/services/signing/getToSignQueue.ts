import {
  formatJobDateTime,
  jobPatientName,
  personDisplayName,
  type ToSignRow,
  withPatientShownTo,
} from '@quill/core';
import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.js';
import { clientFacilities, jobs, patients, physicians, workTypes } from '../../db/schema/index.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import { type ToSignJob, toSignPage } from './toSignJobs.js';

const dictator = alias(physicians, 'dictator');

/** What a To sign row shows of its jobs, read in one statement. */
async function rowDetails(ctx: Pick<AppContext, 'database'>, ids: number[]) {
  if (ids.length === 0) return new Map();
  const rows = await ctx.database.db
    .select({
      id: jobs.id,
      stat: jobs.stat,
      dictatedAt: jobs.dictatedAt,
      forceResign: jobs.forceResign,
      resignReason: jobs.resignReason,
      dictator: dictator,
      patient: patients,
      workType: workTypes.name,
      facility: clientFacilities.name,
      zone: clientFacilities.timeZone,
    })
    .from(jobs)
    .innerJoin(clientFacilities, eq(clientFacilities.id, jobs.clientFacilityId))
    .leftJoin(dictator, eq(dictator.id, jobs.dictatorId))
    .leftJoin(patients, eq(patients.id, jobs.patientId))
    .leftJoin(workTypes, eq(workTypes.id, jobs.workTypeId))
    .where(inArray(jobs.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The names of the physicians signed for on behalf (delegates' rows). */
async function physicianNames(ctx: Pick<AppContext, 'database'>, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await ctx.database.db.select().from(physicians).where(inArray(physicians.id, ids));
  return new Map(rows.map((p) => [p.id, personDisplayName(p)]));
}

/**
 * GET /api/signing/queue (issue 43): the jobs waiting for the signed-in account's signature — the
 * first LIMITS.toSignPage, with the full count — each with the signature it awaits and why it
 * waits to be signed again. Patient fields are withheld without the permission to see patients
 * (core withPatientShownTo). Audited as a read of patient data (the job ids, no names).
 */
export async function getToSignQueue(
  ctx: AppContext,
  auth: Auth,
  ip: string | null,
): Promise<{ rows: ToSignRow[]; count: number }> {
  const { page, count } = await toSignPage(ctx, auth);
  const details = await rowDetails(
    ctx,
    page.map((p) => p.job.id),
  );
  const onBehalf = await physicianNames(
    ctx,
    page.filter((p) => p.due.onBehalf).map((p) => p.due.physicianId),
  );
  const rows = page.map(({ job, due }: ToSignJob) => {
    const d = details.get(job.id);
    const row: ToSignRow = {
      jobId: job.id,
      meaning: due.meaning,
      stat: Boolean(d?.stat),
      dictatorName: d?.dictator ? personDisplayName(d.dictator) : '',
      patientName: d?.patient
        ? jobPatientName({ ...d.patient, mrn: null, birthDate: null, sex: null })
        : null,
      patientMRN: d?.patient?.mrn ?? null,
      workType: d?.workType ?? '',
      clientFacility: d?.facility ?? '',
      formattedDictatedDate: d ? formatJobDateTime(d.dictatedAt, d.zone, auth.display) : '',
      forceResign: d?.forceResign ?? false,
      resignReason: d?.resignReason ?? null,
      version: job.version,
      onBehalfOf: due.onBehalf ? (onBehalf.get(due.physicianId) ?? null) : null,
    };
    return withPatientShownTo(auth.permissions, row, ['patientName', 'patientMRN']);
  });
  await recordAudit(ctx, {
    action: 'signing.queue.read',
    outcome: 'success',
    userId: auth.userId,
    accountId: auth.accountId,
    ip,
    detail: { count, jobIds: rows.map((r) => r.jobId) },
  });
  return { rows, count };
}
