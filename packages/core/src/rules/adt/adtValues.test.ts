import { describe, expect, it } from 'vitest';
import { ADT_DATA_TYPES as T } from '../../contract/schedule.js';
import { message } from '../../i18n/format.js';
import { adtEditGate, adtViewGate } from '../jobList/actions/actionGates.js';
import {
  acceptButtonLabel,
  acceptLabelKeys,
  adtDateTime,
  adtDisplayType,
  adtKey,
  canAcceptAdt,
  parseAdtKey,
  physicianKey,
  readAdtValue,
  sortAdtItems,
} from './adtValues.js';

const parsed = (type: number, text: string | null) => {
  const r = readAdtValue(type, text);
  return r.ok ? r.parsedValue : r.error;
};

describe('readAdtValue', () => {
  it('reads blank text as an empty value of any type', () => {
    for (const type of Object.values(T)) {
      expect(readAdtValue(type, null)).toEqual({ ok: true, value: null, parsedValue: null });
      expect(readAdtValue(type, '   ')).toEqual({ ok: true, value: null, parsedValue: null });
    }
  });

  it('reads dates and date-times as real calendar days and clock times', () => {
    expect(parsed(T.date, '2024-02-29')).toBe('2024-02-29');
    expect(parsed(T.date, ' 1958-04-12 ')).toBe('1958-04-12');
    for (const bad of ['2023-02-29', '1900-02-29', '2024-13-01', '2024-04-31', '04/12/1958', '2024-1-1'])
      expect(parsed(T.date, bad)).toBe('adt.badDate');
    expect(parsed(T.date, '2000-02-29')).toBe('2000-02-29');
    expect(parsed(T.dateTime, '2026-10-31T23:59:59')).toBe('2026-10-31T23:59:59');
    for (const bad of ['2026-10-31', '2026-10-31T24:00:00', '2026-10-31T10:60:00', '2026-10-31 10:00:00'])
      expect(parsed(T.dateTime, bad)).toBe('adt.badDateTime');
  });

  it('reads times with or without seconds, answering them with seconds', () => {
    expect(parsed(T.time, '08:30')).toBe('08:30:00');
    expect(parsed(T.time, '23:59:59')).toBe('23:59:59');
    for (const bad of ['8:30', '24:00', '12:61', '12:00:60', 'noon'])
      expect(parsed(T.time, bad)).toBe('adt.badTime');
  });

  it('reads decimals of at most 32 digits as canonical text (exact, not a double)', () => {
    expect(parsed(T.decimal, '0012.500')).toBe('12.5');
    expect(parsed(T.decimal, '+7')).toBe('7');
    expect(parsed(T.decimal, '-0.0')).toBe('0');
    expect(parsed(T.decimal, '-.25')).toBe('-0.25');
    expect(parsed(T.decimal, '5.')).toBe('5');
    const max = '1234567890123456789012345678901.2';
    expect(parsed(T.decimal, max)).toBe(max);
    for (const bad of [`${max}3`, '1e5', '1,000', '.', '-', '12.3.4', 'abc'])
      expect(parsed(T.decimal, bad)).toBe('adt.badDecimal');
  });

  it('reads social security numbers only as ###-##-####', () => {
    expect(parsed(T.ssn, '912-34-5678')).toBe('912-34-5678');
    for (const bad of ['912345678', '912-345-678', '91-234-5678', 'abc-de-fghi'])
      expect(parsed(T.ssn, bad)).toBe('adt.badSsn');
  });

  it('reads booleans as true or false in any case, strings as they are', () => {
    expect(parsed(T.boolean, 'TRUE')).toBe(true);
    expect(parsed(T.boolean, 'false')).toBe(false);
    expect(parsed(T.boolean, 'yes')).toBe('adt.badBoolean');
    expect(readAdtValue(T.string, ' Okafor ')).toEqual({ ok: true, value: 'Okafor', parsedValue: 'Okafor' });
    // An unknown data type reads as a string.
    expect(parsed(42, '12/31')).toBe('12/31');
  });

  it('gives every error a catalogue message naming the field', () => {
    const r = readAdtValue(T.ssn, '1');
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(message(r.error, { field: 'SSN' })).toBe('SSN must be a social security number (###-##-####)');
  });
});

