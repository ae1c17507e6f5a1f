import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobDetailsPanel } from './JobDetailsPanel';
import { jobRow, json } from './testing/jobListFixtures';
import { renderWithSession } from './testing/renderWithSession';

afterEach(() => vi.unstubAllGlobals());

const labels = { stat: 'STAT', patientWithheld: '', stage: (_: number, name: string) => name };

describe('JobDetailsPanel', () => {
  it("shows distribution errors' dates in the job's facility zone, labelled (issue 18)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (!String(input).includes('/api/jobs/jobdetails')) return json({}, 404);
        return json({
          jobId: 7,
          // 04:50Z on the 27th is 23:50 on the 26th in Chicago.
          distributionErrors: [{ description: 'Printer offline', createdDate: '2026-10-27T04:50:00.000Z' }],
          timeZone: 'America/Chicago',
        });
      }),
    );
    renderWithSession(
      <JobDetailsPanel row={jobRow(7)} labels={labels} detailsOpen onDetailsOpenChange={() => {}} />,
    );
    const errors = await screen.findByTestId('distribution-errors');
    expect(within(errors).getByText('10/26/2026 23:50 CDT')).toBeTruthy();
    expect(within(errors).getByText('Printer offline')).toBeTruthy();
  });
});
