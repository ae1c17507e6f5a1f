import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../testing/renderWithSession';
import { QueueTickers } from './QueueTickers';

const counts = { pending: 374, hq: 171, failed: 136, all: 2819 };

describe('QueueTickers (spec 01 §2)', () => {
  it('shows each queue with its count; a click switches the queue', () => {
    const onSelect = vi.fn();
    renderWithSession(
      <QueueTickers
        counts={counts}
        state="ready"
        current="pending"
        canViewHoldQueue
        onSelect={onSelect}
        onRetry={() => {}}
      />,
    );
    expect(
      screen.getByRole('button', { name: 'Pending Distribution 374' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(screen.getByRole('button', { name: 'Hold Queue 171' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'All Jobs 2,819' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Failed Distribution 136' }));
    expect(onSelect).toHaveBeenCalledWith('failed');
  });

  it('shows the Hold Queue ticker only with holdQueueView', () => {
    renderWithSession(
      <QueueTickers
        counts={counts}
        state="ready"
        current="all"
        canViewHoldQueue={false}
        onSelect={() => {}}
        onRetry={() => {}}
      />,
    );
    expect(screen.queryByText('Hold Queue')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows loading, and a failed state with Retry', () => {
    const onRetry = vi.fn();
    const { rerender } = renderWithSession(
      <QueueTickers
        counts={undefined}
        state="loading"
        current="all"
        canViewHoldQueue
        onSelect={() => {}}
        onRetry={onRetry}
      />,
    );
    expect(screen.getAllByLabelText('Loading count')).toHaveLength(4);
    rerender(
      <QueueTickers
        counts={undefined}
        state="failed"
        current="all"
        canViewHoldQueue
        onSelect={() => {}}
        onRetry={onRetry}
      />,
    );
    const retries = screen.getAllByRole('button', { name: 'Retry' });
    expect(retries).toHaveLength(4);
    fireEvent.click(retries[0]!);
    expect(onRetry).toHaveBeenCalled();
  });
});
