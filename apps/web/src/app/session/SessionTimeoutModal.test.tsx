import { MantineProvider } from '@mantine/core';
import { enUS } from '@quill/core/i18n/enUS';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { formatCountdown, SessionTimeoutModal } from './SessionTimeoutModal';

describe('SessionTimeoutModal', () => {
  it('shows Session Timeout with the time left and a progress bar out of 240 s', async () => {
    const onStay = vi.fn();
    render(
      <MantineProvider>
        <I18nextProvider i18n={i18n}>
          <SessionTimeoutModal opened remainingSeconds={90} onStay={onStay} />
        </I18nextProvider>
      </MantineProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: enUS.session.timeoutTitle });
    expect(dialog.textContent).toContain('signed out in 1:30');
    const bar = screen.getByRole('progressbar', { name: enUS.session.timeRemaining });
    expect(bar.getAttribute('aria-valuenow')).toBe('38'); // 90 of 240
    fireEvent.click(screen.getByRole('button', { name: enUS.session.staySignedIn }));
    expect(onStay).toHaveBeenCalled();
  });

  it('formats the countdown as m:ss', () => {
    expect([formatCountdown(120), formatCountdown(65), formatCountdown(9), formatCountdown(-3)]).toEqual([
      '2:00',
      '1:05',
      '0:09',
      '0:00',
    ]);
  });
});
