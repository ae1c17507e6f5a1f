import { enUS } from '@quill/core/i18n/enUS';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../lib/browserNavigation';
import { JobListPanel } from './JobListPanel';
import { binaryJobList, jobRow, json, testSession } from './testing/jobListFixtures';
import { renderWithSession } from './testing/renderWithSession';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

const WORK_TYPES = ['Consultation', 'Progress Note', 'Discharge Summary'];

/** 23 pending jobs over facilities 1–3 (batches of 2 facilities: two calls). */
function serveRows(fail = false) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://quill.test');
    if (fail) return json({ error: { code: 'internal', message: 'boom' } }, 500);
    const cfs = url.searchParams.get('cfs')!.split(',').map(Number);
    const rows = cfs.flatMap((cf) =>
      Array.from({ length: cf === 3 ? 3 : 10 }, (_, i) => {
        const id = cf * 100 + i;
        return jobRow(id, {
          patientName: i === 4 ? 'Núñez, Leah' : `Patient ${id}`,
          workType: WORK_TYPES[i % 3]!,
          jobNote: i === 2 ? '<img src=x onerror=alert(1)> café' : '',
          jobNoteBool: i === 2,
        });
      }),
    );
    return binaryJobList(rows);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderPanel() {
  return renderWithSession(
    <JobListPanel
      cs="1"
      queue="pending"
      facilities={[1, 2, 3]}
      facilitiesFailed={false}
      onRetryFacilities={() => {}}
      onReloadCounts={() => {}}
    />,
  );
}

const bodyRows = () => document.querySelectorAll('tbody tr[data-job-id]');