describe('display types, keys and ordering', () => {
  it('names the display type of each data type', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(adtDisplayType)).toEqual([
      'datetime',
      'date',
      'decimal',
      'social security number',
      'string',
      'time',
      'boolean',
    ]);
    expect(adtDisplayType(9)).toBe('string');
  });

  it('writes instants on the facility’s wall clock', () => {
    const at = Date.parse('2026-07-04T15:30:45.900Z');
    expect(adtDateTime(at, 'America/Chicago')).toBe('2026-07-04T10:30:45');
    expect(adtDateTime(at, 'America/New_York')).toBe('2026-07-04T11:30:45');
    expect(readAdtValue(T.dateTime, adtDateTime(at, 'UTC')).ok).toBe(true);
  });

  it('writes and reads the keys of values and physician items', () => {
    expect(adtKey({ segment: 'PID', field: 5, component: 1 })).toBe('PID.5.1');
    expect(physicianKey({ segment: 'PV1', field: 7 })).toBe('PV1.7');
    expect(parseAdtKey('IN1.36.1')).toEqual({ segment: 'IN1', field: 36, component: 1 });
    for (const bad of ['PID.5', 'pid.5.1', 'PID.0.1', 'PID.5.1.1', 'PID.5.100'])
      expect(parseAdtKey(bad)).toBeNull();
  });

  it('orders mandatory first, then by ordinal with 0 last, then by name', () => {
    const item = (displayName: string, ordinal: number, mandatory = false) => ({
      displayName,
      ordinal,
      mandatory,
    });
    const sorted = sortAdtItems([
      item('Zip', 0),
      item('Insurance', 12),
      item('Admit', 3),
      item('MRN', 1, true),
      item('Birth', 0, true),
      item('alpha', 0),
      item('Last', 2, true),
      item('Beta', 0),
    ]);
    expect(sorted.map((i) => i.displayName)).toEqual([
      'MRN',
      'Last',
      'Birth',
      'Admit',
      'Insurance',
      'alpha',
      'Beta',
      'Zip',
    ]);
  });
});

describe('the Accept button', () => {
  const t = (key: Parameters<typeof message>[0]) => message(key);

  it('is labelled by what is chosen', () => {
    expect(acceptButtonLabel({ patientId: 1, visitId: null, orderIds: [] }, t)).toBe('Accept Patient Only');
    expect(acceptButtonLabel({ patientId: 1, visitId: 2, orderIds: [] }, t)).toBe('Accept Patient & Visit');
    expect(acceptButtonLabel({ patientId: 1, visitId: 2, orderIds: [3, 4] }, t)).toBe(
      'Accept Patient, Visit & Order(s)',
    );
    expect(acceptLabelKeys({ patientId: 1, visitId: 2, orderIds: [3] })).toEqual([
      'adt.acceptPatient',
      'adt.acceptVisitAndOrders',
    ]);
  });

  it('needs a patient, and a visit for orders', () => {
    expect(canAcceptAdt({ patientId: null, visitId: null, orderIds: [] })).toBe(false);
    expect(canAcceptAdt({ patientId: 1, visitId: null, orderIds: [] })).toBe(true);
    expect(canAcceptAdt({ patientId: 1, visitId: null, orderIds: [3] })).toBe(false);
    expect(canAcceptAdt({ patientId: 1, visitId: 2, orderIds: [3] })).toBe(true);
  });
});

describe('ADT gates', () => {
  it('shows patient data with adtView, adtEdit or jobEditAdt; edits need jobEditAdt', () => {
    for (const p of ['adtView', 'adtEdit', 'jobEditAdt'])
      expect(adtViewGate(new Set([p]))).toEqual({ shown: true, disabledBy: null });
    expect(adtViewGate(new Set(['jobView']))).toEqual({
      shown: true,
      disabledBy: { key: 'adt.noViewPermission' },
    });
    expect(adtEditGate(new Set(['jobEditAdt']))).toEqual({ shown: true, disabledBy: null });
    expect(adtEditGate(new Set(['adtEdit', 'adtView']))).toEqual({
      shown: true,
      disabledBy: { key: 'adt.noEditPermission' },
    });
  });
});
