import type { JobListColumn } from '@quill/core/rules/jobListColumns';
import type { JobListLabels } from '@quill/core/rules/jobListValues';
import { stageLabel } from '@quill/core/rules/stages';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JobListIndex } from './jobListIndex';
import { createJobListSearch } from './jobListSearch';
import { jobIdsAt } from './jobListView';
import { jobRow } from './testing/jobListFixtures';
import { useJobListView } from './useJobListView';

const labels: JobListLabels = { stat: 'STAT', patientWithheld: 'Patient Name', stage: stageLabel };
const columns: readonly JobListColumn[] = ['filterJobId', 'patientName'];
const rows = [
  jobRow(1, { patientName: 'Núñez, Leah' }),
  jobRow(2, { patientName: 'Cruz, José' }),
  jobRow(3, { patientName: 'Young, Camila' }),
];

describe('useJobListView', () => {
  it('a search keeps the list as shown until its matches come, then shows them', async () => {
    const index = new JobListIndex(rows, labels);
    const search = createJobListSearch(rows, labels);
    const { result, rerender } = renderHook(
      ({ query, group }) => useJobListView(index, search, { sort: null, group, search: query, columns }),
      { initialProps: { query: '', group: null as JobListColumn | null } },
    );
    const shown = () => jobIdsAt(index, result.current!.order);
    expect(shown()).toEqual([1, 2, 3]);
    rerender({ query: 'CRUZ', group: null });
    // Awaited: the list stays as it was shown until the matches are ready.
    expect(shown()).toEqual([1, 2, 3]);
    await waitFor(() => expect(shown()).toEqual([2]));
    rerender({ query: 'young', group: null });
    await waitFor(() => expect(shown()).toEqual([3]));
    // A grouping keeps the search's matches: no new search.
    rerender({ query: 'young', group: 'patientName' });
    expect(shown()).toEqual([3]);
    expect(Array.from(result.current!.groups!.counts)).toEqual([0, 0, 1]);
    rerender({ query: ' ', group: null });
    expect(shown()).toEqual([1, 2, 3]);
  });
});
