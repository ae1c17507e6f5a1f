import { describe, expect, it } from 'vitest';
import {
  AdtSearchChangeSchema,
  NewAdtItemSchema,
  NewHoldQueueRuleSchema,
} from '../../contract/adt/adtSetup.js';
import { message } from '../../i18n/format.js';
import {
  ADT_SETUP_LIMITS,
  isTaken,
  itemKey,
  itemSettingsProblem,
  itemSource,
  newItemConflict,
  newItemProblem,
  ruleFieldsProblem,
  ruleParams,
  ruleParamsInWords,
  type SetupProblem,
  type ShownItem,
  searchFieldsProblem,
  segmentFitsType,
} from './adtSetup.js';

const text = (p: SetupProblem | null) => (p ? message(p.key, p.values) : null);
const keys = new Set(['PID.3.1', 'PID.5.1', 'PID.5.2', 'PV1.44.1']);

describe('hold-queue rule setup', () => {
  it('codes are unique ignoring case and surrounding spaces', () => {
    expect(isTaken(' hq01 ', ['HQ01', 'HQ02'])).toBe(true);
    expect(isTaken('HQ10', ['HQ01', 'HQ02'])).toBe(false);
  });

  it('only missingMandatoryAdt and patientNameMismatch name ADT items, each a value item of the facility, once', () => {
    expect(ruleFieldsProblem('missingMandatoryAdt', ['PID.3.1', 'PID.5.1'], keys)).toBeNull();
    expect(ruleFieldsProblem('patientNameMismatch', null, keys)).toBeNull();
    expect(ruleFieldsProblem('noDictator', [], keys)).toBeNull();
    expect(text(ruleFieldsProblem('noDictator', ['PID.3.1'], keys))).toBe(
      'This kind of rule takes no ADT items; leave the items empty.',
    );
    expect(text(ruleFieldsProblem('missingMandatoryAdt', ['PID.99.1'], keys))).toBe(
      'PID.99.1 is not an ADT data item of this facility; choose one from its ADT data.',
    );
    expect(text(ruleFieldsProblem('missingMandatoryAdt', ['PID.3.1', 'PID.3.1'], keys))).toBe(
      'PID.3.1 is chosen twice.',
    );
  });

  it('stores fields only for the kinds that read them', () => {
    expect(ruleParams('missingMandatoryAdt', ['PID.3.1'])).toEqual({ fields: ['PID.3.1'] });
    expect(ruleParams('missingMandatoryAdt', [])).toEqual({});
    expect(ruleParams('emptySection', ['PID.3.1'])).toEqual({});
  });

  it('explains each kind in words, naming items by their display names', () => {
    const names = new Map([
      ['PID.3.1', 'MRN'],
      ['PID.5.1', 'Last Name'],
      ['PID.5.2', 'First Name'],
    ]);
    const say = (kind: string, params: Record<string, unknown> = {}) =>
      text(ruleParamsInWords(kind, params, names));
    expect(say('missingMandatoryAdt', { fields: ['PID.3.1', 'PID.9.1'] })).toBe(
      'Holds a job while any of these ADT items is empty: MRN, PID.9.1.',
    );
    expect(say('missingMandatoryAdt')).toBe(
      'Holds a job while an ADT item this facility marks mandatory is empty.',
    );
    expect(say('patientNameMismatch')).toBe(
      'Holds a job whose document names a patient other than its ADT (Last Name, First Name).',
    );
    expect(say('addresseeCount', { useWorkTypeLimits: true })).toBe(
      'Holds a job whose addressees are more or fewer than its work type allows.',
    );
    expect(say('somethingElse')).toBe(
      'Quill does not know the kind somethingElse; this rule never holds a job.',
    );
  });

  it('the contract bounds code, description and kind with messages a manager can act on', () => {
    const ok = NewHoldQueueRuleSchema.safeParse({ code: ' HQ9 ', description: 'x', kind: 'noDictator' });
    expect(ok.success && ok.data).toEqual({
      code: 'HQ9',
      description: 'x',
      kind: 'noDictator',
      enabled: true,
      fields: null,
    });
    const issues = (body: unknown) => {
      const r = NewHoldQueueRuleSchema.safeParse(body);
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(issues({ code: '  ', description: 'x', kind: 'noDictator' })).toEqual([
      message('reference.adt.rules.codeRequired'),
    ]);
    expect(issues({ code: 'x'.repeat(21), description: 'x', kind: 'noDictator' })).toHaveLength(1);
    expect(issues({ code: 'A', description: 'x'.repeat(201), kind: 'noDictator' })).toHaveLength(1);
    expect(issues({ code: 'A', description: 'x', kind: 'nope' })).toEqual([
      message('reference.adt.rules.kindInvalid'),
    ]);
    expect(issues({ code: 'A', description: 'x', kind: 'noDictator', fields: ['PID-5'] })).toHaveLength(1);
  });
});

describe('ADT data item setup', () => {
  const item = {
    columnHeading: 'Weight',
    segmentName: 'ZPI',
    segmentType: 0,
    fieldIndex: 1,
    componentIndex: 1,
    dataType: 2,
    isPhysician: false,
    readOnly: false,
    highlighted: false,
    inOrderSummary: false,
    follows: null,
  } as const;

  it('takes the segments Quill reads for the record, or a Z-segment', () => {
    expect(segmentFitsType(0, 'PID')).toBe(true);
    expect(segmentFitsType(1, 'IN1')).toBe(true);
    expect(segmentFitsType(2, 'OBR')).toBe(true);
    expect(segmentFitsType(1, 'ZVI')).toBe(true);
    expect(segmentFitsType(0, 'PV1')).toBe(false);
    expect(segmentFitsType(3, 'PID')).toBe(false);
    expect(text(newItemProblem({ ...item, segmentName: 'ORC' }))).toBe(
      'Segment ORC does not hold this record’s values; use PID or a Z-segment of your site.',
    );
  });

  it('a physician item sits at component 1, is text, and only it may follow someone', () => {
    const doctor = {
      ...item,
      segmentName: 'PV1',
      segmentType: 1,
      fieldIndex: 7,
      dataType: 4,
      isPhysician: true,
    };
    expect(newItemProblem({ ...doctor, follows: 'dictator' })).toBeNull();
    expect(text(newItemProblem({ ...doctor, componentIndex: 2 }))).toBe(
      'A physician item sits at component 1 (the physician’s id).',
    );
    expect(newItemProblem({ ...doctor, dataType: 0 })?.key).toBe('reference.adt.items.physicianType');
    expect(itemSettingsProblem({ ...item, follows: 'dictatedFor' })?.key).toBe(
      'reference.adt.items.followsPhysicianOnly',
    );
    expect(itemSettingsProblem({ ...doctor, highlighted: true })?.key).toBe(
      'reference.adt.items.physicianFlags',
    );
  });

  it('only an order value item can be a column of the order summary', () => {
    expect(itemSettingsProblem({ ...item, segmentType: 2, inOrderSummary: true })).toBeNull();
    expect(itemSettingsProblem({ ...item, inOrderSummary: true })?.key).toBe(
      'reference.adt.items.summaryOrderOnly',
    );
  });

  it('keys and sources: values by SEG.f.c, physicians by SEG.f; PID 18.1 is the visit’s', () => {
    expect(itemKey(item)).toBe('ZPI.1.1');
    expect(itemKey({ ...item, isPhysician: true, segmentName: 'PV1', fieldIndex: 7 })).toBe('PV1.7');
    expect(itemSource({ segmentType: 0, segmentName: 'PID', fieldIndex: 18, componentIndex: 1 })).toBe(
      'visit',
    );
    expect(itemSource({ segmentType: 2, segmentName: 'OBR', fieldIndex: 4, componentIndex: 2 })).toBe(
      'order',
    );
  });

  it('a heading is unique among the items the facility shows; its own item may replace a structure item', () => {
    const shown: ShownItem[] = [
      {
        id: 1,
        clientFacilityId: null,
        columnHeading: 'SSN',
        isPhysician: false,
        segmentName: 'PID',
        fieldIndex: 19,
        componentIndex: 1,
      },
      {
        id: 2,
        clientFacilityId: 7,
        columnHeading: 'MRN',
        isPhysician: false,
        segmentName: 'PID',
        fieldIndex: 3,
        componentIndex: 1,
      },
      {
        id: 3,
        clientFacilityId: 8,
        columnHeading: 'Bed',
        isPhysician: false,
        segmentName: 'PV1',
        fieldIndex: 3,
        componentIndex: 2,
      },
    ];
    const at = (segmentName: string, fieldIndex: number, componentIndex: number, columnHeading: string) => ({
      segmentName,
      fieldIndex,
      componentIndex,
      columnHeading,
      isPhysician: false,
    });
    // The structure's SSN replaced by the facility's own, under the same heading.
    expect(newItemConflict(at('PID', 19, 1, 'ssn'), 7, shown)).toBeNull();
    // Another facility's heading is free here.
    expect(newItemConflict(at('PV1', 3, 1, 'BED'), 7, shown)).toBeNull();
    expect(text(newItemConflict(at('PID', 20, 1, ' ssn '), 7, shown))).toBe(
      'This facility already shows an item with the column heading SSN (headings are unique ignoring case).',
    );
    expect(newItemConflict(at('PID', 4, 1, 'mrn'), 7, shown)?.key).toBe('reference.adt.items.headingTaken');
    expect(text(newItemConflict(at('PID', 3, 1, 'Patient ID'), 7, shown))).toBe(
      'This facility already has an item at PID.3.1; edit that one.',
    );
  });

  it('the contract bounds heading, address, type and ordinal', () => {
    const base = {
      columnHeading: 'Weight',
      displayName: 'Weight (kg)',
      segmentName: 'ZPI',
      segmentType: 0,
      fieldIndex: 1,
      componentIndex: 1,
      dataType: 2,
      ordinal: 0,
      mandatory: false,
      readOnly: false,
      highlighted: false,
      inOrderSummary: false,
      refreshOnEdit: false,
    };
    expect(NewAdtItemSchema.safeParse(base).success).toBe(true);
    const bad = (over: Record<string, unknown>) => NewAdtItemSchema.safeParse({ ...base, ...over }).success;
    expect(bad({ columnHeading: 'x'.repeat(ADT_SETUP_LIMITS.headingMax + 1) })).toBe(false);
    expect(bad({ columnHeading: ' ' })).toBe(false);
    expect(bad({ segmentName: 'pid' })).toBe(false);
    expect(bad({ fieldIndex: 1000 })).toBe(false);
    expect(bad({ componentIndex: 0 })).toBe(false);
    expect(bad({ dataType: 7 })).toBe(false);
    expect(bad({ segmentType: 3 })).toBe(false);
    expect(bad({ ordinal: -1 })).toBe(false);
  });
});

describe('ADT search setup', () => {
  it('fields: at least one, at most 20, each a value item of the facility, none twice', () => {
    expect(searchFieldsProblem([{ name: 'MRN', key: 'PID.3.1' }], keys)).toBeNull();
    expect(text(searchFieldsProblem([], keys))).toBe('A search needs at least one field.');
    expect(
      searchFieldsProblem(
        Array.from({ length: 21 }, (_, i) => ({ name: `${i}`, key: 'PID.3.1' })),
        keys,
      )?.key,
    ).toBe('reference.adt.searches.tooManyFields');
    expect(text(searchFieldsProblem([{ name: 'Bed', key: 'PV1.3.2' }], keys))).toBe(
      'The field Bed searches PV1.3.2, which is not an ADT value item of this facility; choose one from its ADT data.',
    );
    expect(
      searchFieldsProblem(
        [
          { name: 'A', key: 'PID.5.1' },
          { name: 'B', key: 'PID.5.1' },
        ],
        keys,
      )?.key,
    ).toBe('reference.adt.searches.fieldTwice');
  });

  it('an identifier is 1 to 40 letters, digits or . _ -, as searchadt takes it', () => {
    const body = (identifier: string) => ({
      name: 'By MRN',
      identifier,
      fields: [{ name: 'MRN', hl7Identifier: { segment: 'PID', field: 3, component: 1 } }],
    });
    expect(AdtSearchChangeSchema.safeParse(body('by-mrn_2.0')).success).toBe(true);
    expect(AdtSearchChangeSchema.safeParse(body('by mrn')).success).toBe(false);
    expect(AdtSearchChangeSchema.safeParse(body('')).success).toBe(false);
    expect(AdtSearchChangeSchema.safeParse(body('x'.repeat(41))).success).toBe(false);
    expect(AdtSearchChangeSchema.safeParse({ ...body('x'), fields: [] }).success).toBe(false);
  });
});
