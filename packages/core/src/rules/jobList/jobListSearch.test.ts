import { describe, expect, it } from 'vitest';
import type { JobListRow } from '../../contract/jobList.js';
import { listRow } from '../../testing/jobListRow.js';
import type { JobListColumn } from './jobListColumns.js';
import { normalizeSearch, searchColumnSteps, searchMatches } from './jobListSearch.js';
import type { JobListLabels } from './jobListValues.js';
import { stageLabel } from './stages.js';
import { runSteps } from './steps.js';

const labels: JobListLabels = {
  stat: 'STAT',
  patientWithheld: 'Patient Name',
  mrnWithheld: 'Subject ID',
  stage: stageLabel,
  durationUnits: { days: 'd', hours: 'h', minutes: 'm' },
};

const row = (jobId: number, over: Partial<JobListRow>) =>
  listRow(jobId, {
    patientName: 'Núñez, Leah',
    patientMRN: `MRN-${jobId}`,
    formattedDictatedDate: '10/07/2026 16:37',
    location: 'Emergency Department',
    clinic: 'Cobalt Ridge',
    ...over,
  });

const rows = [
  row(1, { stat: true }),
  row(2, { patientName: null, dictatorName: 'Cruz, Ana', jobNote: 'Call <Dr> Ng', jobNoteBool: true }),
  row(3, { stageName: 'Pending Fax', stageId: 8, workType: 'MRN Review' }),
  row(4, {
    patientName: 'Young, Camila',
    clinic: 'Harbor Clinic',
    formattedDictatedDate: '11/01/2026 08:05',
  }),
];

function found(columns: readonly JobListColumn[], query: string): number[] {
  const built = columns.map((column) => runSteps(searchColumnSteps(rows, column, labels)));
  const matches = searchMatches(built, rows.length, query);
  return rows.filter((_, i) => matches[i] === 1).map((r) => r.jobId);
}

describe('job list search (spec 01 §5)', () => {
  const visible: JobListColumn[] = [
    'stat',
    'filterJobId',
    'dictatorName',
    'patientName',
    'patientMRN',
    'formattedDictatedDate',
    'workType',
    'jobNoteBool',
    'stageName',
  ];

  it('matches the visible columns as shown, case-insensitively', () => {
    expect(found(visible, '  OLIVIA ')).toEqual([1, 3, 4]);
    expect(found(visible, 'núñez')).toEqual([1, 3]);
    // The STAT marker, the withheld-patient label, the note text and the stage label, as shown.
    expect(found(visible, 'stat')).toEqual([1]);
    expect(found(visible, 'patient name')).toEqual([2]);
    expect(found(visible, '<dr>')).toEqual([2]);
    expect(found(visible, 'Pending Distribution')).toEqual([3]);
    expect(found(visible, 'pending fax')).toEqual([]);
    expect(found(visible, '11/01/2026 08')).toEqual([4]);
    expect(found(visible, '4')).toEqual([4]);
    // A hidden column does not match; shown, it does.
    expect(found(visible, 'harbor')).toEqual([]);
    expect(found([...visible, 'clinic'], 'harbor')).toEqual([4]);
    // In one column or another, never across two ("MRN Review" is a work type, MRN-3 an MRN).
    expect(found(visible, 'mrn')).toEqual([1, 2, 3, 4]);
    expect(found(visible, 'olivia mrn')).toEqual([]);
    expect(found(['workType', 'patientMRN'], 'review')).toEqual([3]);
    expect(found(['department'], 'nothing')).toEqual([]);
  });

  it('matches every row for an empty query', () => {
    expect(found(visible, '   ')).toEqual([1, 2, 3, 4]);
    expect(normalizeSearch('  Cruz ')).toBe('cruz');
  });

  it('matches a job id or a note within one row, never across two rows, in lists of any length', () => {
    // Job ids 1…5,000 and a note on every third row: more rows than one build step (2,000).
    const many = Array.from({ length: 5_000 }, (_, i) =>
      listRow(i + 1, i % 3 === 0 ? { jobNote: `Call Dr ${i}`, jobNoteBool: true } : {}),
    );
    const columns = (['filterJobId', 'jobNoteBool'] as const).map((column) =>
      runSteps(searchColumnSteps(many, column, labels)),
    );
    const hits = (query: string) => {
      const matches = searchMatches(columns, many.length, query);
      return many.filter((_, i) => matches[i] === 1).map((r) => r.jobId);
    };
    const expected = (query: string) =>
      many
        .filter((r) => `${r.jobId}`.includes(query) || r.jobNote.toLowerCase().includes(query))
        .map((r) => r.jobId);
    for (const query of ['1', '99', '2000', '2001', '4999', '5000', 'call dr 1', 'dr 2999', '0\u00002', 'x'])
      expect(hits(query), query).toEqual(expected(query));
    // "1" then "2" are rows 1 and 2, "12" neither's text; "9Call" would span a job id and a note.
    expect(hits('12')).toEqual(expected('12'));
    expect(hits('12').includes(1)).toBe(false);
    expect(hits('2000').length).toBe(1);
    expect(hits('5000call')).toEqual([]);
  });
});
