import { describe, expect, it } from 'vitest';
import { type BinaryJobListHeader, JobListRowSchema } from '../../contract/jobList.js';
import { type BinaryJobListRecord, encodeBinaryJobList } from '../../testing/binaryJobList.js';
import { DecodedJobListRow, decodeBinaryJobList, splitBinaryJobList } from './jobListBinary.js';
import { columnKeysSteps } from './jobListColumnKeys.js';
import { JOB_LIST_COLUMNS } from './jobListColumns.js';
import { groupRows } from './jobListGroup.js';
import { searchColumnSteps, searchMatches } from './jobListSearch.js';
import { columnRanks } from './jobListSort.js';
import { runSteps } from './steps.js';

const header: Omit<BinaryJobListHeader, 'count'> = {
  format: 'binary-2',
  dateFormat: 'DD.MM.YYYY',
  timeFormat: 'hh:mm A',
  dictators: { 1: 'Núñez, Zoë' },
  patients: { 1: ['Doe, Jane', 'MRN1'] },
  workTypes: { 1: 'Consultation' },
  departments: {},
  locations: { 1: ['Emergency Room', 'ER'] },
  facilities: { 9: 'North Clinic' },
  statTargets: { 9: 90 },
  timeZones: { 9: 'America/New_York' },
  notes: { 1: 'call back', 7: 'T ≥ 38.5 °C – 😀' },
  flags: { 3: [['HQ00', 'No dictator']] },
  viewed: { 2: 3 },
};

/** Rows with times spread over 1960–2030 and some missing. */
function records(count: number): BinaryJobListRecord[] {
  return Array.from({ length: count }, (_, i) => ({
    jobId: i + 1,
    originalJobId: i % 7 === 3 ? 40 + i : null,
    dictatorId: 1,
    patientId: i % 2 ? 1 : null,
    dictatedUtc: i % 9 === 4 ? null : -3e11 + ((i * 7_919) % count) * 2e10 + (i % 3),
    dictatedOffset: -300,
    signedUtc: i % 4 === 0 ? null : 1.6e12 + ((i * 31) % count) * 86_400_000,
    signedOffset: 60,
    dateOfService: i % 5 ? `2026-03-0${i % 5}` : null,
    workTypeId: 1,
    departmentId: null,
    locationId: 1,
    stageId: i % 3 ? 11 : 410,
    clientFacilityId: 9,
    bits: i % 16,
    tatFirstTextMinutes: i % 6 === 1 ? null : (i * 41) % 1_500,
    tatFinishedMinutes: i % 4 === 2 ? null : i * 211,
  }));
}

