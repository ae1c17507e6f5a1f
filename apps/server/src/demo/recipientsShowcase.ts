import { CLOSED_STAGE_IDS, EDITOR_STAGE_ID } from '@quill/core';
import type { JobRows } from './jobParts.js';
import type { FacilityModel, WorkTypeModel } from './model.js';
import { rngFor } from './prng.js';
import type { FacilityPhysicians } from './recipients.js';

/**
 * Whether a demo job's recipients are managed by an outside recipient registry (spec 02 §3
 * hasRecipientRegistryId; no custom physician may then be saved from it): about 1 job in 25, from
 * the job's own generator so the demo's main sequence is unchanged.
 */
export function recipientRegistryId(jobId: number): string | null {
  const rng = rngFor('recipient-registry', jobId);
  return rng.chance(0.04) ? `RR-${String(rng.int(100_000, 999_999))}` : null;
}

/** Work types allowing 1 to 2 addressees: the range the Recipients card is shown with. */
const oneToTwo = (w: WorkTypeModel) => w.enableAddressee && w.minAddressees === 1 && w.maxAddressees === 2;

/**
 * The job the Recipients card is shown with (issue 21): in `facility` (the manager's first), open
 * (not finished, cancelled or in the editor), not protected, with a CDA document and a patient,
 * its work type allowing 1 to 2 addressees ('1 to 2 required'), without addressees (they become
 * carbon copies) and without a recipient registry id, while physicians with fax numbers that are
 * not yet its recipients can be added. A generated job is adjusted — one whose work type already
 * allows 1 to 2 when there is one — so no random number is drawn and the rest of the demo stays
 * as it was. Answers the job's id, or null when the facility has no open CDA job.
 */
export function prepareRecipientsShowcase(
  rows: JobRows,
  facility: FacilityModel,
  physicians: FacilityPhysicians,
): number | null {
  const limited = facility.workTypes.filter(oneToTwo);
  const open = rows.jobs.filter(
    (j) =>
      j.clientFacilityId === facility.id &&
      !CLOSED_STAGE_IDS.includes(j.stageId) &&
      j.stageId !== EDITOR_STAGE_ID &&
      j.documentType === 'CDA' &&
      j.patientId != null &&
      !j.isProtected,
  );
  const job = open.find((j) => limited.some((w) => w.id === j.workTypeId)) ?? open[0];
  if (!job || !limited.length) return null;
  const workType =
    limited.find((w) => w.id === job.workTypeId) ??
    limited.find((w) => w.allowPatientAsRecipient) ??
    limited[0]!;
  job.workTypeId = workType.id;
  job.recipientRegistryId = null;
  if (!workType.allowPatientAsRecipient)
    rows.recipients = rows.recipients.filter((r) => r.jobId !== job.id || !r.isPatient);
  const own = rows.recipients.filter((r) => r.jobId === job.id);
  for (const r of own) {
    if (!r.isAddressee) continue;
    r.isAddressee = false;
    r.capacityCode = 'CC';
    r.capacityDescription = 'Carbon copy';
  }
  const taken = new Set(own.map((r) => r.physicianId));
  const faxable = physicians.all.filter((p) => p.fax && !taken.has(p.id));
  if (faxable.length < 3)
    throw new Error(`The demo facility ${facility.id} has too few physicians with fax numbers`);
  return job.id!;
}
