import { canSeePatientName, type JobSearchQuery, type JobSearchResult, message } from '@quill/core';
import type { AppContext } from '../../context.js';
import { forbidden } from '../../errors/domainErrors.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import { labelClockChangeTimes } from '../jobList/labelClockChangeTimes.js';
import { userFormats } from '../jobList/listJobs.js';
import { structuresToSearch } from '../tenantScope/requireStructure.js';
import { jobSearchSql } from './jobSearchSql.js';

/**
 * Job Search in Quill (GET /api/jobs/search): jobs of the corporate structures the selected
 * account may see — all of them, or the one asked for (another's answers 404) — by job id,
 * patient, MRN, dictator and dictation days, a page at a time. Searching by patient or MRN needs
 * the permission to see patient names (spec 01 §6; 403), and without it the rows withhold the
 * patient's name and MRN. Audited as a read of patient data: the criteria used and the job ids
 * answered, never the searched names or MRN.
 */
export async function searchJobs(
  ctx: AppContext,
  auth: Auth,
  query: JobSearchQuery,
  ip: string | null,
): Promise<JobSearchResult> {
  const showPatient = canSeePatientName(auth.permissions);
  if ((query.patient || query.mrn) && !showPatient) {
    throw forbidden(message('jobSearch.patientForbidden'));
  }
  const structures = structuresToSearch(auth.scope, query.cs);
  if (structures.length === 0) return { rows: [], total: 0, page: query.page, pageSize: query.pageSize };

  const formats = await userFormats(ctx, auth.userId);
  const result = await ctx.database.db.execute(
    jobSearchSql({
      query,
      structures,
      accountId: auth.accountId!,
      showPatient,
      ...formats,
    }),
  );
  const [row] = (result as unknown as { rows: { total: number; rows: string }[] }).rows;
  const rows = JSON.parse(row?.rows ?? '[]') as JobSearchResult['rows'];
  await labelClockChangeTimes(ctx, rows, formats);
  await recordAudit(ctx, {
    action: 'jobsearch.read',
    outcome: 'success',
    userId: auth.userId,
    accountId: auth.accountId,
    corporateStructureId: query.cs ?? null,
    ip,
    detail: {
      criteria: (['jobId', 'patient', 'mrn', 'dictator', 'from', 'to'] as const).filter(
        (k) => query[k] !== undefined,
      ),
      page: query.page,
      total: Number(row?.total ?? 0),
      jobIds: rows.map((r) => r.jobId),
    },
  });
  return { rows, total: Number(row?.total ?? 0), page: query.page, pageSize: query.pageSize };
}
