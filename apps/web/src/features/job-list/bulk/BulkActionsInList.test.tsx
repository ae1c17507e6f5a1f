import { enUS } from '@quill/core/i18n/enUS';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../app/testing/fakeApi';
import { JobListPanel } from '../JobListPanel';
import { binaryJobList, jobRow, testSession } from '../testing/jobListFixtures';
import { renderWithSession } from '../testing/renderWithSession';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

/** The pending queue of facility 1: jobs 1–12, job 2 cleared once asked. */
function serve() {
  let cleared = false;
  const api = fakeApi({
    'GET /api/jobs/dist': () =>
      binaryJobList(
        Array.from({ length: 12 }, (_, i) => i + 1)
          .filter((id) => !(cleared && id === 2))
          .map((id) => jobRow(id, { patientName: id === 5 ? 'Zed, Ann' : `Patient ${id}` })),
      ),
    'POST /api/jobs/completejobs': () => {
      cleared = true;
      return { cleared: [2], notCleared: [{ jobId: 5, stageName: 'Pending Distribution' }] };
    },
  });
  return api;
}

const row = (id: number) => document.querySelector(`tr[data-job-id="${id}"]`) as HTMLElement;

describe('bulk actions in the list (spec 01 §4 "Selection and bulk download")', () => {
  it('counts checked jobs hidden by the search for clearing, then drops the cleared ones', async () => {
    const api = serve();
    let reloadedCounts = 0;
    renderWithSession(
      <JobListPanel
        cs="1"
        queue="pending"
        facilities={[1]}
        facilitiesFailed={false}
        onRetryFacilities={() => {}}
        onReloadCounts={() => {
          reloadedCounts += 1;
        }}
      />,
      testSession({ permissions: ['jobView', 'distributionJobActionsQueue'] }),
    );
    await screen.findByText('Showing 10 of 12 Records', undefined, { timeout: 5000 });
    fireEvent.click(within(row(2)).getByRole('checkbox'));
    fireEvent.click(within(row(5)).getByRole('checkbox'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'zed' } });
    await screen.findByText('Showing 1 of 1 Records');

    fireEvent.click(screen.getByTestId('bulk-actions'));
    fireEvent.click(
      await screen.findByRole('menuitem', { name: enUS.documents.actions.clear, hidden: true }),
    );
    const dialog = await screen.findByRole('dialog', { name: enUS.clear.title });
    expect(within(dialog).getByTestId('clear-hidden-warning').textContent).toBe(
      '1 checked job is hidden by the search and will also be cleared.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: enUS.clear.clear }));
    expect(await screen.findByText(enUS.clear.clearedOne)).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual([2, 5]);
    // The list and the counts are loaded again; the cleared job is gone and unchecked.
    await waitFor(() => expect(api.called().filter((c) => c === 'GET /api/jobs/dist')).toHaveLength(2));
    expect(reloadedCounts).toBe(1);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: '' } });
    await screen.findByText('Showing 10 of 11 Records');
    expect(row(2)).toBeNull();
    expect(screen.getByTestId('bulk-actions').textContent).toContain('1 job selected');
  }, 20_000);
});
