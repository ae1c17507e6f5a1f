import type { JobListColumn } from '@quill/core/rules/jobList/jobListColumns';
import type { JobListLabels } from '@quill/core/rules/jobList/jobListValues';
import { stageLabel } from '@quill/core/rules/jobList/stages';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JobListIndex } from '../data/jobListIndex';
import { jobRow } from '../testing/jobListFixtures';
import { jobIdsAt } from './jobListView';
import { useJobListView } from './useJobListView';

const labels: JobListLabels = {
  stat: 'STAT',
  patientWithheld: 'Patient Name',
  mrnWithheld: 'Subject ID',
  stage: stageLabel,
  durationUnits: { days: 'd', hours: 'h', minutes: 'm' },
};
const columns: readonly JobListColumn[] = ['filterJobId', 'patientName'];
const rows = [
  jobRow(1, { patientName: 'Núñez, Leah' }),
  jobRow(2, { patientName: 'Cruz, José' }),
  jobRow(3, { patientName: 'Young, Camila' }),
];

describe('useJobListView', () => {
  it('a search before the search texts are built keeps the list, then shows the matches', async () => {
    const index = new JobListIndex(rows, labels);
    const { result, rerender } = renderHook(
      ({ search }) => useJobListView(index, { sort: null, group: null, search, typed: search, columns }),
      { initialProps: { search: '' } },
    );
    expect(jobIdsAt(index, result.current!.order)).toEqual([1, 2, 3]);
    expect(index.hasSearchTexts(columns)).toBe(false);
    rerender({ search: 'CRUZ' });
    // Not built yet: the list stays as it was shown until the matches are ready.
    expect(jobIdsAt(index, result.current!.order)).toEqual([1, 2, 3]);
    await waitFor(() => expect(jobIdsAt(index, result.current!.order)).toEqual([2]));
    expect(index.hasSearchTexts(columns)).toBe(true);
    // Built: a new query answers at once.
    rerender({ search: 'young' });
    expect(jobIdsAt(index, result.current!.order)).toEqual([3]);
  });

  it('builds the search texts while a search is typed, so that it answers at once when applied', async () => {
    const index = new JobListIndex(rows, labels);
    const { result, rerender } = renderHook(
      ({ search, typed }) => useJobListView(index, { sort: null, group: null, search, typed, columns }),
      { initialProps: { search: '', typed: '' } },
    );
    rerender({ search: '', typed: 'you' });
    await waitFor(() => expect(index.hasSearchTexts(columns)).toBe(true));
    // Not applied yet: the list is as it was.
    expect(jobIdsAt(index, result.current!.order)).toEqual([1, 2, 3]);
    rerender({ search: 'you', typed: 'you' });
    expect(jobIdsAt(index, result.current!.order)).toEqual([3]);
  });
});
