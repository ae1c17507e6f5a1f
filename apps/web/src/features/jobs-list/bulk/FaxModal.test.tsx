import type { FaxRecipient } from '@quill/core/contract/fax';
import { enUS } from '@quill/core/i18n/enUS';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../app/testing/fakeApi';
import { testSession } from '../testing/jobListFixtures';
import { renderWithSession } from '../testing/renderWithSession';
import { FaxModal } from './FaxModal';

const F = enUS.fax;

function recipient(id: number, name: string, faxNumber: string, recipientType = 'Addressee'): FaxRecipient {
  return { id, name, faxNumber, recipientType, faxFlag: true };
}

const CONTACTS = [recipient(1, 'Dr Ann Lee', '555 0101'), recipient(2, 'Dr Bo Ray', '555-BAD')];

function renderFax({ permissions = ['jobFax' as const], routes = {} as Record<string, unknown> } = {}) {
  const api = fakeApi({ 'GET /api/jobs/getContactListForJob': CONTACTS, ...routes });
  const onClose = vi.fn();
  renderWithSession(
    <FaxModal jobIds={[41, 42]} csId="7" onClose={onClose} />,
    testSession({ permissions: [...permissions] }),
  );
  const dialog = () => screen.getByRole('dialog', { name: F.title });
  const faxButton = () => within(dialog()).getByRole('button', { name: F.send });
  return { api, onClose, dialog, faxButton };
}

describe('Fax modal (spec 01 §5, §7, §9)', () => {
  it("lists the first job's contacts; an invalid number is marked and cannot be checked", async () => {
    const { api, faxButton } = renderFax();
    const ann = await screen.findByRole('checkbox', { name: 'Dr Ann Lee 555 0101' });
    const bo = screen.getByRole('checkbox', { name: 'Dr Bo Ray 555-BAD' });
    expect(api.calls[0]!.url).toBe('/api/jobs/getContactListForJob?jobId=41');
    expect(bo.hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByText('The fax number of Dr Bo Ray is not valid: it must be digits (spaces are allowed).'),
    ).toBeTruthy();
    // Fax needs a recipient.
    expect(faxButton().hasAttribute('disabled')).toBe(true);
    fireEvent.click(ann);
    await waitFor(() => expect(faxButton().hasAttribute('disabled')).toBe(false));
    expect(screen.getByTestId('fax-selected-count').textContent).toBe('1 recipient selected');
  });

  it('without jobFax says so, loads nothing and keeps Fax disabled', () => {
    const { api, faxButton } = renderFax({ permissions: [] as never[] });
    expect(screen.getByText(F.noPermission)).toBeTruthy();
    expect(faxButton().hasAttribute('disabled')).toBe(true);
    expect(api.calls).toHaveLength(0);
  });

  it('adds a custom recipient only with first name, last name and a valid fax number', async () => {
    const { dialog } = renderFax();
    await screen.findByRole('checkbox', { name: 'Dr Ann Lee 555 0101' });
    const add = within(dialog()).getByRole('button', { name: F.add });
    expect(add.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog()).getByLabelText(F.customTitle), { target: { value: 'Dr' } });
    fireEvent.change(within(dialog()).getByLabelText(new RegExp(`^${F.firstName}`)), {
      target: { value: 'Cy' },
    });
    expect(screen.getByText(F.customRecipientInvalid)).toBeTruthy();
    fireEvent.change(within(dialog()).getByLabelText(new RegExp(`^${F.lastName}`)), {
      target: { value: 'Fox' },
    });
    const number = within(dialog()).getByLabelText(new RegExp(`^${F.faxNumber}`));
    fireEvent.change(number, { target: { value: '555 12x' } });
    expect(add.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById('fax-custom-number-error')!.textContent).toBe(F.invalid);
    fireEvent.change(number, { target: { value: '555 1234' } });
    expect(add.hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(F.customRecipientInvalid)).toBeNull();
    // Enter in the form adds, as Add does.
    fireEvent.submit(number.closest('form')!);
    const custom = await screen.findByRole('checkbox', { name: 'Dr Cy Fox 555 1234' });
    expect((custom as HTMLInputElement).checked).toBe(true);
    expect((number as HTMLInputElement).value).toBe('');
  });

  it('searches users 300 ms after typing, shows 3, then "and N other users"', async () => {
    const found = [1, 2, 3, 4, 5].map((i) => recipient(100 + i, `User ${i}`, `555000${i}`, 'User'));
    const { api } = renderFax({ routes: { 'GET /api/jobs/Dictators': found } });
    await screen.findByRole('checkbox', { name: 'Dr Ann Lee 555 0101' });
    const input = screen.getByTestId('fax-search');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'us' } });
    fireEvent.change(input, { target: { value: 'use' } });
    // Nothing is asked while the typing goes on (300 ms debounce).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(api.called()).not.toContain('GET /api/jobs/Dictators');
    expect(await screen.findByText('and 2 other users')).toBeTruthy();
    const options = screen.getAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['User 15550001', 'User 25550002', 'User 35550003']);
    // One search, for the text the typing stopped at.
    expect(api.calls.filter((c) => c.path === '/api/jobs/Dictators').map((c) => c.url)).toEqual([
      '/api/jobs/Dictators?q=use&csid=7',
    ]);
    fireEvent.click(options[1]!);
    const picked = await screen.findByRole('checkbox', { name: 'User 2 5550002' });
    expect((picked as HTMLInputElement).checked).toBe(true);
  });

  it('faxes the checked recipients with their numbers without spaces, then says it is queued', async () => {
    const { api, onClose, faxButton } = renderFax({
      routes: { 'POST /api/jobs/Fax': { success: true, text: 'queued' } },
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Dr Ann Lee 555 0101' }));
    fireEvent.click(faxButton());
    expect(await screen.findByText(F.queued)).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      jobIds: [41, 42],
      recipients: [
        { id: 1, name: 'Dr Ann Lee', faxNumber: '5550101', recipientType: 'Addressee', faxFlag: true },
      ],
    });
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's text when the fax is refused, and the generic message when the call fails", async () => {
    let answer: unknown = { success: false, text: 'The fax service is paused' };
    const { onClose, faxButton } = renderFax({
      routes: { 'POST /api/jobs/Fax': () => answer },
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Dr Ann Lee 555 0101' }));
    fireEvent.click(faxButton());
    expect(await screen.findByText('The fax service is paused')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    answer = apiError(500, 'internal', 'boom');
    await waitFor(() => expect(faxButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(faxButton());
    expect(await screen.findByText(F.failed)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
