import { describe, expect, it } from 'vitest';
import type { JobListRow } from '../contract/jobList.js';
import { groupKey, groupRows, NO_GROUP } from './jobListGroup.js';
import { columnRanks, orderByRanks } from './jobListSort.js';
import type { JobListLabels } from './jobListValues.js';
import { stageLabel } from './stages.js';

const labels: JobListLabels = { stat: 'STAT', patientWithheld: 'Patient Name', stage: stageLabel };

function row(jobId: number, over: Partial<JobListRow>): JobListRow {
  return {
    jobId,
    originalJobId: null,
    stat: false,
    statBool: false,
    filterJobId: String(jobId),
    dictatorName: '',
    patientName: null,
    patientMRN: '',
    dictatedDate: null,
    signedDate: null,
    dateOfService: null,
    formattedDictatedDate: '',
    formattedSignedDate: '',
    formattedDateOfService: '',
    workType: '',
    department: '',
    location: '',
    jobNote: '',
    jobNoteBool: false,
    stageName: '',
    stageId: 1,
    clinic: '',
    clientFacilityId: 1,
    jobLocation: '',
    flags: [],
    pdfViewed: false,
    rtfViewed: false,
    edited: false,
    signed: false,
    faxed: false,
    ...over,
  };
}

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
});
