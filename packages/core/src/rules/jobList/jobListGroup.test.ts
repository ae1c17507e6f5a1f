import { describe, expect, it } from 'vitest';
import type { JobListRow } from '../../contract/jobList.js';
import { listRow } from '../../testing/jobListRow.js';
import { columnKeysSteps } from './jobListColumnKeys.js';
import { JOB_LIST_COLUMNS } from './jobListColumns.js';
import { groupKey, groupRows, NO_GROUP } from './jobListGroup.js';
import { columnRanks, orderByRanks } from './jobListSort.js';
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

/** A row without values, but those the test gives. */
const row = (jobId: number, over: Partial<JobListRow>) =>
  listRow(jobId, {
    dictatorName: '',
    patientName: null,
    patientMRN: '',
    workType: '',
    department: '',
    location: '',
    stageName: '',
    stageId: 1,
    clinic: '',
    jobLocation: '',
    ...over,
  });

describe('job list grouping (spec 01 §9)', () => {
  const rows = [
    row(1, { workType: 'Operative Note' }),
    row(2, { workType: '' }),
    row(3, { workType: 'Consultation' }),
    row(4, { workType: 'Operative Note' }),
    row(5, { workType: '' }),
  ];

  it('puts rows without a value in the group no_group', () => {
    expect(NO_GROUP).toBe('no_group');
    expect(groupKey(rows[1]!, 'workType', labels)).toBe('no_group');
    expect(groupKey(rows[0]!, 'workType', labels)).toBe('Operative Note');
  });

  it('numbers groups in the column order, no_group last', () => {
    const groups = groupRows(rows, 'workType', labels, columnRanks(rows, 'workType', labels));
    expect(groups.keys).toEqual(['Consultation', 'Operative Note', NO_GROUP]);
    expect(Array.from(groups.ofRow)).toEqual([1, 2, 0, 1, 2]);
  });

  it('a stable sort by group keeps the sort order inside each group', () => {
    const sorted = orderByRanks([4, 3, 2, 1, 0], new Int32Array(5), true);
    const groups = groupRows(rows, 'workType', labels, columnRanks(rows, 'workType', labels));
    const grouped = Array.from(orderByRanks(sorted, groups.ofRow, true), (i) => rows[i]!.jobId);
    expect(grouped).toEqual([3, 4, 1, 5, 2]);
  });

  it('groups dates by their shown text, in date order', () => {
    const dated = [
      row(1, { dictatedDate: '2026-03-01T10:00:00.000Z', formattedDictatedDate: '03/01/2026' }),
      row(2, { dictatedDate: '2025-12-31T10:00:00.000Z', formattedDictatedDate: '12/31/2025' }),
      row(3, { dictatedDate: '2026-03-01T09:00:00.000Z', formattedDictatedDate: '03/01/2026' }),
    ];
    const groups = groupRows(
      dated,
      'formattedDictatedDate',
      labels,
      columnRanks(dated, 'formattedDictatedDate', labels),
    );
    expect(groups.keys).toEqual(['12/31/2025', '03/01/2026']);
  });

  it('groups turnaround by its shown duration, in order of duration (issue 27)', () => {
    const timed = [
      row(1, { tatFinishedMinutes: 65 }),
      row(2, { tatFinishedMinutes: null }),
      row(3, { tatFinishedMinutes: 3_010 }),
      row(4, { tatFinishedMinutes: 5 }),
      row(5, { tatFinishedMinutes: 3_000 }),
      row(6, { tatFinishedMinutes: 0 }),
    ];
    const groups = groupRows(timed, 'tatFinished', labels, columnRanks(timed, 'tatFinished', labels));
    // As text '1h 05m' < '2d 2h' < '5m'; by duration the other way round. 3,000 and 3,010 minutes
    // both read 2d 2h: one group.
    expect(groups.keys).toEqual(['0m', '5m', '1h 05m', '2d 2h', NO_GROUP]);
    expect(Array.from(groups.ofRow)).toEqual([2, 4, 3, 1, 3, 0]);
  });
});

describe("a column's sort ranks and groups built together", () => {
  const names = ['Núñez, Zoë', 'Nunez, Zoe', 'nunez, zoe', 'Adams, Al', '', NO_GROUP, 'Zed'];
  const rows = Array.from({ length: 60 }, (_, i) =>
    row(i + 1, {
      stat: i % 3 === 0,
      dictatorName: names[i % names.length]!,
      patientName: i % 4 === 0 ? null : names[(i * 3) % names.length]!,
      patientMRN: i % 5 === 0 ? '' : `M${i % 7}`,
      workType: names[(i * 5) % names.length]!,
      stageName: i % 2 ? 'Finished' : 'Pending',
      stageId: i % 2 ? 13 : 9,
      jobNote: i % 6 ? '' : 'Call',
      jobNoteBool: i % 6 === 0,
      dictatedDate: i % 8 ? `2026-0${(i % 9) + 1}-01T10:00:00.000Z` : null,
      dateOfService: i % 9 ? `2026-01-${String((i % 28) + 1).padStart(2, '0')}` : null,
      clinic: i % 2 ? 'North' : 'South',
      tatFirstTextMinutes: i % 5 ? (i * 37) % 3_000 : null,
      tatFinishedMinutes: i % 7 ? i * 97 : null,
    }),
  );

  for (const withheld of ['Patient Name', '']) {
    it(`equals the ranks and then the groups, in every column (withheld label "${withheld}")`, () => {
      const l = { ...labels, patientWithheld: withheld };
      for (const column of JOB_LIST_COLUMNS) {
        const ranks = columnRanks(rows, column, l);
        const keys = runSteps(columnKeysSteps(rows, column, l));
        expect(Array.from(keys.ranks), column).toEqual(Array.from(ranks));
        const groups = groupRows(rows, column, l, ranks);
        expect(keys.groups.keys, column).toEqual(groups.keys);
        expect(Array.from(keys.groups.ofRow), column).toEqual(Array.from(groups.ofRow));
      }
    });
  }
});
