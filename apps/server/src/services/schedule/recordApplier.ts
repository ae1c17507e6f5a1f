import { message } from '@quill/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { jobOrders, jobs, orders, patients, visits } from '../../db/schema/index.js';
import type { ParsedRow } from './parseRows.js';
import type { ScheduleFacility } from './scheduleFacility.js';
import { fieldValues, rowFields, UploadChangeRecorder } from './uploadChanges.js';
import { zonedTimeToUtc } from './zonedTime.js';

/**
 * Writes patient, visit and order records from rows of ADT values keyed "SEG.field.component"
 * (a patient-data upload's rows, an HL7 v2 feed's messages: interop/inbound), collecting what it
 * changed (UploadChangeRecorder) so the records' jobs can follow (uploadJobEffects).
 */
const PATIENT_COLUMNS = new Set(['PID.5.1', 'PID.5.2', 'PID.5.3', 'PID.7.1', 'PID.8.1', 'PID.8.0']);
const VISIT_COLUMNS = new Set(['PV1.2.1', 'PV1.44.1', 'PV1.45.1']);
const ORDER_NUMBER_KEYS = ['ORC.2.1', 'OBR.2.1', 'ORC.3.1', 'OBR.3.1'];
const ORDER_DESCRIPTION_KEYS = ['OBR.4.2', 'OBR.4.1'];
const ORDER_TIME_KEYS = ['ORC.9.1', 'OBR.7.1'];

const first = (values: Record<string, string>, keys: string[]) =>
  keys.map((k) => values[k]).find((v) => v !== undefined && v !== '');
const others = (values: Record<string, string>, skip: (key: string) => boolean) =>
  Object.fromEntries(Object.entries(values).filter(([k]) => !skip(k)));
/** Only the values given: a blank cell never overwrites a stored value. */
const given = <T extends Record<string, unknown>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;

export class RecordApplier {
  readonly patientsAdded = new Set<number>();
  readonly patientsUpdated = new Set<number>();
  readonly visitsAdded = new Set<number>();
  readonly visitsUpdated = new Set<number>();
  visitsDeleted = 0;
  rowsSkipped = 0;
  readonly warnings: string[] = [];
  readonly changes = new UploadChangeRecorder();

  constructor(
    private readonly tx: Tx,
    private readonly facility: ScheduleFacility,
  ) {}

  private at(local: string | undefined): Date | undefined {
    return local ? zonedTimeToUtc(local, this.facility.timeZone) : undefined;
  }

  private async findPatient(mrn: string) {
    const [p] = await this.tx
      .select()
      .from(patients)
      .where(
        and(eq(patients.corporateStructureId, this.facility.corporateStructureId), eq(patients.mrn, mrn)),
      );
    return p;
  }

  private async findVisit(patientId: number, visitNumber: string) {
    const [v] = await this.tx
      .select()
      .from(visits)
      .where(and(eq(visits.patientId, patientId), eq(visits.visitNumber, visitNumber)))
      .orderBy(visits.id)
      .limit(1);
    return v;
  }

  /** Adds or updates the row's patient, its visit and order; answers the records it wrote. */
  async update(row: ParsedRow): Promise<{ patientId: number; visitId: number | null }> {
    const v = row.patient;
    const adt = others(v, (k) => PATIENT_COLUMNS.has(k));
    const columns = given({
      lastName: v['PID.5.1'],
      firstName: v['PID.5.2'],
      middleName: v['PID.5.3'],
      dateOfBirth: v['PID.7.1']?.slice(0, 10),
      sex: v['PID.8.1'] ?? v['PID.8.0'],
    });
    let patient = await this.findPatient(row.mrn);
    if (patient) {
      const next = { ...columns, adt: { ...patient.adt, ...adt } };
      await this.tx.update(patients).set(next).where(eq(patients.id, patient.id));
      this.changes.update(
        'patient',
        patient.id,
        row.mrn,
        rowFields('patient', patient),
        fieldValues(columns, adt),
      );
      if (!this.patientsAdded.has(patient.id)) this.patientsUpdated.add(patient.id);
    } else {
      [patient] = await this.tx
        .insert(patients)
        .values({
          corporateStructureId: this.facility.corporateStructureId,
          mrn: row.mrn,
          lastName: columns.lastName ?? '',
          firstName: columns.firstName ?? '',
          middleName: columns.middleName ?? null,
          dateOfBirth: columns.dateOfBirth ?? null,
          sex: columns.sex ?? null,
          adt,
        })
        .returning();
      this.patientsAdded.add(patient!.id);
      this.changes.insert('patient', patient!.id, row.mrn);
    }
    if (!row.visitNumber) return { patientId: patient!.id, visitId: null };
    const visitId = await this.upsertVisit(patient!.id, row);
    const orderNumber = first(row.order, ORDER_NUMBER_KEYS);
    if (orderNumber) await this.upsertOrder(visitId, orderNumber, row.order);
    return { patientId: patient!.id, visitId };
  }

