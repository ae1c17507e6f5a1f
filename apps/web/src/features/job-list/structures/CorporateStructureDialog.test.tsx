import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../testing/renderWithSession';
import { CorporateStructureDialog } from './CorporateStructureDialog';

describe('CorporateStructureDialog (spec 01 §2)', () => {
  it('auto-selects a single option; Continue (or Enter) confirms it; it cannot be closed', async () => {
    const onChoose = vi.fn();
    renderWithSession(
      <CorporateStructureDialog
        structures={[{ id: 7, companyNameId: 'Meridian Valley Health (MVH)' }]}
        loading={false}
        failed={false}
        onRetry={() => {}}
        onChoose={onChoose}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Select a Corporate Structure' });
    expect(dialog.querySelector('button[class*="close"]')).toBeNull();
    const input = screen.getByPlaceholderText('Type to find a Corporate Structure...') as HTMLInputElement;
    expect(input.value).toBe('Meridian Valley Health (MVH)');
    fireEvent.keyDown(document.activeElement ?? input, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.submit(input.closest('form')!);
    expect(onChoose).toHaveBeenCalledWith('7');
  });

  it('confirms with Enter the one structure a typed search names ("Meri")', async () => {
    const onChoose = vi.fn();
    renderWithSession(
      <CorporateStructureDialog
        structures={[
          { id: 1, companyNameId: 'Meridian Valley Health (MVH)' },
          { id: 2, companyNameId: 'Kestrel Bay Family Practice (KBFP)' },
        ]}
        loading={false}
        failed={false}
        onRetry={() => {}}
        onChoose={onChoose}
      />,
    );
    const input = (await screen.findByPlaceholderText(
      'Type to find a Corporate Structure...',
    )) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'a' } });
    expect(screen.getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(input, { target: { value: 'Meri' } });
    expect(screen.getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(false);
    fireEvent.submit(input.closest('form')!);
    expect(onChoose).toHaveBeenCalledWith('1');
  });

  it('needs a choice when there are several', async () => {
    renderWithSession(
      <CorporateStructureDialog
        structures={[
          { id: 1, companyNameId: 'A' },
          { id: 2, companyNameId: 'B' },
        ]}
        loading={false}
        failed={false}
        onRetry={() => {}}
        onChoose={() => {}}
      />,
    );
    expect((await screen.findByRole('button', { name: 'Continue' })).hasAttribute('disabled')).toBe(true);
  });
});
