import { MantineProvider } from '@mantine/core';
import { notifications, notificationsStore } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast, ToastHost } from './toasts';

function renderHost() {
  return render(
    <MantineProvider withCssVariables={false} withGlobalClasses={false}>
      <ToastHost />
    </MantineProvider>,
  );
}

afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
});

describe('toasts (spec 01 §9)', () => {
  it('sit bottom-right, at most 3 at a time, newest on top', async () => {
    renderHost();
    act(() => {
      for (const n of [1, 2, 3, 4]) showToast(`Message ${n}`, { kind: 'error' });
    });
    await screen.findByText('Message 4');
    const shown = screen.getAllByText(/^Message \d$/).map((el) => el.textContent);
    expect(shown).toEqual(['Message 4', 'Message 3', 'Message 2']);
    expect(document.querySelector('[data-position="bottom-right"]')?.textContent).toContain('Message 4');
    // The oldest is dropped, not queued to pop up when a newer one closes.
    expect(notificationsStore.getState().queue).toEqual([]);
  });

  it('close after 10,000 ms', async () => {
    vi.useFakeTimers();
    renderHost();
    act(() => {
      showToast('Short-lived');
    });
    expect(screen.getByText('Short-lived')).toBeTruthy();
    act(() => vi.advanceTimersByTime(9_900));
    expect(notificationsStore.getState().notifications).toHaveLength(1);
    act(() => vi.advanceTimersByTime(200));
    expect(notificationsStore.getState().notifications).toHaveLength(0);
  });
});
