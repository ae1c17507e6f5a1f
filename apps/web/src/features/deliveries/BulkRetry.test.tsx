import type { Permission } from '@quill/core/rules/auth/permissions';
import type { QueueName } from '@quill/core/rules/settings/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../app/testing/fakeApi';
import { BulkActions } from '../job-list/bulk/BulkActions';
import { jobRow, testSession } from '../job-list/testing/jobListFixtures';
import { renderWithSession } from '../job-list/testing/renderWithSession';

const RETRY = 'Retry failed deliveries';

function renderActions(
  ids: number[],
  queue: QueueName = 'failed',
  permissions: Permission[] = ['distributionJobActionsQueue'],
) {
  const onCleared = vi.fn();
  renderWithSession(
    <BulkActions
      cs="7"
      queue={queue}
      selected={new Set(ids)}
      rowsOf={(jobIds) => jobIds.map((id) => jobRow(id))}
      hiddenOf={() => 0}
      onCleared={onCleared}
    />,
    testSession({ permissions }),
  );
  return { onCleared };
}

async function menuNames() {
  fireEvent.click(screen.getByTestId('bulk-actions'));
  const menu = await screen.findByRole('menu', { hidden: true });
  return within(menu)
    .getAllByRole('menuitem', { hidden: true })
    .map((i) => i.textContent);
}
const item = () => screen.getByRole('menuitem', { name: RETRY, hidden: true });

describe('Retry of the checked jobs’ failed deliveries (issue 43)', () => {
  it('retries the checked jobs in the failed queue, then the list and counts are read again', async () => {
    const api = fakeApi({ 'POST /api/jobs/deliveries/retry': { queued: [] } });
    const { onCleared } = renderActions([41, 42]);
    expect(await menuNames()).toContain(RETRY);
    fireEvent.click(item());
    await waitFor(() => expect(onCleared).toHaveBeenCalledWith([41, 42]));
    expect(api.calls[0]!.body).toEqual({ jobIds: [41, 42] });
    expect(await screen.findByText('Failed deliveries of 2 jobs queued again')).toBeTruthy();
  });

  it('is offered in the failed queue only, and only with distributionJobActionsQueue', async () => {
    renderActions([41], 'pending');
    expect(await menuNames()).not.toContain(RETRY);
  });

  it('is hidden without distributionJobActionsQueue', async () => {
    renderActions([41], 'failed', ['jobFax']);
    expect(await menuNames()).not.toContain(RETRY);
  });

  it('explains the limit above ten jobs and does nothing', async () => {
    const api = fakeApi({});
    renderActions(Array.from({ length: 11 }, (_, i) => 101 + i));
    await menuNames();
    expect(item().getAttribute('aria-disabled')).toBe('true');
    const reason = document.getElementById(item().getAttribute('aria-describedby')!)?.textContent;
    expect(reason).toBe('Retry at most 10 jobs at once');
    fireEvent.click(item());
    expect(api.calls).toHaveLength(0);
  });

  it('says why the server refused, and keeps the jobs checked', async () => {
    fakeApi({
      'POST /api/jobs/deliveries/retry': apiError(409, 'conflict', 'Job 41 has no failed delivery'),
    });
    const { onCleared } = renderActions([41]);
    await menuNames();
    fireEvent.click(item());
    expect(await screen.findByText('Job 41 has no failed delivery')).toBeTruthy();
    expect(onCleared).not.toHaveBeenCalled();
  });
});
