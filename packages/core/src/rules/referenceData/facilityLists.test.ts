import { describe, expect, it } from 'vitest';
import {
  SaveDepartmentRequestSchema,
  SaveLocationRequestSchema,
  SaveWorkTypeRequestSchema,
} from '../../contract/facilityLists.js';
import { message } from '../../i18n/format.js';
import { MAX_JOB_RECIPIENTS } from '../recipients/recipients.js';
import {
  departmentProblems,
  FACILITY_LIST_LIMITS,
  type FieldProblem,
  listTextTaken,
  locationProblems,
  sameListText,
  type WorkTypeDraft,
  workTypeNumberTaken,
  workTypeProblems,
} from './facilityLists.js';

const draft = (over: Partial<WorkTypeDraft> = {}): WorkTypeDraft => ({
  number: 11,
  name: 'Progress Note',
  enableAddressee: true,
  minAddressees: 1,
  maxAddressees: 2,
  allowPatientAsRecipient: true,
  ...over,
});

/** Each problem as `field: the user's message`. */
const said = (problems: FieldProblem<string>[]) =>
  problems.map((p) => `${p.field}: ${message(p.message.key, p.message.values)}`);

describe('work type rules', () => {
  it('accepts a whole number 1–99999, a name, and limits within a job’s recipients', () => {
    expect(workTypeProblems(draft())).toEqual([]);
    expect(workTypeProblems(draft({ number: 1, maxAddressees: null }))).toEqual([]);
    expect(workTypeProblems(draft({ number: 99_999, minAddressees: 0, maxAddressees: 0 }))).toEqual([]);
    expect(
      workTypeProblems(draft({ minAddressees: MAX_JOB_RECIPIENTS, maxAddressees: MAX_JOB_RECIPIENTS })),
    ).toEqual([]);
    expect(FACILITY_LIST_LIMITS.addresseesMax).toBe(MAX_JOB_RECIPIENTS);
  });

  it('refuses a number that is not a whole number from 1 to 99999', () => {
    for (const number of [0, -1, 100_000, 1.5, Number.NaN])
      expect(said(workTypeProblems(draft({ number })))).toEqual([
        'number: The number is a whole number from 1 to 99999.',
      ]);
  });

  it('refuses an empty name or one longer than 100 characters (after trimming)', () => {
    expect(said(workTypeProblems(draft({ name: '   ' })))).toEqual(['name: Enter a value.']);
    expect(said(workTypeProblems(draft({ name: 'x'.repeat(101) })))).toEqual([
      'name: At most 100 characters.',
    ]);
    expect(workTypeProblems(draft({ name: ` ${'x'.repeat(100)} ` }))).toEqual([]);
  });

  it('refuses a maximum below the minimum, and limits beyond a job’s recipients', () => {
    expect(said(workTypeProblems(draft({ minAddressees: 3, maxAddressees: 2 })))).toEqual([
      'maxAddressees: The maximum cannot be less than the minimum (3).',
    ]);
    expect(said(workTypeProblems(draft({ minAddressees: -1 })))).toEqual([
      'minAddressees: The minimum is a whole number from 0 to 100.',
    ]);
    expect(said(workTypeProblems(draft({ maxAddressees: 101 })))).toEqual([
      'maxAddressees: The maximum is empty (no maximum) or a whole number from 0 to 100.',
    ]);
  });

  it('without addressee support, requires and allows none', () => {
    const off = { enableAddressee: false };
    expect(workTypeProblems(draft({ ...off, minAddressees: 0, maxAddressees: null }))).toEqual([]);
    expect(workTypeProblems(draft({ ...off, minAddressees: 0, maxAddressees: 0 }))).toEqual([]);
    const refusal =
      'minAddressees: A work type without addressees cannot require or allow any: set the minimum to 0 and leave the maximum empty.';
    expect(said(workTypeProblems(draft({ ...off, minAddressees: 1, maxAddressees: null })))).toEqual([
      refusal,
    ]);
    expect(said(workTypeProblems(draft({ ...off, minAddressees: 0, maxAddressees: 2 })))).toEqual([refusal]);
  });

  it('finds a number taken by another work type, never by the one edited', () => {
    const rows = [
      { id: 1, number: 11 },
      { id: 2, number: 12 },
    ];
    expect(workTypeNumberTaken(12, rows)).toEqual({ id: 2, number: 12 });
    expect(workTypeNumberTaken(12, rows, 2)).toBeNull();
    expect(workTypeNumberTaken(13, rows)).toBeNull();
  });
});

describe('department and location rules', () => {
  it('checks names and codes for length after trimming', () => {
    expect(departmentProblems({ name: ' Cardiology ' })).toEqual([]);
    expect(said(departmentProblems({ name: '' }))).toEqual(['name: Enter a value.']);
    expect(locationProblems({ code: 'W1', name: 'Ward 1', auto: false })).toEqual([]);
    expect(said(locationProblems({ code: 'x'.repeat(21), name: ' ', auto: true }))).toEqual([
      'code: At most 20 characters.',
      'name: Enter a value.',
    ]);
  });

  it('treats names and codes that differ in case or padding as the same', () => {
    expect(sameListText(' cardiology', 'Cardiology ')).toBe(true);
    expect(sameListText('Ward 1', 'Ward 2')).toBe(false);
    const rows = [
      { id: 1, code: 'W1' },
      { id: 2, code: 'ER' },
    ];
    expect(listTextTaken('w1', rows, (r) => r.code)).toEqual({ id: 1, code: 'W1' });
    expect(listTextTaken('w1', rows, (r) => r.code, 1)).toBeNull();
  });
});

describe('the request schemas run the same rules', () => {
  const body = { ...draft(), name: '  Progress Note  ' };

  it('trims names and answers the rule’s message for a refused draft', () => {
    expect(SaveWorkTypeRequestSchema.parse(body).name).toBe('Progress Note');
    const bad = SaveWorkTypeRequestSchema.safeParse({ ...body, minAddressees: 3, maxAddressees: 2 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['maxAddressees', 'The maximum cannot be less than the minimum (3).'],
    ]);
    const number = SaveWorkTypeRequestSchema.safeParse({ ...body, number: 100_000 });
    expect(number.error?.issues.map((i) => i.message)).toEqual([
      'The number is a whole number from 1 to 99999.',
    ]);
    expect(SaveWorkTypeRequestSchema.safeParse({ ...body, number: '12' }).success).toBe(false);
  });

  it('refuses control characters and empty names in departments and locations', () => {
    expect(SaveDepartmentRequestSchema.safeParse({ name: 'Card\u0000iology' }).success).toBe(false);
    expect(SaveDepartmentRequestSchema.safeParse({ name: '  ' }).error?.issues[0]?.message).toBe(
      'Enter a value.',
    );
    expect(SaveLocationRequestSchema.parse({ code: ' w1 ', name: 'Ward 1', auto: true })).toEqual({
      code: 'w1',
      name: 'Ward 1',
      auto: true,
    });
  });
});
