import { enUS } from '@quill/core/i18n/enUS';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jobRow, json } from '../testing/jobListFixtures';
import { renderWithSession } from '../testing/renderWithSession';
import { JobDetailsPanel } from './JobDetailsPanel';

afterEach(() => vi.unstubAllGlobals());

const labels = {
  stat: 'STAT',
  patientWithheld: '',
  mrnWithheld: '',
  stage: (_: number, name: string) => name,
  durationUnits: { days: 'd', hours: 'h', minutes: 'm' },
};

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

  it('says who received the job by fax, and marks a recipient outside its contacts (issue 18)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (!String(input).includes('/api/jobs/jobdetails')) return json({}, 404);
        return json({
          jobId: 7,
          distributionErrors: [],
          timeZone: 'America/Chicago',
          faxes: [
            {
              recipientName: 'Dr. Amara Gupta, MD',
              faxNumber: '9785550176',
              recipientType: 'Addressee',
              contactOfJob: true,
              status: 'sent',
              createdDate: '2026-10-27T04:50:00.000Z',
              sentDate: '2026-10-27T04:51:00.000Z',
            },
            {
              recipientName: 'Dr Casey Morrow',
              faxNumber: '5550100777',
              recipientType: 'Custom',
              contactOfJob: false,
              status: 'queued',
              createdDate: '2026-10-27T05:00:00.000Z',
              sentDate: null,
            },
          ],
        });
      }),
    );
    renderWithSession(
      <JobDetailsPanel row={jobRow(7)} labels={labels} detailsOpen onDetailsOpenChange={() => {}} />,
    );
    const faxes = await screen.findByTestId('job-faxes');
    const rows = within(faxes).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      `10/26/2026 23:50 CDTDr. Amara Gupta, MD (9785550176)${enUS.jobList.details.faxStatuses.sent}`,
      `10/27/2026 00:00 CDTDr Casey Morrow (5550100777)${enUS.jobList.details.faxNotContact}${enUS.jobList.details.faxStatuses.queued}`,
    ]);
  });

  it('says a job was not faxed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ jobId: 7, distributionErrors: [], timeZone: 'UTC', faxes: [] })),
    );
    renderWithSession(
      <JobDetailsPanel row={jobRow(7)} labels={labels} detailsOpen onDetailsOpenChange={() => {}} />,
    );
    const faxes = await screen.findByTestId('job-faxes');
    expect(within(faxes).getByText(enUS.jobList.details.noFaxes)).toBeTruthy();
  });
});
