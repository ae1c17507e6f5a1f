import { describe, expect, it } from 'vitest';
import { physician } from '../details/testing';
import {
  adtGroups,
  adtRequestOf,
  clearedItems,
  isNewOrder,
  newOrder,
  withItemPhysician,
  withItemValue,
} from './adtDraft';
import { jobAdt } from './testing';

const names = (items: { displayName: string }[]) => items.map((i) => i.displayName);

describe('adtDraft', () => {
  it('lists mandatory fields, then optional ones with a value or shown, by ordinal with 0 last', () => {
    const adt = jobAdt();
    const groups = adtGroups(adt.outputAdtData, new Set());
    expect(names(groups.mandatory)).toEqual(['Patient ID (MRN)', 'Last Name', 'Date of Birth']);
    expect(names(groups.additional)).toEqual(['Insurance Company']);
    expect(names(groups.addable)).toEqual(['Middle Name', 'SSN']);
    const shown = adtGroups(adt.outputAdtData, new Set(['PID.19.1']));
    expect(names(shown.additional)).toEqual(['SSN', 'Insurance Company']);
    expect(names(shown.addable)).toEqual(['Middle Name']);
  });

  it('keeps the typed text, reads it by data type, and treats blank as empty', () => {
    const items = jobAdt().outputAdtData;
    const dob = withItemValue(items, 'PID.7.1', '1980-02-29').find((i) => i.displayName === 'Date of Birth');
    expect(dob).toMatchObject({ value: '1980-02-29', parsedValue: '1980-02-29' });
    const bad = withItemValue(items, 'PID.7.1', '1981-02-29').find((i) => i.displayName === 'Date of Birth');
    expect(bad).toMatchObject({ value: '1981-02-29', parsedValue: null });
    const blank = withItemValue(items, 'PID.5.1', '  ').find((i) => i.displayName === 'Last Name');
    expect(blank).toMatchObject({ value: null, parsedValue: null });
  });

  it('Clear empties every value except read-only ones', () => {
    const cleared = clearedItems(jobAdt().outputAdtData);
    expect(cleared.filter((i) => i.value !== null).map((i) => i.displayName)).toEqual(['Patient ID (MRN)']);
  });

  it('makes new orders from the template with unused temporary ids', () => {
    const adt = jobAdt();
    const first = newOrder(adt.orderTemplate!, adt.orderData);
    const second = newOrder(adt.orderTemplate!, [...adt.orderData, first]);
    expect(isNewOrder(first)).toBe(true);
    expect(second.instanceId).not.toBe(first.instanceId);
    expect(first.outputAdtData.every((i) => i.value === null)).toBe(true);
  });

  it('sends every value trimmed, orders (new ones with their temporary id) and physicians by id', () => {
    const adt = jobAdt();
    const items = withItemValue(adt.outputAdtData, 'PID.5.1', ' Doe-Smith ');
    const request = adtRequestOf({
      ...adt,
      outputAdtData: items,
      orderData: [...adt.orderData, newOrder(adt.orderTemplate!, adt.orderData)],
    });
    expect(request.inputAdtData).toContainEqual({
      hl7Identifier: { segment: 'PID', field: 5, component: 1 },
      value: 'Doe-Smith',
    });
    expect(request.inputAdtData).toContainEqual({
      hl7Identifier: { segment: 'PID', field: 19, component: 1 },
      value: null,
    });
    expect(request.orderData.map((o) => [o.instanceId, o.orderId])).toEqual([
      ['501', 77],
      ['new-2', null],
    ]);
    expect(request.hl7Physician).toEqual([
      { hl7IdentifierBase: { segment: 'PV1', field: 7 }, physicianId: 7 },
      { hl7IdentifierBase: { segment: 'PV1', field: 8 }, physicianId: null },
    ]);
  });
});

describe('a physician item chosen in the Physician modal', () => {
  it('sets the physician of the item at that HL7 field only, and the request sends it by id', () => {
    const adt = jobAdt();
    const chosen = physician({ userId: 31, lastName: 'Lee' });
    const items = withItemPhysician(adt.hl7Physician, { segment: 'PV1', field: 8 }, chosen);
    expect(items.map((p) => p.physician?.userId ?? null)).toEqual([7, 31]);
    expect(adtRequestOf({ ...adt, hl7Physician: items }).hl7Physician).toEqual([
      { hl7IdentifierBase: { segment: 'PV1', field: 7 }, physicianId: 7 },
      { hl7IdentifierBase: { segment: 'PV1', field: 8 }, physicianId: 31 },
    ]);
  });
});
