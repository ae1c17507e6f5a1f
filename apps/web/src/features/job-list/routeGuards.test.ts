import { isRedirect } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as toasts from '../../app/toasts';
import { jobListTypeBeforeLoad, jobsBeforeLoad, jobsCsBeforeLoad } from './routeGuards';

beforeEach(() => {
  vi.spyOn(toasts, 'showToast').mockReturnValue('');
});

afterEach(() => {
  localStorage.clear();
});

/** The redirect a guard throws (or undefined when it lets the route load). */
function redirectOf(guard: () => void) {
  try {
    guard();
  } catch (thrown) {
    if (isRedirect(thrown)) return thrown.options;
    throw thrown;
  }
  return undefined;
}

describe('job list routes (spec 01 §2)', () => {
  it('replaces an unknown list type by pending, with a warning, on the same route', () => {
    const to = redirectOf(() => jobListTypeBeforeLoad({ params: { cs: '4', joblisttype: 'bogus' } }));
    expect(to).toMatchObject({
      to: '/jobs/$cs/$joblisttype',
      params: { cs: '4', joblisttype: 'pending' },
      replace: true,
    });
    expect(toasts.showToast).toHaveBeenCalledWith(
      'There is no job list called "bogus". Showing Pending Distribution instead.',
      {
        kind: 'warning',
        id: 'unknown-queue-bogus',
      },
    );
  });

  it('lets a known list type through, and lower-cases one in capitals without a warning', () => {
    expect(
      redirectOf(() => jobListTypeBeforeLoad({ params: { cs: '4', joblisttype: 'hq' } })),
    ).toBeUndefined();
    const to = redirectOf(() => jobListTypeBeforeLoad({ params: { cs: '4', joblisttype: 'FAILED' } }));
    expect(to).toMatchObject({ params: { cs: '4', joblisttype: 'failed' } });
    expect(toasts.showToast).not.toHaveBeenCalled();
  });

  it('does not warn on a preload', () => {
    redirectOf(() => jobListTypeBeforeLoad({ params: { cs: '4', joblisttype: 'bogus' }, preload: true }));
    expect(toasts.showToast).not.toHaveBeenCalled();
  });

  it('sends /jobs/{cs} to the stored queue, else pending', () => {
    expect(redirectOf(() => jobsCsBeforeLoad({ params: { cs: '4' } }))).toMatchObject({
      params: { cs: '4', joblisttype: 'pending' },
    });
    localStorage.setItem('job-queue-name', 'all');
    expect(redirectOf(() => jobsCsBeforeLoad({ params: { cs: '4' } }))).toMatchObject({
      params: { cs: '4', joblisttype: 'all' },
    });
  });

  it('opens the chooser at /jobs unless a structure is stored', () => {
    expect(redirectOf(() => jobsBeforeLoad())).toBeUndefined();
    localStorage.setItem('job-queue-cs', '9');
    expect(redirectOf(() => jobsBeforeLoad())).toMatchObject({ to: '/jobs/$cs', params: { cs: '9' } });
  });
});
