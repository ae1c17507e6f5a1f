import {
  type AttachmentListItem,
  attachmentRangeProblem,
  MAX_ATTACHMENT_RESULTS,
  message,
} from '@quill/core';
import { and, asc, desc, eq, gt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { attachments, patients, visits } from '../../db/schema/index.js';
import { invalid } from '../../errors/domainErrors.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import { requireAttachmentFacility, requireAttachmentJob } from './attachmentAccess.js';
import { auditDenied } from './auditAttachment.js';

/** The range of a search: context times after `after` and at or before `before`. */
export interface AttachmentRange {
  after: Date;
  before: Date;
}

/** The patient a file is about: its own, or its visit's. */
const patientOfFile = sql<number | null>`coalesce(${attachments.patientId}, ${visits.patientId})`;

/**
 * GET {host}/Attachments/v1/Company/{clientFacilityId} (spec 02 §7): the facility's attachments
 * whose context time is in (after, before], newest first, at most MAX_ATTACHMENT_RESULTS, each
 * naming the patient it is about (issue 39: a file of one patient never reads as another's). With
 * `jobId` (a job of that facility) only the files of the job's patient and of its visit; without
 * it the whole facility's — the modal's explicit "Search the whole facility". A range the spec
 * refuses (§5: over 180 days, To before From) is 400 with the spec's text; a facility or job the
 * account may not see is 404. The caller may see patient names (requireAttachmentAccess, checked
 * with the credential). Audited as a read of patient data: the scope and the patients' ids
 * answered, never names or descriptions.
 */
export async function searchAttachments(
  ctx: AppContext,
  auth: Auth,
  clientFacilityId: number,
  range: AttachmentRange & { jobId?: number },
  ip: string | null,
): Promise<AttachmentListItem[]> {
  const problem = attachmentRangeProblem(range.after, range.before);
  if (problem) throw invalid(message(problem));
  const cf = await requireAttachmentFacility(ctx, auth, clientFacilityId).catch(async (err) => {
    await auditDenied(ctx, auth, 'attachment.search', ip, { clientFacilityId });
    throw err;
  });
  const job =
    range.jobId === undefined
      ? null
      : await requireAttachmentJob(ctx, auth, clientFacilityId, range.jobId).catch(async (err) => {
          await auditDenied(ctx, auth, 'attachment.search', ip, { clientFacilityId, jobId: range.jobId! });
          throw err;
        });
  const ofJob: SQL[] = [];
  if (job?.patientId != null) ofJob.push(eq(patientOfFile, job.patientId));
  if (job?.visitId != null) ofJob.push(eq(attachments.visitId, job.visitId));
  const rows =
    job && ofJob.length === 0
      ? []
      : await ctx.database.db
          .select({
            id: attachments.id,
            name: attachments.name,
            description: attachments.description,
            contextStartAt: attachments.contextStartAt,
            patientId: patients.id,
            lastName: patients.lastName,
            firstName: patients.firstName,
            mrn: patients.mrn,
          })
          .from(attachments)
          .leftJoin(visits, eq(visits.id, attachments.visitId))
          .leftJoin(patients, eq(patients.id, patientOfFile))
          .where(
            and(
              eq(attachments.clientFacilityId, clientFacilityId),
              gt(attachments.contextStartAt, range.after),
              lte(attachments.contextStartAt, range.before),
              job ? or(...ofJob) : undefined,
            ),
          )
          .orderBy(desc(attachments.contextStartAt), asc(attachments.id))
          .limit(MAX_ATTACHMENT_RESULTS);
  await recordAudit(ctx, {
    action: 'attachment.search',
    outcome: 'success',
    userId: auth.userId,
    accountId: auth.accountId,
    corporateStructureId: cf.corporateStructureId,
    jobId: job?.id ?? null,
    patientId: job?.patientId ?? null,
    ip,
    detail: {
      clientFacilityId,
      scope: job ? 'patient' : 'facility',
      after: range.after.toISOString(),
      before: range.before.toISOString(),
      count: rows.length,
      patientIds: [...new Set(rows.flatMap((r) => (r.patientId === null ? [] : [r.patientId])))],
    },
  });
  return rows.map((r) => ({
    attachmentNonSequentialID: r.id,
    attachmentName: r.name,
    attachmentDescription: r.description,
    contextStartUTC: r.contextStartAt.toISOString(),
    patient:
      r.patientId === null
        ? null
        : { patientId: r.patientId, name: `${r.lastName}, ${r.firstName}`, mrn: r.mrn ?? '' },
  }));
}
