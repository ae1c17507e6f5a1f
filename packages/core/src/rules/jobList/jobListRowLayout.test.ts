import { describe, expect, it } from 'vitest';
import { BINARY_ROW, type BinaryJobListHeader, LIST_ROW_BITS } from '../../contract/jobList.js';
import { LAYOUT_WITH_WORD_COUNT, writeListRow } from '../../testing/binaryJobList.js';
import { decodeBinaryJobListRows } from './jobListBinary.js';
import {
  compileListRow,
  JOB_LIST_ROW_LAYOUT,
  jobListRowFunctionSql,
  type ListRowLayout,
  listRowFormat,
  listRowSignature,
} from './jobListRowLayout.js';

/**
 * What each version's records mean (`listRowSignature`). A change of the layout's fields fails
 * the first test below until the layout gets a new version and its signature is recorded here —
 * browsers holding the old format then refuse a batch instead of misreading it.
 */
const SIGNATURES: Record<number, string> = {
  2:
    'jobId:float64 originalJobId:float64?NaN dictatedUtc:float64?NaN signedUtc:float64?NaN ' +
    'dictatorId:int32?-1 patientId:int32?-1 workTypeId:int32?-1 departmentId:int32?-1 ' +
    'locationId:int32?-1 dateOfService:int32?-2147483648 clientFacilityId:int32 stageId:int16 ' +
    'dictatedOffset:int16~0 signedOffset:int16~0 bits:int16[stat,edited,signed,faxed] ' +
    'tatFirstText:int32?-1 tatFinished:int32?-1',
};

const header: BinaryJobListHeader = {
  format: 'binary-2',
  count: 2,
  dateFormat: 'YYYY-MM-DD',
  timeFormat: 'HH:mm',
  dictators: { 5: 'Ng, Ann' },
  patients: { 6: ['Doe, Jane', 'MRN6'] },
  workTypes: { 7: 'Consult' },
  departments: {},
  locations: { 8: ['Ward', 'W'] },
  facilities: { 9: 'North' },
  statTargets: { 9: 60 },
  timeZones: {},
  notes: {},
  flags: {},
  viewed: {},
};

const job = {
  jobId: 41,
  originalJobId: null,
  dictatedUtc: Date.UTC(2026, 2, 4, 15, 30),
  signedUtc: null,
  dictatorId: 5,
  patientId: 6,
  workTypeId: 7,
  departmentId: null,
  locationId: 8,
  dateOfService: 20_516,
  clientFacilityId: 9,
  stageId: 11,
  dictatedOffset: -300,
  signedOffset: null,
  bits: LIST_ROW_BITS.stat | LIST_ROW_BITS.signed,
  tatFirstText: 12,
  tatFinished: null,
};

/** Records of a layout for these rows, as a batch's rows. */
function recordsOf(layout: ListRowLayout, rows: Record<string, number | null>[]): DataView {
  const size = compileListRow(layout).size;
  const view = new DataView(new ArrayBuffer(rows.length * size));
  rows.forEach((row, i) => {
    writeListRow(view, i * size, row, layout);
  });
  return view;
}

describe('JOB_LIST_ROW_LAYOUT', () => {
  it('has a new version for every change of its fields', () => {
    expect(listRowSignature(JOB_LIST_ROW_LAYOUT)).toBe(SIGNATURES[JOB_LIST_ROW_LAYOUT.version]);
    expect(listRowSignature(LAYOUT_WITH_WORD_COUNT)).not.toBe(SIGNATURES[2]);
    expect(listRowFormat(JOB_LIST_ROW_LAYOUT)).toBe('binary-2');
  });

  it('packs the fields in order: the 76-byte record of binary-2', () => {
    expect(BINARY_ROW).toEqual({
      ...{ jobId: 0, originalJobId: 8, dictatedUtc: 16, signedUtc: 24, dictatorId: 32, patientId: 36 },
      ...{ workTypeId: 40, departmentId: 44, locationId: 48, dateOfService: 52, clientFacilityId: 56 },
      ...{ stageId: 60, dictatedOffset: 62, signedOffset: 64, bits: 66, tatFirstText: 68, tatFinished: 72 },
      size: 76,
    });
    expect(LIST_ROW_BITS).toEqual({ stat: 1, edited: 2, signed: 4, faxed: 8 });
  });
});

