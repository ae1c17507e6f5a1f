import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../app/testing/fakeApi';
import { renderWithSession } from '../job-list/testing/renderWithSession';
import { ProductivityPage } from './ProductivityPage';

const FIGURES = {
  day: '2026-11-27',
  timeZone: 'America/Chicago',
  jobsDone: 4,
  linesTyped: 212.5,
  linesPerHour: 148.3,
  timedLines: 197.8,
  typingMinutes: 80,
  averageTatMinutes: 65,
  week: { jobsDone: 21, averageTatMinutes: 1590 },
};

/** The figures as the page lays them out: label → [value, hint]. */
function figures() {
  const list = screen.getByLabelText('Today’s figures');
  return Object.fromEntries(
    within(list)
      .getAllByRole('term')
      .map((term) => {
        const [value, hint] = within(term.parentElement!).getAllByRole('definition');
        return [term.textContent, [value!.textContent, hint!.textContent]];
      }),
  );
}

describe('My productivity (issue 27)', () => {
  it('shows today’s three figures for the browser’s time zone', async () => {
    const api = fakeApi({ 'GET /api/productivity/me': FIGURES });
    renderWithSession(<ProductivityPage />);
    expect(
      await screen.findByText(/Your work as Morgan Reyes - Meridian Valley Health today, 11\/27\/2026/),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'My productivity' })).toBeTruthy();
    expect(figures()).toEqual({
      'Jobs done today': ['4', 'Jobs whose first text you saved today.'],
      'Lines per hour': [
        '148.3',
        'On today’s jobs: 197.8 lines in 1h 20m from each job’s start to your last save of it. A line is 65 characters.',
      ],
      'Average turnaround': [
        '1h 05m',
        'Dictation to first text of today’s jobs. Last 7 days: 1d 2h over 21 jobs.',
      ],
    });
    expect(screen.getByText('212.5 lines typed today on all jobs, corrections included.')).toBeTruthy();
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(api.calls[0]!.url).toBe(`/api/productivity/me?tz=${encodeURIComponent(tz)}`);
  });

  it('says when lines per hour cannot be measured yet', async () => {
    fakeApi({
      'GET /api/productivity/me': { ...FIGURES, jobsDone: 1, linesPerHour: null, averageTatMinutes: 20 },
    });
    renderWithSession(<ProductivityPage />);
    await screen.findByLabelText('Today’s figures');
    expect(figures()['Lines per hour']).toEqual([
      'None yet',
      'Not measured yet: it needs at least a minute of typing on a job you started today.',
    ]);
  });

  it('has a clear empty state on a day without typed text', async () => {
    fakeApi({
      'GET /api/productivity/me': {
        ...FIGURES,
        jobsDone: 0,
        linesTyped: 0,
        linesPerHour: null,
        timedLines: 0,
        typingMinutes: 0,
        averageTatMinutes: null,
        week: { jobsDone: 1, averageTatMinutes: 45 },
      },
    });
    renderWithSession(<ProductivityPage />);
    expect((await screen.findByRole('status')).textContent).toBe(
      'You have not saved any typed text today. Your figures appear here after your first save.',
    );
    expect(screen.getByText('Last 7 days: 45m over 1 job.')).toBeTruthy();
    expect(screen.queryByLabelText('Today’s figures')).toBeNull();
  });

  it('says why the figures could not be loaded, and tries again', async () => {
    const api = fakeApi({
      'GET /api/productivity/me': apiError(503, 'unavailable', 'The database is not answering.'),
    });
    renderWithSession(<ProductivityPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your figures could not be loaded: The database is not answering.');
    api.set('GET /api/productivity/me', FIGURES);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Today’s figures')).toBeTruthy();
    expect(api.calls).toHaveLength(2);
  });
});
