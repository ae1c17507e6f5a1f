import { describe, expect, it } from 'vitest';
import { JobListRowSchema } from '../contract/jobList.js';
import { DecodedJobListRow, decodeCompactJobList } from './jobListCompact.js';
import { columnRanks } from './jobListSort.js';

const header = {
  format: 'compact-1',
  dateFormat: 'DD.MM.YYYY',
  timeFormat: 'hh:mm A',
  dictators: { 1: 'Núñez, Zoë' },
  patients: { 1: ['Doe, Jane', 'MRN1'] },
  workTypes: { 1: 'Consultation' },
  departments: {},
  locations: { 1: ['Emergency Room', 'ER'] },
  facilities: { 9: 'North Clinic' },
  flags: { 3: [['HQ00', 'No dictator']] },
  viewed: { 2: 3 },
};

/** Tuples (contract CompactJobListRow) with times spread over 1960–2030 and some missing. */
function tuples(count: number) {
  return Array.from({ length: count }, (_, i) => {
    const dictated = i % 9 === 4 ? null : -3e11 + ((i * 7_919) % count) * 2e10 + (i % 3);
    const signed = i % 4 === 0 ? null : 1.6e12 + ((i * 31) % count) * 86_400_000;
    return [
      i + 1,
      null,
      1,
      i % 2 ? 1 : null,
      dictated,
      -300,
      signed,
      60,
      i % 5 ? `2026-03-0${i % 5}` : null,
      1,
      null,
      1,
      i % 6 ? null : 'call back',
      11,
      9,
      i % 16,
    ];
  });
}

describe('decodeCompactJobList', () => {
  it('reads as the plain row: the contract, JSON and the dates made when read', () => {
    const [row] = decodeCompactJobList([header, tuples(1)[0]]);
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

  it('sorts by its kept times as the plain rows sort by their ISO dates', () => {
    const decoded = decodeCompactJobList([header, ...tuples(400)]);
    const plain = JSON.parse(JSON.stringify(decoded));
    for (const column of ['formattedDictatedDate', 'formattedSignedDate', 'formattedDateOfService'] as const)
      expect(Array.from(columnRanks(decoded, column, {} as never)), column).toEqual(
        Array.from(columnRanks(plain, column, {} as never)),
      );
  });
});