describe('jobListRowFunctionSql', () => {
  it('sends each field by its type, the sentinel or filler where its value is null, the bits summed', () => {
    const layout: ListRowLayout = {
      version: 1,
      fields: [
        { name: 'id', type: 'float64', sql: 'NEW.id::float8' },
        { name: 'signed', type: 'float64', sql: 'NEW.signed_ms', missing: Number.NaN },
        { name: 'day', type: 'int32', sql: 'NEW.day', missing: -2147483648 },
        { name: 'ward', type: 'int32', sql: 'NEW.ward_id', missing: -1 },
        { name: 'offset', type: 'int16', sql: 'NEW.offset', fill: 0 },
        {
          name: 'bits',
          type: 'int16',
          bits: [
            ['stat', 'NEW.stat IS NOT NULL'],
            ['edited', 'NEW.edited'],
          ],
        },
      ],
    };
    const sql = jobListRowFunctionSql(layout);
    expect(sql).toMatch(
      /^CREATE OR REPLACE FUNCTION jobs_list_row\(\) RETURNS trigger LANGUAGE plpgsql AS \$\$\n/,
    );
    expect(sql).toMatch(/\n {2}RETURN NEW;\nEND \$\$;$/);
    expect(
      sql.slice(sql.indexOf('NEW.list_row :=') + 16, sql.indexOf(';\n  RETURN NEW;')).split('\n'),
    ).toEqual([
      '    float8send(NEW.id::float8)',
      "    || float8send(coalesce(NEW.signed_ms, 'NaN'))",
      '    || int4send(coalesce(NEW.day, (-2147483648)::int4))',
      '    || int4send(coalesce(NEW.ward_id, -1))',
      '    || int2send(coalesce(NEW.offset, 0::int2))',
      '    || int2send(((NEW.stat IS NOT NULL)::int + NEW.edited::int * 2)::int2)',
    ]);
  });
});

describe('a decoder driven by the layout', () => {
  it('reads a field added to the layout and every other field where the new layout puts it', () => {
    const today = decodeBinaryJobListRows(header, recordsOf(JOB_LIST_ROW_LAYOUT, [job, job]));
    const added = decodeBinaryJobListRows(
      header,
      recordsOf(LAYOUT_WITH_WORD_COUNT, [
        { ...job, wordCount: 350 },
        { ...job, wordCount: null },
      ]),
      LAYOUT_WITH_WORD_COUNT,
    );
    expect(added.map((row) => row.field('wordCount'))).toEqual([350, null]);
    expect(added.map((row) => row.toJSON())).toEqual(today.map((row) => row.toJSON()));
    expect(added[0]!.toJSON()).toMatchObject({
      jobId: 41,
      dictatorName: 'Ng, Ann',
      patientName: 'Doe, Jane',
      formattedDictatedDate: '2026-03-04 10:30',
      dateOfService: '2026-03-04',
      stat: true,
      signed: true,
      edited: false,
      tatFirstTextMinutes: 12,
      tatFinishedMinutes: null,
    });
    for (const { name } of JOB_LIST_ROW_LAYOUT.fields)
      expect(added[1]!.field(name), name).toBe(today[1]!.field(name));
    expect(() => today[0]!.field('wordCount')).toThrow('no field wordCount');
    const retyped: ListRowLayout = {
      version: 3,
      fields: JOB_LIST_ROW_LAYOUT.fields.map((f) => (f.name === 'stageId' ? { ...f, type: 'int32' } : f)),
    };
    expect(() => decodeBinaryJobListRows(header, recordsOf(retyped, [job]), retyped)).toThrow(
      "the list row's stageId must be int16",
    );
  });
});
