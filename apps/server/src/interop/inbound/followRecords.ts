import { isFinalForUpload } from '@quill/core';
import { eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { bookings, clientFacilities, jobs, patients, visits } from '../../db/schema/index.js';
import { type FacilityAdtDefinitions, loadAdtDefinitions } from '../../services/adt/adtDefinitions.js';
import { textValues } from '../../services/adt/jobAdtValues.js';
import { patientValues, visitValues } from '../../services/adt/recordValues.js';

/**
 * Spec 02's refreshOnEdit for the feed (issue 44): after a message changed a patient or visit,
 * each job of that patient or visit that is not final (rules/schedule/uploadFinal) takes the
 * record's value into every patient and visit item whose definition refreshes on edit. The jobs
 * in `follow` (moved to a surviving patient, or whose patient changed its identifier) take the
 * record's value into every patient item they hold, too. Answers the jobs it changed.
 */
export async function followRecords(
  tx: Tx,
  patientId: number,
  visitId: number | null,
  follow: ReadonlySet<number> = new Set(),
): Promise<number[]> {
  const linked = await tx
    .select({
      job: jobs,
      restoreStageId: bookings.restoreStageId,
      timeZone: clientFacilities.timeZone,
    })
    .from(jobs)
    .innerJoin(clientFacilities, eq(clientFacilities.id, jobs.clientFacilityId))
    .leftJoin(bookings, eq(bookings.jobId, jobs.id))
    .where(or(eq(jobs.patientId, patientId), ...(visitId ? [eq(jobs.visitId, visitId)] : [])))
    .orderBy(jobs.id)
    .for('update', { of: jobs });
  const open = linked.filter((r) => !isFinalForUpload({ ...r.job, restoreStageId: r.restoreStageId }));
  if (!open.length) return [];
  const [patient] = await tx.select().from(patients).where(eq(patients.id, patientId));
  const visitIds = [...new Set(open.flatMap((r) => (r.job.visitId ? [r.job.visitId] : [])))];
  const visitRows = visitIds.length ? await tx.select().from(visits).where(inArray(visits.id, visitIds)) : [];
  const defsOf = new Map<number, FacilityAdtDefinitions>();
  const changed: number[] = [];
  for (const { job, timeZone } of open) {
    const defs = defsOf.get(job.clientFacilityId) ?? (await loadAdtDefinitions(tx, job));
    defsOf.set(job.clientFacilityId, defs);
    const visit = visitRows.find((v) => v.id === job.visitId);
    const records = {
      patient: job.patientId === patientId && patient ? patientValues(patient) : {},
      visit: visit ? visitValues(visit, timeZone) : {},
    };
    const own = textValues(job.adt);
    const after = { ...own };
    for (const def of defs.values) {
      if (def.source !== 'patient' && def.source !== 'visit') continue;
      const value = records[def.source][def.key];
      const takes =
        def.row.refreshOnEdit || (follow.has(job.id) && def.source === 'patient' && def.key in own);
      if (takes && value !== undefined) after[def.key] = value;
    }
    if (follow.has(job.id) && 'PID.3.1' in own && records.patient['PID.3.1'])
      after['PID.3.1'] = records.patient['PID.3.1'];
    if (JSON.stringify(after) === JSON.stringify(own)) continue;
    await tx.update(jobs).set({ adt: after }).where(eq(jobs.id, job.id));
    changed.push(job.id);
  }
  return changed;
}
