import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../app/testing/fakeApi';
import { QueueTickers } from '../job-list/queues/QueueTickers';
import { testSession } from '../job-list/testing/jobListFixtures';
import { ToSignTicker } from './ToSignTicker';
import { renderWithRouter } from './testing/renderWithRouter';
import { dictatorSession } from './testing/signingFixtures';

const counts = { pending: 374, hq: 171, failed: 136, all: 2819 };

function tickers() {
  return (
    <QueueTickers
      counts={counts}
      state="ready"
      current="pending"
      canViewHoldQueue
      onSelect={() => {}}
      onRetry={() => {}}
    >
      <ToSignTicker />
    </QueueTickers>
  );
}

describe('To sign ticker (issue 43)', () => {
  it('shows a dictator the jobs waiting for a signature beside the four queues, and opens To sign', async () => {
    const api = fakeApi({ 'GET /api/signing/count': { count: 1234 } });
    renderWithRouter(tickers(), dictatorSession());
    const link = await screen.findByRole('link', { name: 'To sign 1,234' });
    // The spec's four queues keep their meaning and their place; To sign comes after them.
    expect(screen.getAllByRole('listitem').map((li) => li.dataset.testid)).toEqual([
      'ticker-pending',
      'ticker-hq',
      'ticker-failed',
      'ticker-all',
      'ticker-toSign',
    ]);
    expect(screen.getByRole('button', { name: 'Pending Distribution 374' })).toBeTruthy();
    fireEvent.click(link);
    expect(await screen.findByTestId('to-sign-probe')).toBeTruthy();
    expect(api.called()).toEqual(['GET /api/signing/count']);
  });

  it('is not there for an account that does not sign, and asks nothing', async () => {
    const api = fakeApi({ 'GET /api/signing/count': { count: 3 } });
    renderWithRouter(tickers(), testSession());
    await screen.findByRole('button', { name: 'All Jobs 2,819' });
    expect(screen.queryByTestId('ticker-toSign')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('is there for any account the server says signs (a delegate)', async () => {
    fakeApi({ 'GET /api/signing/count': { count: 2 } });
    const manager = testSession();
    renderWithRouter(tickers(), { ...manager, userSettings: { ...manager.userSettings, maySign: true } });
    expect(await screen.findByRole('link', { name: 'To sign 2' })).toBeTruthy();
  });

  it('shows a failed count with Retry, like the other tickers', async () => {
    const api = fakeApi({ 'GET /api/signing/count': apiError(503, 'unavailable') });
    renderWithRouter(tickers(), dictatorSession());
    expect(await screen.findByRole('link', { name: 'To sign Count unavailable' })).toBeTruthy();
    api.set('GET /api/signing/count', { count: 5 });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'To sign 5' })).toBeTruthy());
  });
});
