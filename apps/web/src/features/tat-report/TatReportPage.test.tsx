import { localDay } from '@quill/core/rules/attachments/attachmentRange';
import { defaultTatRange } from '@quill/core/rules/reports/tatReport';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../app/testing/fakeApi';
import { testSession } from '../job-list/testing/jobListFixtures';
import { renderWithSession } from '../job-list/testing/renderWithSession';
import { TatReportPage } from './TatReportPage';

const FACILITIES = [
  { id: 7, name: 'North Clinic', corporateStructureId: 1, corporateStructure: 'North Health' },
  { id: 9, name: 'North Hospital', corporateStructureId: 1, corporateStructure: 'North Health' },
];

const xlsx = () =>
  new Response(new Uint8Array([80, 75, 3, 4]), {
    status: 200,
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': 'attachment; filename="Turnaround-9-2026-10-01-2026-10-31.xlsx"',
    },
  });

let saved: string[];
beforeEach(() => {
  saved = [];
  Object.defineProperty(URL, 'createObjectURL', {
    value: vi.fn(() => 'blob:quill/file'),
    configurable: true,
  });
  Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

const manager = () => testSession({ permissions: ['jobView', 'dictatorAdd'] });
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

describe('the turnaround report page (issue 27)', () => {
  it('downloads the report of the chosen facility and days', async () => {
    const api = fakeApi({ 'GET /api/reports/facilities': FACILITIES, 'GET /api/reports/tat.xlsx': xlsx });
    renderWithSession(<TatReportPage />, manager());
    const facility = (await screen.findByLabelText('Facility')) as HTMLSelectElement;
    expect([...facility.options].map((o) => o.textContent)).toEqual([
      'North Clinic (North Health)',
      'North Hospital (North Health)',
    ]);
    // The last 7 days up to today, to begin with.
    expect([field('From').value, field('To').value]).toEqual(
      Object.values(defaultTatRange(localDay(new Date()))),
    );
    fireEvent.change(facility, { target: { value: '9' } });
    fireEvent.change(field('From'), { target: { value: '2026-10-01' } });
    fireEvent.change(field('To'), { target: { value: '2026-10-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('The turnaround report was downloaded.')).toBeTruthy();
    expect(api.calls.at(-1)!.url).toBe('/api/reports/tat.xlsx?cf=9&from=2026-10-01&to=2026-10-31');
    expect(saved).toEqual(['Turnaround-9-2026-10-01-2026-10-31.xlsx']);
  });

  it('checks the days as the server does before asking, and says what is wrong', async () => {
    const api = fakeApi({ 'GET /api/reports/facilities': FACILITIES });
    renderWithSession(<TatReportPage />, manager());
    await screen.findByLabelText('Facility');
    fireEvent.change(field('From'), { target: { value: '2026-10-31' } });
    fireEvent.change(field('To'), { target: { value: '2026-10-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('To must be the same day as From or later.')).toBeTruthy();
    expect(document.activeElement).toBe(field('To'));
    fireEvent.change(field('From'), { target: { value: '2024-01-01' } });
    fireEvent.change(field('To'), { target: { value: '2025-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('A report covers at most 366 days: choose a shorter range.')).toBeTruthy();
    fireEvent.change(field('From'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Enter From and To as dates.')).toBeTruthy();
    expect(document.activeElement).toBe(field('From'));
    expect(api.called()).toEqual(['GET /api/reports/facilities']);
  });

  it('shows the server’s refusal', async () => {
    fakeApi({
      'GET /api/reports/facilities': FACILITIES,
      'GET /api/reports/tat.xlsx': apiError(404, 'not_found', 'There is no such client facility.'),
    });
    renderWithSession(<TatReportPage />, manager());
    await screen.findByLabelText('Facility');
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The report could not be made: There is no such client facility.',
      ),
    );
    expect(saved).toEqual([]);
  });

  it('is not offered without User Add, and asks the server nothing', async () => {
    const api = fakeApi({ 'GET /api/reports/facilities': FACILITIES });
    renderWithSession(<TatReportPage />, testSession({ permissions: ['jobView', 'dictatorView'] }));
    expect(screen.getByRole('alert').textContent).toBe(
      'The turnaround report needs the User Add permission.',
    );
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('says so when the account sees no facility', async () => {
    fakeApi({ 'GET /api/reports/facilities': [] });
    renderWithSession(<TatReportPage />, manager());
    expect(await screen.findByText('Your account sees no client facility.')).toBeTruthy();
  });
});
