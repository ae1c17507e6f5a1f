import { isValidFaxNumber, message, PHYSICIAN_SEARCH_TYPES, type SavePhysicianRequest } from '@quill/core';
import type { AppContext } from '../../context.js';
import { physicians } from '../../db/schema/index.js';
import { forbidden, invalid } from '../../errors/domainErrors.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { lockReference } from '../referenceData/lockReference.js';
import { accessCodeRefusal, refuseTakenAccessCode } from '../referenceData/physicians/accessCodes.js';
import { physicianDetailValues } from '../referenceData/physicians/physicianValues.js';
import { requireJob } from '../tenantScope/requireJob.js';

/**
 * POST /api/job/SavePhysician (spec 02 §6 "Dictator add", §7): adds the custom physician typed in
 * the Physician modal to the directory of the job's client facility and answers its user id.
 * Needs dictatorAdd (403); the job must be the account's (404) and `clientFacilityId` its
 * facility (400); a job whose recipients a recipient registry manages refuses it (403). An access
 * code a physician of the structure already has, ignoring case, answers 409 'Duplicate access
 * code' and stores nothing — also when two saves race (the unique index decides). Opened for the
 * Dictator or Dictated For search, the physician is saved as one who dictates. Audited (ids only).
 */
export async function savePhysician(
  ctx: AppContext,
  auth: Auth,
  body: SavePhysicianRequest,
  ip: string | null,
): Promise<{ userId: number }> {
  if (!auth.permissions.has('dictatorAdd')) throw forbidden(message('recipients.noDictatorAdd'));
  const job = await requireJob(ctx, auth.scope, body.jobId);
  if (body.clientFacilityId !== job.clientFacilityId)
    throw invalid(
      message('recipients.notJobFacility', { clientFacilityId: body.clientFacilityId, jobId: job.id }),
    );
  if (job.recipientRegistryId !== null)
    throw forbidden(message('recipients.refuseRegistry', { jobId: job.id }));
  const d = body.physician;
  const type = body.physicianSearchType;
  const isDictator = type === PHYSICIAN_SEARCH_TYPES.DICTATOR || type === PHYSICIAN_SEARCH_TYPES.DICTATED_FOR;
  try {
    return await ctx.database.db.transaction(async (tx) => {
      await lockReference(tx, job.corporateStructureId);
      await refuseTakenAccessCode(tx, job.corporateStructureId, d.accessCode);
      const [row] = await tx
        .insert(physicians)
        .values({
          corporateStructureId: job.corporateStructureId,
          clientFacilityId: job.clientFacilityId,
          ...physicianDetailValues(d),
          isDictator,
          // A physician typed with a fax number is faxed; the others go to the manual list.
          distributionMethod: isValidFaxNumber(d.fax) ? 'fax' : 'print',
        })
        .returning({ id: physicians.id });
      const userId = row!.id;
      await auditJob(
        ctx,
        auth,
        job,
        'physician.save',
        ip,
        { physicianId: userId, clientFacilityId: job.clientFacilityId, dictator: isDictator },
        tx,
      );
      return { userId };
    });
  } catch (err) {
    throw accessCodeRefusal(err);
  }
}
