import type { Hl7Message } from '@medplum/core';
import { type Hl7EventKind, hl7Time, message } from '@quill/core';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import type { clientFacilities } from '../../db/schema/index.js';
import { loadAdtDefinitions } from '../../services/adt/adtDefinitions.js';
import type { ParsedRow } from '../../services/schedule/parseRows.js';
import { RecordApplier } from '../../services/schedule/recordApplier.js';
import { uploadJobEffects } from '../../services/schedule/uploadJobs.js';
import { ApplyRefused } from './applyRefused.js';
import { followRecords } from './followRecords.js';
import { messageRows } from './messageRows.js';
import { changeIdentifier, mergePatients } from './patientIdentity.js';

/** What applying a message did: the patient it wrote and the jobs it changed or moved. */
export interface Applied {
  patientId: number;
  jobIds: number[];
}

/** EVN-6 (event occurred) or EVN-2 (recorded) as the facility's wall clock, for an event without its PV1 time. */
function eventTime(msg: Hl7Message): string | undefined {
  const evn = msg.getSegment('EVN');
  const raw = evn?.getComponent(6, 1).trim() || evn?.getComponent(2, 1).trim() || '';
  return hl7Time(raw, true) ?? undefined;
}

/** A01 admits and A03 discharges at the event's time when PV1-44 / PV1-45 is empty. */
function withEventTimes(row: ParsedRow, event: string, msg: Hl7Message): ParsedRow {
  const key = event === 'A01' ? 'PV1.44.1' : event === 'A03' ? 'PV1.45.1' : null;
  const at = key && !row.visit[key] ? eventTime(msg) : undefined;
  return at && key ? { ...row, visit: { ...row.visit, [key]: at } } : row;
}

/**
 * Applies one message to the records of a facility, in the caller's transaction (issue 44;
 * docs/domain.md "Interfaces (HL7 v2)"): the patient (PID-3) and its visit (PID-18 or PV1-19)
 * added or updated by the patient-data upload's writer (services/schedule/recordApplier), the
 * orders of an order message on that visit, A11/A13 emptying the admit/discharge time, A34/A47
 * changing the identifier, A40 merging MRG-1's patient into PID-3's. The jobs of the changed
 * records follow as after an upload (uploadJobEffects: a job that is not final takes the new value
 * of every item it holds) and their refresh-on-edit items take the record's values
 * (followRecords). Throws ApplyRefused (AE) when the message cannot be applied.
 */
export async function applyMessage(
  ctx: AppContext,
  tx: Tx,
  facility: typeof clientFacilities.$inferSelect,
  kind: Hl7EventKind,
  event: string,
  msg: Hl7Message,
): Promise<Applied> {
  const cs = facility.corporateStructureId;
  const defs = await loadAdtDefinitions(tx, { corporateStructureId: cs, clientFacilityId: facility.id });
  const rows = messageRows(msg, defs, kind === 'orders').map((r) => withEventTimes(r, event, msg));
  if (kind === 'orders') {
    if (!rows.length) throw new ApplyRefused(message('hl7In.noOrderNumber', { n: 1 }), 'requiredField');
    if (!rows[0]!.visitNumber) throw new ApplyRefused(message('hl7In.noVisit'), 'requiredField');
    const missing = rows.findIndex(
      (r) => !['ORC.2.1', 'OBR.2.1', 'ORC.3.1', 'OBR.3.1'].some((k) => r.order[k]),
    );
    if (missing >= 0)
      throw new ApplyRefused(message('hl7In.noOrderNumber', { n: missing + 1 }), 'requiredField');
  }
  const first = rows[0]!;
  const follow = new Set<number>();
  if (kind === 'identifier') for (const id of await changeIdentifier(tx, cs, msg, first.mrn)) follow.add(id);

  const applier = new RecordApplier(tx, facility);
  let written = { patientId: 0, visitId: null as number | null };
  for (const row of rows) written = await applier.update(row);
  if (written.visitId && (kind === 'cancelAdmit' || kind === 'cancelDischarge'))
    await applier.clearVisitTimes(written.visitId, [kind === 'cancelAdmit' ? 'admittedAt' : 'dischargedAt']);
  if (kind === 'merge')
    for (const id of await mergePatients(ctx, tx, cs, msg, written.patientId)) follow.add(id);

  const effects = await uploadJobEffects(tx, applier.changes.changes(), true);
  const refreshed = await followRecords(tx, written.patientId, written.visitId, follow);
  const jobIds = new Set([
    ...effects.jobs.filter((j) => !j.final).map((j) => j.jobId),
    ...refreshed,
    ...follow,
  ]);
  return { patientId: written.patientId, jobIds: [...jobIds].sort((a, b) => a - b) };
}