describe('decodeBinaryJobList', () => {
  it('reads as the plain row: the contract, JSON and the dates made when read', () => {
    const [row] = decodeBinaryJobList(encodeBinaryJobList(header, records(1)));
    expect(row).toBeInstanceOf(DecodedJobListRow);
    const plain = JSON.parse(JSON.stringify(row));
    expect(JobListRowSchema.strict().parse(plain)).toEqual(JobListRowSchema.parse(row));
    expect(plain).toMatchObject({
      jobId: 1,
      dictatorName: 'Núñez, Zoë',
      patientName: null,
      dictatedDate: '1960-06-29T18:40:00.000Z',
      // Five hours behind UTC at the facility then (offset −300 minutes).
      formattedDictatedDate: '29.06.1960 01:40 PM',
      signedDate: null,
      formattedSignedDate: '',
      formattedDateOfService: '',
      location: 'Emergency Room',
      jobLocation: 'ER',
      jobNote: 'call back',
      jobNoteBool: true,
      clinic: 'North Clinic',
    });
  });

  it('labels times on a day its facility’s clocks change and still sorts them by the instant (issue 39)', () => {
    const [base] = records(1);
    const at = (jobId: number, utc: string, offset: number) => ({
      ...base!,
      jobId,
      dictatedUtc: Date.parse(utc),
      dictatedOffset: offset,
    });
    // New York, 2026-11-01: 01:43 EDT (05:43Z) happens before 01:04 EST (06:04Z).
    const rows = decodeBinaryJobList(
      encodeBinaryJobList(header, [
        at(1, '2026-11-01T05:43:00Z', -240),
        at(2, '2026-11-01T06:04:00Z', -300),
        at(3, '2026-10-26T14:47:00Z', -240),
      ]),
    );
    expect(rows.map((r) => r.formattedDictatedDate)).toEqual([
      '01.11.2026 01:43 AM EDT',
      '01.11.2026 01:04 AM EST',
      '26.10.2026 10:47 AM',
    ]);
    // Ranked by the instant: the EST reading is the later one.
    expect(Array.from(columnRanks(rows, 'formattedDictatedDate', {} as never))).toEqual([2, 3, 1]);
    // A facility the header names no zone for stays unlabelled.
    const unnamed = decodeBinaryJobList(
      encodeBinaryJobList({ ...header, timeZones: {} }, [at(1, '2026-11-01T05:43:00Z', -240)]),
    );
    expect(unnamed[0]!.formattedDictatedDate).toBe('01.11.2026 01:43 AM');
  });

  it('sorts by its kept times as the plain rows sort by their ISO dates', () => {
    const decoded = decodeBinaryJobList(encodeBinaryJobList(header, records(400)));
    const plain = JSON.parse(JSON.stringify(decoded));
    for (const column of ['formattedDictatedDate', 'formattedSignedDate', 'formattedDateOfService'] as const)
      expect(Array.from(columnRanks(decoded, column, {} as never)), column).toEqual(
        Array.from(columnRanks(plain, column, {} as never)),
      );
  });

  it('ranks and groups every column as its plain rows do, names read per batch', () => {
    // Two batches whose ids name different things; equal names under different ids; missing ids;
    // ids small, large and very large.
    const second: typeof header = {
      ...header,
      dictators: { 1: 'Adams, Al', 2: 'Núñez, Zoë', 5000: 'Zed, Zoe', 3000000: 'Adams, Al' },
      // Patient 1 withheld (issue 41: the MRN with the name).
      patients: { 1: [null, null], 2: ['Doe, Jane', 'MRN1'] },
      // Jobs naming their own patient (issue 39): a new name, and one equal to a record's.
      jobPatients: { 52: ['Roe, Anjali', 'MRN7'], 53: ['Doe, Jane', 'MRN1'], 54: ['Zu, Al', 'MRN9'] },
      workTypes: { 1: 'Letter', 2: 'Consultation' },
      locations: { 1: ['Ward', 'W'] },
      facilities: { 9: 'South Clinic' },
      statTargets: { 9: 45 },
    };
    const varied = (count: number, from: number) =>
      records(count).map((r, i) => ({
        ...r,
        jobId: from + i,
        dictatorId: i % 4 === 3 ? null : from > 1 && i % 5 === 0 ? [5000, 3_000_000][i % 2]! : (i % 2) + 1,
        patientId: i % 5 === 4 ? null : (i % 3) + 1,
        workTypeId: i % 6 === 5 ? null : (i % 2) + 1,
        locationId: i % 2 ? 1 : null,
      }));
    const decoded = [
      ...decodeBinaryJobList(encodeBinaryJobList(header, varied(50, 1))),
      ...decodeBinaryJobList(encodeBinaryJobList(second, varied(50, 51))),
    ];
    const plain = JSON.parse(JSON.stringify(decoded));
    const labels = {
      stat: 'STAT',
      patientWithheld: 'Patient Name',
      mrnWithheld: 'Subject ID',
      stage: (_: number, name: string) => name,
      durationUnits: { days: 'd', hours: 'h', minutes: 'm' },
    };
    for (const column of JOB_LIST_COLUMNS) {
      const keys = runSteps(columnKeysSteps(decoded, column, labels));
      const ranks = columnRanks(plain, column, labels);
      expect(Array.from(keys.ranks), column).toEqual(Array.from(ranks));
      const groups = groupRows(plain, column, labels, ranks);
      expect(keys.groups, column).toEqual(groupRows(decoded, column, labels, ranks));
      expect(keys.groups.keys, column).toEqual(groups.keys);
      expect(Array.from(keys.groups.ofRow), column).toEqual(Array.from(groups.ofRow));
      // Search texts too: each query matches the same rows.
      const searchOf = (list: typeof plain) => [runSteps(searchColumnSteps(list, column, labels))];
      if (column === 'formattedDictatedDate' || column === 'formattedSignedDate')
        expect(searchOf(decoded)[0], column).toHaveProperty('dates');
      // Times are searched in their date and time pieces: queries across the two, and with the
      // space the time has itself ("05:20 PM").
      for (const query of [
        'adams',
        'zo',
        'patient name',
        'mrn1',
        'w',
        '1',
        'letter',
        '1h',
        '05m',
        'd 2',
        '',
        '9 0',
        '0 p',
        '2 1',
        ' ',
      ]) {
        const expected = Array.from(searchMatches(searchOf(plain), plain.length, query));
        expect(
          Array.from(searchMatches(searchOf(decoded), decoded.length, query)),
          `${column} ${query}`,
        ).toEqual(expected);
      }
    }
  });

  it('a job that names its own patient shows that name and MRN, not its record’s (issue 39)', () => {
    const rows = decodeBinaryJobList(
      encodeBinaryJobList({ ...header, jobPatients: { 2: ['Doe, Janet', 'MRN2'] } }, records(4)),
    );
    expect(rows.map((r) => [r.patientName, r.patientMRN])).toEqual([
      [null, null],
      ['Doe, Janet', 'MRN2'],
      [null, null],
      ['Doe, Jane', 'MRN1'],
    ]);
  });

  it('reads every field of a full row: notes, flags, viewed marks, bits, stage and dates', () => {
    const rows = decodeBinaryJobList(encodeBinaryJobList(header, records(8))) as DecodedJobListRow[];
    expect(rows[1]!.toJSON()).toMatchObject({
      jobId: 2,
      patientName: 'Doe, Jane',
      patientMRN: 'MRN1',
      pdfViewed: true,
      rtfViewed: true,
      stat: true,
      statBool: true,
      edited: false,
      dateOfService: '2026-03-01',
      formattedDateOfService: '01.03.2026',
      stageName: 'ES',
      jobNote: '',
      jobNoteBool: false,
      flags: [],
    });
    expect(rows[2]!.toJSON()).toMatchObject({
      flags: [{ code: 'HQ00', description: 'No dictator' }],
      edited: true,
    });
    expect(rows[3]).toMatchObject({ originalJobId: 43, stageName: 'Processing', stageId: 410, faxed: false });
    expect(rows[3]!.signedDate).toBe(new Date(1.6e12 + ((3 * 31) % 8) * 86_400_000).toISOString());
    expect(rows[6]).toMatchObject({
      jobNote: 'T ≥ 38.5 °C – 😀',
      department: '',
      signed: true,
      faxed: false,
    });
    expect(rows[7]).toMatchObject({ edited: true, signed: true, stat: true, faxed: false });
  });

  it('reads the turnaround minutes, missing as null, and the facility’s STAT target (issue 27)', () => {
    const rows = decodeBinaryJobList(encodeBinaryJobList(header, records(8)));
    expect(rows[0]).toMatchObject({ tatFirstTextMinutes: 0, tatFinishedMinutes: 0, statTargetMinutes: 90 });
    expect(rows[1]).toMatchObject({ tatFirstTextMinutes: null, tatFinishedMinutes: 211 });
    expect(rows[2]).toMatchObject({ tatFirstTextMinutes: 82, tatFinishedMinutes: null });
    // A facility the header has no target for reads none, which no comparison passes.
    const other = decodeBinaryJobList(
      encodeBinaryJobList(header, [{ ...records(1)[0]!, clientFacilityId: 10 }]),
    );
    expect(other[0]!.statTargetMinutes).toBeNaN();
  });

  it('refuses bytes whose lengths do not add up', () => {
    const bytes = encodeBinaryJobList(header, records(3));
    expect(splitBinaryJobList(bytes).rows.byteLength).toBe(3 * 76);
    expect(() => splitBinaryJobList(bytes.subarray(0, bytes.length - 1))).toThrow(/count/);
    const longer = new Uint8Array(bytes.length + 76);
    longer.set(bytes);
    expect(() => splitBinaryJobList(longer)).toThrow(/count/);
    expect(() => splitBinaryJobList(bytes.subarray(0, 3))).toThrow(/not a binary/);
    const headerTooLong = bytes.slice();
    new DataView(headerTooLong.buffer).setUint32(0, bytes.length);
    expect(() => splitBinaryJobList(headerTooLong)).toThrow(/not a binary/);
  });
});