  /** Empties a visit's admit or discharge time (an HL7 cancel admit or cancel discharge). */
  async clearVisitTimes(visitId: number, fields: readonly ('admittedAt' | 'dischargedAt')[]): Promise<void> {
    const [visit] = await this.tx.select().from(visits).where(eq(visits.id, visitId));
    if (!visit || fields.every((f) => visit[f] === null)) return;
    const cleared = Object.fromEntries(fields.map((f) => [f, null]));
    await this.tx.update(visits).set(cleared).where(eq(visits.id, visitId));
    this.changes.update('visit', visitId, visit.visitNumber, rowFields('visit', visit), fieldValues(cleared));
  }

  private async upsertVisit(patientId: number, row: ParsedRow): Promise<number> {
    const v = row.visit;
    const adt = others(v, (k) => VISIT_COLUMNS.has(k));
    const columns = given({
      patientClass: v['PV1.2.1'],
      admittedAt: this.at(v['PV1.44.1']),
      dischargedAt: this.at(v['PV1.45.1']),
    });
    const visit = await this.findVisit(patientId, row.visitNumber!);
    if (visit) {
      await this.tx
        .update(visits)
        .set({ ...columns, adt: { ...visit.adt, ...adt } })
        .where(eq(visits.id, visit.id));
      this.changes.update(
        'visit',
        visit.id,
        row.visitNumber!,
        rowFields('visit', visit),
        fieldValues(columns, adt),
      );
      if (!this.visitsAdded.has(visit.id)) this.visitsUpdated.add(visit.id);
      return visit.id;
    }
    const [made] = await this.tx
      .insert(visits)
      .values({ patientId, visitNumber: row.visitNumber!, ...columns, adt })
      .returning({ id: visits.id });
    this.visitsAdded.add(made!.id);
    this.changes.insert('visit', made!.id, row.visitNumber!);
    return made!.id;
  }

  private async upsertOrder(visitId: number, orderNumber: string, values: Record<string, string>) {
    const skip = new Set([...ORDER_NUMBER_KEYS, ...ORDER_DESCRIPTION_KEYS, ...ORDER_TIME_KEYS]);
    const adt = others(values, (k) => skip.has(k));
    const columns = given({
      description: first(values, ORDER_DESCRIPTION_KEYS),
      orderedAt: this.at(first(values, ORDER_TIME_KEYS)),
    });
    const [order] = await this.tx
      .select()
      .from(orders)
      .where(and(eq(orders.visitId, visitId), eq(orders.orderNumber, orderNumber)))
      .limit(1);
    if (order) {
      await this.tx
        .update(orders)
        .set({ ...columns, adt: { ...order.adt, ...adt } })
        .where(eq(orders.id, order.id));
      this.changes.update(
        'order',
        order.id,
        orderNumber,
        rowFields('order', order),
        fieldValues(columns, adt),
      );
    } else {
      const [made] = await this.tx
        .insert(orders)
        .values({
          visitId,
          orderNumber,
          description: columns.description ?? '',
          orderedAt: columns.orderedAt,
          adt,
        })
        .returning({ id: orders.id });
      this.changes.insert('order', made!.id, orderNumber);
    }
  }

  /** Deletes the row's visit and its orders, unless a job refers to either; never the patient. */
  async delete(row: ParsedRow): Promise<void> {
    if (!row.visitNumber) return;
    const patient = await this.findPatient(row.mrn);
    const visit = patient && (await this.findVisit(patient.id, row.visitNumber));
    if (!visit) return;
    const visitOrders = await this.tx.select().from(orders).where(eq(orders.visitId, visit.id));
    const orderIds = visitOrders.map((o) => o.id);
    const [job] = await this.tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.visitId, visit.id)).limit(1);
    const [ordered] = orderIds.length
      ? await this.tx
          .select({ id: jobOrders.jobId })
          .from(jobOrders)
          .where(inArray(jobOrders.orderId, orderIds))
          .limit(1)
      : [];
    if (job || ordered) {
      this.warnings.push(message('schedule.visitInUse', { row: row.row, visit: row.visitNumber }));
      this.rowsSkipped++;
      return;
    }
    if (orderIds.length) await this.tx.delete(orders).where(inArray(orders.id, orderIds));
    await this.tx.delete(visits).where(eq(visits.id, visit.id));
    this.changes.deleteVisit(visit.id, row.visitNumber, {
      visit: { ...visit },
      orders: visitOrders.map((o) => ({ ...o })),
    });
    this.visitsDeleted++;
  }
}
