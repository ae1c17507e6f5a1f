import type { Hl7Message } from '@medplum/core';
import { message } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { jobs, patients, visits } from '../../db/schema/index.js';
import { recordAudit } from '../../services/audit/recordAudit.js';
import { ApplyRefused } from './applyRefused.js';

type Patient = typeof patients.$inferSelect;

/** The patient of a structure with this identifier (PID-3.1 / MRG-1.1), if any. */
const patientOf = async (tx: Tx, corporateStructureId: number, mrn: string): Promise<Patient | undefined> =>
  (
    await tx
      .select()
      .from(patients)
      .where(and(eq(patients.corporateStructureId, corporateStructureId), eq(patients.mrn, mrn)))
  )[0];

/** The patient MRG-1 names (the prior identifier) in the structure; AE when absent or unknown. */
async function priorPatient(tx: Tx, corporateStructureId: number, msg: Hl7Message): Promise<Patient> {
  const mrn = msg.getSegment('MRG')?.getComponent(1, 1).trim() ?? '';
  if (!mrn) throw new ApplyRefused(message('hl7In.noPriorIdentifier'), 'requiredField');
  const prior = await patientOf(tx, corporateStructureId, mrn);
  if (!prior) throw new ApplyRefused(message('hl7In.priorUnknown'), 'unknownKey');
  return prior;
}

/**
 * A34/A47: the patient MRG-1 names takes PID-3's identifier (before the message's values are
 * written to it). AE when another patient has that identifier already. Answers the patient's
 * jobs (their held MRN follows: followRecords).
 */
export async function changeIdentifier(
  tx: Tx,
  corporateStructureId: number,
  msg: Hl7Message,
  mrn: string,
): Promise<number[]> {
  const prior = await priorPatient(tx, corporateStructureId, msg);
  if (prior.mrn !== mrn) {
    if (await patientOf(tx, corporateStructureId, mrn))
      throw new ApplyRefused(message('hl7In.identifierTaken'), 'unknownKey');
    await tx.update(patients).set({ mrn }).where(eq(patients.id, prior.id));
  }
  const held = await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.patientId, prior.id));
  return held.map((j) => j.id);
}

/**
 * A40: the patient MRG-1 names merges into the surviving one (PID-3, written already): its visits
 * and all its jobs move to the surviving patient, audited (interface.patient.merge: the ids, no
 * patient data). The merged patient's row stays, with nothing left on it. Answers the moved jobs.
 */
export async function mergePatients(
  ctx: AppContext,
  tx: Tx,
  corporateStructureId: number,
  msg: Hl7Message,
  survivingId: number,
): Promise<number[]> {
  const prior = await priorPatient(tx, corporateStructureId, msg);
  if (prior.id === survivingId) throw new ApplyRefused(message('hl7In.sameIdentifier'), 'unknownKey');
  const movedVisits = await tx
    .update(visits)
    .set({ patientId: survivingId })
    .where(eq(visits.patientId, prior.id))
    .returning({ id: visits.id });
  const movedJobs = await tx
    .update(jobs)
    .set({ patientId: survivingId })
    .where(eq(jobs.patientId, prior.id))
    .returning({ id: jobs.id });
  const jobIds = movedJobs.map((j) => j.id).sort((a, b) => a - b);
  await recordAudit(
    ctx,
    {
      action: 'interface.patient.merge',
      outcome: 'success',
      corporateStructureId,
      patientId: survivingId,
      detail: { mergedPatientId: prior.id, jobIds, visits: movedVisits.length },
    },
    tx,
  );
  return jobIds;
}
