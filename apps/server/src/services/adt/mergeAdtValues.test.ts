import { describe, expect, it } from 'vitest';
import { adtInput, physicianInput } from '../../testing/adtTestKit.js';
import type { AdtDefinition } from './adtDefinitions.js';
import { mergeAdtValues, mergePhysicianItems } from './mergeAdtValues.js';
import { followDetails } from './refreshJobAdt.js';

const def = (key: string, displayName: string, dataType: number, extra: Partial<AdtDefinition['row']> = {}) =>
  ({
    key,
    source: 'patient',
    row: { displayName, dataType, readOnly: false, follows: null, ...extra },
  }) as unknown as AdtDefinition;

const defs = [
  def('PID.5.2', 'First Name', 4),
  def('ZPI.3.1', 'Call Time', 5, { readOnly: true }),
  def('ZPI.1.1', 'Weight (kg)', 2),
];

describe('mergeAdtValues', () => {
  it('changes only values that read differently; items not posted stay', () => {
    const merged = mergeAdtValues(defs, { 'ZPI.3.1': '08:30', 'ZPI.1.1': '72.50', 'X.1.1': 'kept' }, [
      adtInput('ZPI.3.1', '08:30:00'),
      adtInput('ZPI.1.1', '72.5'),
      adtInput('PID.5.2', ' Ann '),
    ]);
    expect(merged).toEqual({
      values: { 'ZPI.3.1': '08:30', 'ZPI.1.1': '72.50', 'X.1.1': 'kept', 'PID.5.2': 'Ann' },
      changed: ['PID.5.2'],
    });
  });

  it('empties an item: removes it, or stores "" where the patient would show through', () => {
    expect(mergeAdtValues(defs, { 'ZPI.1.1': '1' }, [adtInput('ZPI.1.1', ' ')]).values).toEqual({});
    const fallback = { 'PID.5.2': 'Adam' };
    expect(mergeAdtValues(defs, {}, [adtInput('PID.5.2', 'Adam')], fallback).changed).toEqual([]);
    expect(mergeAdtValues(defs, {}, [adtInput('PID.5.2', null)], fallback)).toEqual({
      values: { 'PID.5.2': '' },
      changed: ['PID.5.2'],
    });
  });

  it('refuses unknown and read-only items and values that do not read, naming the field', () => {
    expect(() => mergeAdtValues(defs, {}, [adtInput('PID.9.1', 'x')])).toThrow(
      'PID.9.1 is not an ADT field of this facility',
    );
    expect(() => mergeAdtValues(defs, {}, [adtInput('ZPI.3.1', '09:00')])).toThrow(
      'Call Time cannot be changed',
    );
    expect(() => mergeAdtValues(defs, {}, [adtInput('ZPI.1.1', '12a')])).toThrow(
      'Weight (kg) must be a number of at most 32 digits',
    );
  });
});

describe('mergePhysicianItems and followDetails', () => {
  const physicians = [def('PV1.7', 'Attending', 4, { follows: 'dictator' }), def('PV1.8', 'Referring', 4)];

  it('sets, keeps and empties physician items; an unknown physician is refused', () => {
    const merged = mergePhysicianItems(
      physicians,
      { 'PV1.7': 1, 'PV1.8': 2 },
      [physicianInput('PV1.7', 1), physicianInput('PV1.8', null)],
      new Map([[1, { disabled: false }]]),
    );
    expect(merged).toEqual({ values: { 'PV1.7': 1 }, changed: ['PV1.8'] });
    expect(() => mergePhysicianItems(physicians, {}, [physicianInput('PV1.8', 9)], new Map())).toThrow(
      'Physician 9 was not found in this corporate structure.',
    );
  });

  it('a physician disabled in the directory stays where it is named but is no new choice', () => {
    const known = new Map([[3, { disabled: true }]]);
    expect(mergePhysicianItems(physicians, { 'PV1.8': 3 }, [physicianInput('PV1.8', 3)], known)).toEqual({
      values: { 'PV1.8': 3 },
      changed: [],
    });
    expect(() => mergePhysicianItems(physicians, {}, [physicianInput('PV1.8', 3)], known)).toThrow(
      'Physician 3 is disabled in the physician directory (or was merged into another).',
    );
  });

  it('items that follow the dictator take a changed dictator only', () => {
    const job = { dictatorId: 1, dictatedForId: null };
    expect(followDetails(physicians, { 'PV1.7': 3 }, job, { dictator: 1, dictatedFor: null })).toEqual({
      'PV1.7': 3,
    });
    expect(followDetails(physicians, { 'PV1.7': 3 }, job, { dictator: 4, dictatedFor: 5 })).toEqual({
      'PV1.7': 4,
    });
    expect(followDetails(physicians, { 'PV1.7': 3 }, job, { dictator: null, dictatedFor: null })).toEqual({});
  });
});
