import { enUS } from '@quill/core/i18n/enUS';
import { PERMISSIONS } from '@quill/core/rules/auth/permissions';
import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../app/testing/fakeApi';
import { signedInRoutes } from '../../../app/testing/fixtures';
import { renderApp } from '../../../test/renderApp';
import { jobRoutesFor } from '../testing/jobFixtures';
import { withSeconds } from './AuditTrailDialog';

const text = enUS.auditTrail;
const trail = {
  jobId: 42,
  page: 1,
  pageSize: 50,
  total: 2,
  rows: [
    {
      id: 9,
      at: '2026-11-26T10:15:30.000Z',
      user: 'Morgan Reyes',
      account: 'Morgan Reyes – Meridian Valley Health',
      action: 'job.save',
      what: 'Saved the job',
      outcome: 'success',
      outcomeText: 'Done',
      ip: '10.0.0.7',
    },
    {
      id: 8,
      at: '2026-11-26T10:15:01.000Z',
      user: 'Sam Other',
      account: 'South Clinic',
      action: 'jobEditor.cda',
      what: 'Tried to use the job page (jobEditor.cda)',
      outcome: 'notFound',
      outcomeText: 'Refused (not found or another tenant’s)',
      ip: '10.0.0.8',
    },
  ],
};

beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(() => cleanup());

function setup(permissions: readonly string[]) {
  const api = fakeApi(
    signedInRoutes(undefined, permissions, { ...jobRoutesFor(), 'GET /api/job/audittrail': trail }),
  );
  renderApp('/job/42');
  return { api };
}

describe('the job’s audit trail in the job view (issue 23)', { timeout: 20_000 }, () => {
  it('opens from the Audit trail button: who, what, when, outcome, newest first, and the export', async () => {
    const { api } = setup(PERMISSIONS);
    fireEvent.click(await screen.findByRole('button', { name: text.button }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Audit trail of job 42' });
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual([
      'Saved the job',
      'Tried to use the job page (jobEditor.cda)',
    ]);
    // The facility's clock with its zone, like the rest of the job page (issue 39): 10:15:30Z in New York.
    expect(within(rows[0]!).getAllByRole('cell')[0]!.textContent).toBe('11/26/2026 05:15:30 EST');
    expect(rows[0]!.textContent).toContain('Morgan Reyes');
    expect(rows[0]!.textContent).not.toContain('Meridian Valley Health'); // the account repeats the name
    expect(rows[1]!.textContent).toContain('South Clinic');
    expect(rows[1]!.textContent).toContain('Refused (not found or another tenant’s)');
    expect(within(dialog).getByText('Page 1 of 1 (2 entries)')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: text.next }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(dialog).getByRole('link', { name: text.export }).getAttribute('href')).toBe(
      '/api/file/AuditTrail/42',
    );
    expect(api.called()).toContain('GET /api/job/audittrail');
  });

  it('is not offered without jobViewDetails', async () => {
    setup(PERMISSIONS.filter((p) => p !== 'jobViewDetails'));
    await screen.findByRole('button', { name: enUS.jobView.close }, { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: text.button })).toBeNull();
  });

  it('shows seconds in the user’s time format', () => {
    expect(withSeconds('HH:mm')).toBe('HH:mm:ss');
    expect(withSeconds('h:mm A')).toBe('h:mm:ss A');
    expect(withSeconds('HH:mm:ss')).toBe('HH:mm:ss');
  });
});
