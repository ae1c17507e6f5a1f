import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../app/testing/fakeApi';
import * as toasts from '../../../app/toasts';
import '../../../lib/i18n';
import { jobDetails } from '../testing/jobFixtures';
import { EXTEND_BOOKING_MS, useBooking } from './useBooking';

const details = jobDetails();

afterEach(() => {
  vi.useRealTimers();
});

describe('useBooking', () => {
  it('extends the booking every few minutes while editing, and stops after cancel', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi({
      'POST /api/job/bookoutjob': { success: true, bookingCookie: 'k1', expiresAt: 'x', messages: [] },
      'POST /api/job/extendbooking': { success: true, expiresAt: 'y' },
      'POST /api/job/cancelbooking': { success: true, messages: [] },
    });
    const leave = vi.fn();
    const { result } = renderHook(() => useBooking({ jobId: 42, details, forgetEdits: vi.fn(), leave }));
    await act(() => result.current.bookOut());
    expect(result.current.mode).toBe('edit');
    expect(result.current.cookie.current).toBe('k1');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(EXTEND_BOOKING_MS * 2);
    });
    const extends_ = api.calls.filter((c) => c.path === '/api/job/extendbooking');
    expect(extends_).toHaveLength(2);
    expect(extends_[0]!.body).toEqual({ jobId: 42, bookingCookie: 'k1' });
    await act(() => result.current.cancelEdit());
    expect(leave).toHaveBeenCalledWith('cancelled');
    expect(result.current.mode).toBe('view');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(EXTEND_BOOKING_MS * 2);
    });
    expect(api.calls.filter((c) => c.path === '/api/job/extendbooking')).toHaveLength(2);
  });

  it("joins cancelbooking's messages when it does not succeed, and stays in edit mode", async () => {
    fakeApi({
      'POST /api/job/bookoutjob': { success: true, bookingCookie: 'k2', expiresAt: 'x', messages: [] },
      'POST /api/job/cancelbooking': { success: false, messages: ['Not yours', 'Expired'] },
    });
    const showToast = vi.spyOn(toasts, 'showToast').mockReturnValue('');
    const leave = vi.fn();
    const { result } = renderHook(() => useBooking({ jobId: 42, details, forgetEdits: vi.fn(), leave }));
    await act(() => result.current.bookOut());
    await act(() => result.current.cancelEdit());
    await waitFor(() => expect(result.current.busy).toBeNull());
    expect(result.current.mode).toBe('edit');
    expect(leave).not.toHaveBeenCalled();
    expect(showToast).toHaveBeenCalledWith('Not yours, Expired', { kind: 'error' });
  });
});
