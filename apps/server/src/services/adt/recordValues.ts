import { adtDateTime } from '@quill/core';
import type { orders, patients, visits } from '../../db/schema/index.js';
import { textValues } from './jobAdtValues.js';

/**
 * The ADT values of the patient, visit and order records, keyed "SEG.field.component": each
 * record's columns at the positions the upload reads them from (docs/domain.md "Schedule and
 * patient uploads"), over the other values it keeps in `adt`. Times are written on the job's
 * facility's clock.
 */

const present = (entries: [string, string | null | undefined][]) =>
  Object.fromEntries(entries.filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));

/** A patient's values: PID 3.1 MRN, 5.1/5.2/5.3 names, 7.1 birth date, 8.1 sex, and its others. */
export function patientValues(p: typeof patients.$inferSelect): Record<string, string> {
  return {
    ...textValues(p.adt),
    ...present([
      ['PID.3.1', p.mrn],
      ['PID.5.1', p.lastName],
      ['PID.5.2', p.firstName],
      ['PID.5.3', p.middleName],
      ['PID.7.1', p.dateOfBirth],
      ['PID.8.1', p.sex],
    ]),
  };
}

const at = (value: Date | null, timeZone: string) => (value ? adtDateTime(value.getTime(), timeZone) : null);

/** A visit's values: PID 18.1 visit number, PV1 2.1 class, 44.1 admitted, 45.1 discharged, and its others. */
export function visitValues(v: typeof visits.$inferSelect, timeZone: string): Record<string, string> {
  return {
    ...textValues(v.adt),
    ...present([
      ['PID.18.1', v.visitNumber],
      ['PV1.2.1', v.patientClass],
      ['PV1.44.1', at(v.admittedAt, timeZone)],
      ['PV1.45.1', at(v.dischargedAt, timeZone)],
    ]),
  };
}

/** An order's values: ORC 2.1 order number, OBR 4.2 procedure, OBR 7.1 ordered at, and its others. */
export function orderValues(o: typeof orders.$inferSelect, timeZone: string): Record<string, string> {
  return {
    ...textValues(o.adt),
    ...present([
      ['ORC.2.1', o.orderNumber],
      ['OBR.4.2', o.description],
      ['OBR.7.1', at(o.orderedAt, timeZone)],
    ]),
  };
}
