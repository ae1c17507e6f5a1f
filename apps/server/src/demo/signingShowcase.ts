import { DOCUMENT_DATE_FORMATS, formatJobDateTime, message, STAGES } from '@quill/core';
import { sql } from 'drizzle-orm';
import { physicians, workTypeSigning } from '../db/schema/index.js';
import { type Executor, insertRows } from './insert.js';
import type { JobRows } from './jobParts.js';
import type { FacilityModel, PhysicianModel } from './model.js';

/** How many jobs wait in ES for the demo dictator's signature (when the seed has that many). */
export const DEMO_TO_SIGN = 4;

/** What the signing showcase set up: the resident and the work type whose attending co-signs. */
export interface SigningShowcase {
  toSign: number[];
  residentId: number | null;
  residentJobId: number | null;
  workTypeId: number | null;
}

/**
 * The To sign showcase (issue 43), made from generated jobs without drawing a random number, so the
 * rest of the demo stays as it was: the first DEMO_TO_SIGN jobs of the big structure waiting in ES
 * with a document (not protected) become the demo dictator's own (dictator and Dictated For), not
 * yet signed; one waiting to be signed again says why. The next such job is a resident's: another
 * dictator of the structure, marked a resident by {@link writeSigningShowcase}, on a work type whose
 * attending is the demo dictator — who co-signs it once the resident signed.
 */
export function prepareSigningShowcase(
  rows: JobRows,
  facilities: readonly FacilityModel[],
  doctors: readonly PhysicianModel[],
  dictator: PhysicianModel,
): SigningShowcase {
  const waiting = rows.jobs.filter(
    (j) =>
      j.stageId === STAGES.eSignature.id &&
      j.corporateStructureId === dictator.structureId &&
      j.documentType != null &&
      !j.isProtected,
  );
  const toSign = waiting.slice(0, DEMO_TO_SIGN);
  for (const job of toSign) {
    Object.assign(job, {
      dictatorId: dictator.id,
      dictatedForId: dictator.id,
      signed: false,
      signedAt: null,
    });
    // Waiting to be signed again: the text changed after signing, the day it was last updated.
    const zone = facilities.find((f) => f.id === job.clientFacilityId)?.timeZone ?? 'UTC';
    const at = formatJobDateTime(job.updatedAt ?? job.createdAt, zone, DOCUMENT_DATE_FORMATS, {
      zoneLabel: true,
    });
    job.resignReason = job.forceResign ? message('signatureRules.textChanged', { signedAt: at }) : null;
  }
  const resident = doctors.find(
    (p) => p.isDictator && p.id !== dictator.id && p.structureId === dictator.structureId,
  );
  const job = waiting[DEMO_TO_SIGN];
  const workType = facilities.find((f) => f.id === job?.clientFacilityId)?.workTypes[0];
  const showcase = {
    toSign: toSign.map((j) => j.id as number),
    residentId: null,
    residentJobId: null,
    workTypeId: null,
  };
  if (!resident || !job || !workType) return showcase;
  Object.assign(job, {
    dictatorId: resident.id,
    dictatedForId: resident.id,
    workTypeId: workType.id,
    signed: false,
    signedAt: null,
    forceResign: false,
  });
  return { ...showcase, residentId: resident.id, residentJobId: job.id as number, workTypeId: workType.id };
}

/** Writes what the showcase needs besides the jobs: the resident flag and the work type's attending. */
export async function writeSigningShowcase(
  tx: Executor,
  showcase: SigningShowcase,
  dictator: PhysicianModel,
): Promise<void> {
  if (showcase.residentId === null || showcase.workTypeId === null) return;
  await tx.execute(sql`update ${physicians} set resident_flag = true where id = ${showcase.residentId}`);
  await insertRows(tx, workTypeSigning, [
    { workTypeId: showcase.workTypeId, requiresSignature: true, attendingPhysicianId: dictator.id },
  ]);
}
