import { describe, expect, it } from 'vitest';
import { isDomainError } from '../../errors/domainErrors.js';
import { adtSearchCriteria, type StoredSearchField } from './adtSearchCriteria.js';

const field = (
  name: string,
  type: StoredSearchField['type'],
  key: string,
  source: StoredSearchField['source'] = 'patient',
): StoredSearchField => {
  const [segment, f, c] = key.split('.');
  return { name, type, source, hl7Identifier: { segment: segment!, field: Number(f), component: Number(c) } };
};
const FIELDS = [
  field('MRN', 'string', 'PID.3.1'),
  field('Last Name', 'string', 'PID.5.1'),
  field('Date of Birth', 'date', 'PID.7.1'),
  field('Visit Number', 'string', 'PID.18.1', 'visit'),
  field('Admit Date/Time', 'datetime', 'PV1.44.1', 'visit'),
  field('SSN', 'social security number', 'PID.19.1'),
  field('Ward', 'string', 'PV1.3.1', 'visit'),
  field('Order Date', 'datetime', 'ORC.9.1', 'order'),
  field('Job note', 'string', 'ZJB.1.1', 'job'),
];
const input = (...values: [string, string | null][]) =>
  values.map(([key, value]) => {
    const [segment, f, c] = key.split('.');
    return { hl7Identifier: { segment: segment!, field: Number(f), component: Number(c) }, value };
  });
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (isDomainError(err, 'invalid')) return err.message;
    throw err;
  }
  throw new Error('no refusal');
};

describe('adtSearchCriteria', () => {
  it('reads names as case-insensitive prefixes, ids exactly and dates as days, trimmed', () => {
    expect(
      adtSearchCriteria(
        FIELDS,
        input(['PID.5.1', ' Kow '], ['PID.3.1', 'K-1'], ['PID.7.1', '1961-04-12'], ['PID.18.1', 'V1']),
      ),
    ).toEqual([
      { record: 'patient', column: 'lastName', match: 'prefix', key: 'PID.5.1', value: 'Kow' },
      { record: 'patient', column: 'mrn', match: 'exact', key: 'PID.3.1', value: 'K-1' },
      { record: 'patient', column: 'dateOfBirth', match: 'date', key: 'PID.7.1', value: '1961-04-12' },
      { record: 'visit', column: 'visitNumber', match: 'exact', key: 'PID.18.1', value: 'V1' },
    ]);
  });

  it('searches a date-time field by the day of a date or a date and time', () => {
    expect(adtSearchCriteria(FIELDS, input(['PV1.44.1', '2026-01-10T08:30:00']))).toEqual([
      { record: 'visit', column: 'admittedAt', match: 'day', key: 'PV1.44.1', value: '2026-01-10' },
    ]);
  });

  it('reads a position without a column from the adt values of the record its source names', () => {
    expect(
      adtSearchCriteria(
        FIELDS,
        input(['PID.19.1', '123-45-6789'], ['PV1.3.1', 'W1'], ['ORC.9.1', '2026-01-02']),
      ),
    ).toEqual([
      { record: 'patient', column: null, match: 'exact', key: 'PID.19.1', value: '123-45-6789' },
      { record: 'visit', column: null, match: 'exact', key: 'PV1.3.1', value: 'W1' },
      { record: 'order', column: null, match: 'day', key: 'ORC.9.1', value: '2026-01-02' },
    ]);
  });

  it('skips empty fields but refuses a search with none', () => {
    expect(
      adtSearchCriteria(FIELDS, input(['PID.5.1', null], ['PID.3.1', 'K-1'], ['PID.7.1', ' '])),
    ).toHaveLength(1);
    expect(refusal(() => adtSearchCriteria(FIELDS, input(['PID.5.1', null])))).toBe(
      'Value must be at least 2 characters',
    );
  });

  it('refuses short values, bad dates and fields the search does not have, naming no value', () => {
    expect(refusal(() => adtSearchCriteria(FIELDS, input(['PID.5.1', 'K '])))).toBe(
      'Value must be at least 2 characters',
    );
    expect(refusal(() => adtSearchCriteria(FIELDS, input(['PID.7.1', '04/12/1961'])))).toBe(
      'Date of Birth must be a date (YYYY-MM-DD)',
    );
    expect(refusal(() => adtSearchCriteria(FIELDS, input(['PV1.44.1', 'soon'])))).toBe(
      'Admit Date/Time must be a date (YYYY-MM-DD)',
    );
    expect(refusal(() => adtSearchCriteria(FIELDS, input(['PID.11.1', 'Main St'])))).toBe(
      'PID.11.1 is not a field of this search',
    );
    // A job-only value has no patient, visit or order to search.
    expect(refusal(() => adtSearchCriteria(FIELDS, input(['ZJB.1.1', 'note'])))).toBe(
      'ZJB.1.1 is not a field of this search',
    );
  });
});