describe('JobListPanel', () => {
  it('loads the rows in batches and shows the first page with the record line', async () => {
    const fetch = serveRows();
    renderPanel();
    expect(await screen.findByText('Showing 10 of 23 Records')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(String(fetch.mock.calls[0]![0])).toContain('/api/jobs/dist?status=PENDING&corpId=1&cfs=1%2C2');
    expect(bodyRows()).toHaveLength(10);
    // Spec 01 §2 headings, patientMRN as Subject ID, clinic hidden.
    const headings = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headings).toContain('Subject ID');
    expect(headings).not.toContain('Clinic');
  });

  it('searches after 300 ms, case-insensitively, and pages the result', async () => {
    serveRows();
    renderPanel();
    await screen.findByText('Showing 10 of 23 Records');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'NÚÑEZ' } });
    // Not yet: the search waits for the typing to stop.
    expect(screen.getByText('Showing 10 of 23 Records')).toBeTruthy();
    expect(await screen.findByText('Showing 2 of 2 Records')).toBeTruthy();
    for (const row of bodyRows()) expect(row.textContent).toContain('Núñez, Leah');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), {
      target: { value: 'nothing like it' },
    });
    expect(await screen.findByText(enUS.jobList.noMatches)).toBeTruthy();
  });

  it('sorts by a heading and keeps the sort for this structure and queue', async () => {
    serveRows();
    renderPanel();
    await screen.findByText('Showing 10 of 23 Records');
    fireEvent.click(screen.getByRole('button', { name: /^Job ID/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Job ID/ }));
    await waitFor(() => expect(bodyRows()[0]!.getAttribute('data-job-id')).toBe('302'));
    expect(screen.getByRole('columnheader', { name: /Job ID/ }).getAttribute('aria-sort')).toBe('descending');
    expect(JSON.parse(localStorage.getItem('job-list-sort-1-pending')!)).toEqual({
      column: 'filterJobId',
      ascending: false,
    });
  });

  it('exports what is on screen: the applied search, the sort and the grouping (issue 39)', async () => {
    serveRows();
    renderPanel();
    await screen.findByText('Showing 10 of 23 Records');
    const exportLink = () =>
      new URL(screen.getByRole('link', { name: /Export/ }).getAttribute('href')!, 'http://x');
    expect(exportLink().searchParams.get('search')).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'Núñez' } });
    expect(await screen.findByText('Showing 2 of 2 Records')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Job ID/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Job ID/ }));
    fireEvent.change(screen.getByRole('combobox', { name: enUS.jobList.toolbar.groupBy }), {
      target: { value: 'workType' },
    });
    await waitFor(() => expect(exportLink().searchParams.get('group')).toBe('workType'));
    const url = exportLink();
    expect(url.pathname).toBe('/api/file/JobList/1/pending');
    expect(url.searchParams.get('search')).toBe('Núñez');
    expect(url.searchParams.get('sort')).toBe('filterJobId');
    expect(url.searchParams.get('order')).toBe('desc');
    expect(url.searchParams.get('columns')).toContain('patientName');
  }, 30_000);

  it('select-all checks the page, then asks to select all remaining jobs; the bulk button counts them', async () => {
    serveRows();
    renderPanel();
    await screen.findByText('Showing 10 of 23 Records');
    const bulk = screen.getByTestId('bulk-actions');
    expect(bulk.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('select-page'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Select All' });
    expect(bulk.textContent).toContain('10 jobs selected');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Select All 23' }));
    await waitFor(() => expect(bulk.textContent).toContain('23 jobs selected'));
    expect(bulk.hasAttribute('disabled')).toBe(false);
  });

  it('checks and expands rows from the keyboard; Enter opens the job', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    serveRows();
    renderPanel();
    await screen.findByText('Showing 10 of 23 Records');
    const [first, second] = bodyRows() as unknown as HTMLTableRowElement[];
    expect(first!.tabIndex).toBe(0);
    expect(second!.tabIndex).toBe(-1);
    act(() => first!.focus());
    fireEvent.keyDown(first!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second!, { key: ' ' });
    await waitFor(() => expect(second!.getAttribute('aria-selected')).toBe('true'));
    fireEvent.keyDown(second!, { key: 'ArrowRight' });
    expect(await screen.findByRole('region', { name: 'Details of job 101' })).toBeTruthy();
    // The expanded row opens the job view.
    expect(screen.getByRole('link', { name: 'Open job 101' }).getAttribute('href')).toBe('/job/101');
    fireEvent.keyDown(second!, { key: 'ArrowLeft' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Details of job 101' })).toBeNull());
    expect(assign).not.toHaveBeenCalled();
    fireEvent.keyDown(second!, { key: 'Enter' });
    expect(assign).toHaveBeenCalledWith('/job/101');
  });

  it('a double-click on a row opens its job; one on its checkbox only checks it', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    serveRows();
    renderPanel();
    await screen.findByText('Showing 10 of 23 Records');
    const row = document.querySelector('tr[data-job-id="102"]') as HTMLElement;
    fireEvent.doubleClick(within(row).getByRole('checkbox', { name: 'Select job 102' }));
    expect(assign).not.toHaveBeenCalled();
    fireEvent.doubleClick(row.querySelectorAll('td')[6]!);
    expect(assign).toHaveBeenCalledWith('/job/102');
  });

  it('without a legacy host the job id opens the job in Quill, with one on the legacy page', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    serveRows();
    const session = testSession();
    renderWithSession(
      <JobListPanel
        cs="1"
        queue="pending"
        facilities={[1, 2, 3]}
        facilitiesFailed={false}
        onRetryFacilities={() => {}}
        onReloadCounts={() => {}}
      />,
      { ...session, userSettings: { ...session.userSettings, fftmBaseUrl: '' } },
    );
    await screen.findByText('Showing 10 of 23 Records');
    const link = screen.getByRole('link', { name: 'Job 102' });
    expect(link.getAttribute('href')).toBe('/job/102');
    expect(link.getAttribute('target')).toBeNull();
    fireEvent.click(link);
    expect(assign).toHaveBeenCalledWith('/job/102');
  });

  it('the record line says which records the page shows', async () => {
    serveRows();
    renderPanel();
    await screen.findByText('Showing 10 of 23 Records');
    expect(screen.getByTestId('record-range').textContent).toBe(' (records 1–10)');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getByTestId('record-range').textContent).toBe(' (records 11–20)'));
    expect(screen.getByTestId('record-line').textContent).toBe('Showing 10 of 23 Records');
  });

  it("names each row's controls with its own job id", async () => {
    serveRows();
    renderPanel();
    await screen.findByText('Showing 10 of 23 Records');
    const row = document.querySelector('tr[data-job-id="102"]') as HTMLElement;
    expect(within(row).getByRole('checkbox', { name: 'Select job 102' })).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Job 102 details (opens in a new window)' })).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Show details of job 102' }));
    expect(await within(row).findByRole('button', { name: 'Hide details of job 102' })).toBeTruthy();
    const other = document.querySelector('tr[data-job-id="101"]') as HTMLElement;
    expect(within(other).getByRole('checkbox', { name: 'Select job 101' })).toBeTruthy();
  });

  it('shows the escaped note: the original characters, never markup', async () => {
    serveRows();
    renderPanel();
    await screen.findByText('Showing 10 of 23 Records');
    const row = document.querySelector('tr[data-job-id="102"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /Show details/ }));
    const details = await screen.findByRole('region', { name: 'Details of job 102' });
    expect(details.textContent).toContain('<img src=x onerror=alert(1)> café');
    expect(details.querySelector('img')).toBeNull();
  });

  it('cancels the row requests when the list goes (another queue or structure)', async () => {
    const signals: AbortSignal[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_: RequestInfo | URL, init?: RequestInit) => {
        signals.push(init!.signal!);
        return new Promise<Response>((_resolve, reject) =>
          init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      }),
    );
    const { unmount } = renderPanel();
    await waitFor(() => expect(signals.length).toBe(2));
    expect(signals.some((s) => s.aborted)).toBe(false);
    unmount();
    await waitFor(() => expect(signals.every((s) => s.aborted)).toBe(true));
  });

  it("shows 'Failed to get Job list' with Retry when a batch fails", async () => {
    const fetch = serveRows(true);
    renderPanel();
    expect(await screen.findByText(enUS.jobList.listFailed)).toBeTruthy();
    const calls = fetch.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(calls));
  });
});
