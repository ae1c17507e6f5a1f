import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../lib/browserNavigation';
import { jobRow, json, testSession } from '../job-list/testing/jobListFixtures';
import { renderWithSession } from '../job-list/testing/renderWithSession';
import { JobSearchPage } from './JobSearchPage';

afterEach(() => vi.restoreAllMocks());

const STRUCTURES = [
  { id: 1, companyNameId: 'North Health' },
  { id: 2, companyNameId: 'West Clinic' },
];

/** The server: the structures, and a search answering `total` jobs 1000… a page at a time. */
function serve(total = 12, status = 200, patient: object = {}) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://quill.test');
    if (url.pathname === '/api/jobs/getusercs') return json(STRUCTURES);
    if (status !== 200)
      return json({ error: { code: 'bad_request', message: 'From must not be after To' } }, status);
    const page = Number(url.searchParams.get('page'));
    const pageSize = Number(url.searchParams.get('pageSize'));
    const ids = Array.from({ length: total }, (_, i) => 1000 + i).slice(
      (page - 1) * pageSize,
      page * pageSize,
    );
    return json({
      rows: ids.map((id) => ({
        ...jobRow(id, { patientName: `Patient ${id}`, ...patient }),
        corporateStructureId: 2,
      })),
      total,
      page,
      pageSize,
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const searchButton = () => screen.getByRole('button', { name: 'Search' });

describe('JobSearchPage', () => {
  it('searches by patient, shows the jobs with their structure, pages, and opens a job', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    const fetch = serve();
    renderWithSession(<JobSearchPage />);
    expect(searchButton().hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Patient/), { target: { value: 'Love' } });
    fireEvent.click(searchButton());
    const table = await screen.findByRole('table', { name: 'Search results' });
    expect(screen.getByTestId('record-line').textContent).toBe('Showing 10 of 12 Records');
    const searched = fetch.mock.calls.map((c) => String(c[0])).find((u) => u.includes('/api/jobs/search'))!;
    expect(searched).toContain('patient=Love');
    expect(searched).toContain('page=1');
    expect(within(table).getAllByText('West Clinic')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getByTestId('record-range').textContent).toBe(' (records 11–12)'));
    const link = await screen.findByRole('link', { name: '1011' });
    expect(link.getAttribute('href')).toBe('/job/1011');
    fireEvent.click(link);
    expect(assign).toHaveBeenCalledWith('/job/1011');
  });

  it('shows what the server refuses, in its words', async () => {
    serve(0, 400);
    renderWithSession(<JobSearchPage />);
    fireEvent.change(screen.getByLabelText('Job ID'), { target: { value: '5' } });
    fireEvent.click(searchButton());
    expect((await screen.findByRole('alert')).textContent).toBe('From must not be after To');
  });

  it('offers no patient or MRN search to an account that may not see patient names', async () => {
    serve();
    renderWithSession(<JobSearchPage />, testSession({ permissions: ['jobView'] }));
    expect(screen.queryByLabelText(/^Patient/)).toBeNull();
    expect(screen.queryByLabelText('MRN')).toBeNull();
    expect(
      screen.getByText('Searching by patient and MRN needs the permission to see patient names.'),
    ).toBeTruthy();
  });

  it('shows the withheld name and MRN as their labels, set apart (issue 41)', async () => {
    serve(1, 200, { patientName: null, patientMRN: null });
    renderWithSession(<JobSearchPage />, testSession({ permissions: ['jobView'] }));
    fireEvent.change(screen.getByLabelText('Job ID'), { target: { value: '1000' } });
    fireEvent.click(searchButton());
    const table = await screen.findByRole('table', { name: 'Search results' });
    const cells = within(table)
      .getAllByRole('cell')
      .filter((td) => ['Patient Name', 'Subject ID'].includes(td.textContent ?? ''));
    expect(cells.map((td) => td.textContent)).toEqual(['Patient Name', 'Subject ID']);
    // Set apart from a value (the withheld style), as the list shows them.
    expect(new Set(cells.map((td) => td.className)).size).toBe(1);
    expect(cells[0]!.className).not.toBe('');
  });
});
