import { ADT_DATA_TYPES, type MappingDefinition } from '@quill/core';
import { describe, expect, it } from 'vitest';
import { checkMapping } from './mappingRules.js';
import { capWarnings, parseRows } from './parseRows.js';
import type { OfferedDefinition } from './scheduleFacility.js';

const def = (
  columnHeading: string,
  seg: string,
  field: number,
  comp: number,
  dataType: number,
): OfferedDefinition => ({
  def: {
    columnHeading,
    segmentName: seg,
    segmentType: seg === 'PID' ? 1 : seg === 'PV1' ? 2 : 3,
    fieldIndex: field,
    componentIndex: comp,
    isDateTime: dataType === ADT_DATA_TYPES.date || dataType === ADT_DATA_TYPES.dateTime,
    dataType,
  },
  displayName: columnHeading,
});
const offered = [
  def('MRN', 'PID', 3, 1, ADT_DATA_TYPES.string),
  def('Visit', 'PID', 18, 1, ADT_DATA_TYPES.string),
  def('SSN', 'PID', 19, 1, ADT_DATA_TYPES.ssn),
  def('Weight', 'PID', 30, 1, ADT_DATA_TYPES.decimal),
  def('Smoker', 'PID', 31, 1, ADT_DATA_TYPES.boolean),
  def('Clinic', 'PV1', 3, 1, ADT_DATA_TYPES.string),
];
const item = (fileHeading: string, adtDefinition: MappingDefinition) => ({
  fileHeading,
  sample: '',
  adtDefinition,
  dateTimeFormat: null,
  compositeColumnFormat: null,
  isIgnored: false,
  isSubField: false,
  splitTimeHeading: null,
});

describe('parseRows', () => {
  it('normalises values by type, warns of bad ones and splits records by segment', () => {
    const sheet = {
      headings: ['MRN', 'Visit', 'SSN', 'Weight', 'Smoker', 'Clinic'],
      rows: [
        ['1', 'V1', '123-45-6789', '72.5', 'yes', 'East'],
        ['2', '', '12-345', 'heavy', 'maybe', ''],
      ],
      rowNumbers: [2, 3],
    };
    const items = sheet.headings.map((h, i) => item(h, offered[i]!.def));
    const check = checkMapping({ sheet, items, offered, actionType: 0, kind: 'SCHEDULE' });
    expect(check.errors).toEqual([]);
    const parsed = parseRows({ sheet, resolved: check.resolved, offered, defaultValues: {}, actionType: 0 });
    expect(parsed.rows[0]).toEqual({
      row: 2,
      action: 'update',
      mrn: '1',
      visitNumber: 'V1',
      patient: { 'PID.19.1': '123-45-6789', 'PID.30.1': '72.5', 'PID.31.1': 'Y' },
      visit: { 'PV1.3.1': 'East' },
      order: {},
    });
    expect(parsed.rows[1]!.patient).toEqual({});
    expect(parsed.warnings).toEqual([
      'Row 3: "SSN" value "12-345" is not a valid social security number; the value was skipped.',
      'Row 3: "Weight" value "heavy" is not a valid number; the value was skipped.',
      'Row 3: "Smoker" value "maybe" is not a valid yes or no; the value was skipped.',
    ]);
  });

  it('fills definitions no heading supplies from the default values', () => {
    const sheet = { headings: ['MRN', 'Visit'], rows: [['1', 'V1']], rowNumbers: [2] };
    const items = sheet.headings.map((h, i) => item(h, offered[i]!.def));
    const check = checkMapping({ sheet, items, offered, actionType: 0, kind: 'SCHEDULE' });
    const parsed = parseRows({
      sheet,
      resolved: check.resolved,
      offered,
      defaultValues: { Clinic: 'North', MRN: 'ignored: mapped' },
      actionType: 0,
    });
    expect(parsed.rows[0]).toMatchObject({ mrn: '1', visit: { 'PV1.3.1': 'North' } });
  });
});

describe('capWarnings', () => {
  it('lists at most the limit and counts the rest', () => {
    expect(capWarnings(['a', 'b'], 2)).toEqual(['a', 'b']);
    expect(capWarnings(['a', 'b', 'c', 'd'], 2)).toEqual(['a', 'b', '2 more warnings were not listed.']);
  });
});
