import type { UserAccount } from '@quill/core/contract/users';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../app/testing/fakeApi';
import { renderWithSession } from '../job-list/testing/renderWithSession';
import { AccountEditor } from './AccountEditor';

const GRANTABLE = {
  permissions: ['jobView', 'jobEdit'] as const,
  structures: [
    { id: 1, name: 'Meridian Valley Health' },
    { id: 2, name: 'Kestrel Bay Family Practice' },
  ],
};

const account = (over: Partial<UserAccount> = {}): UserAccount => ({
  memberId: 7,
  companyId: 1,
  memberType: 2,
  permissions: ['jobView', 'jobFax'],
  access: [],
  physicianId: null,
  physicianName: null,
  ...over,
});

describe('AccountEditor', () => {
  it('offers only what the manager may give, and lets a held permission be taken away', () => {
    const onChange = vi.fn();
    renderWithSession(
      <AccountEditor
        n={1}
        account={account()}
        grantable={{ ...GRANTABLE, permissions: [...GRANTABLE.permissions] }}
        onChange={onChange}
      />,
    );
    const edit = screen.getByLabelText('Edit jobs: book out, save and move jobs') as HTMLInputElement;
    const fax = screen.getByLabelText('Fax documents') as HTMLInputElement;
    const hold = screen.getByLabelText('Hold queue: see and work the hold queue') as HTMLInputElement;
    expect([edit.disabled, fax.disabled, hold.disabled]).toEqual([false, false, true]);
    expect(fax.checked).toBe(true);

    fireEvent.click(edit);
    expect(onChange).toHaveBeenLastCalledWith(account({ permissions: ['jobView', 'jobFax', 'jobEdit'] }));
    fireEvent.click(fax);
    expect(onChange).toHaveBeenLastCalledWith(account({ permissions: ['jobView'] }));
  });

  it("always sees the account's own company, and adds another structure to see", () => {
    const onChange = vi.fn();
    renderWithSession(
      <AccountEditor
        n={1}
        account={account()}
        grantable={{ ...GRANTABLE, permissions: [...GRANTABLE.permissions] }}
        onChange={onChange}
      />,
    );
    const own = screen.getByLabelText('Meridian Valley Health') as HTMLInputElement;
    expect([own.checked, own.disabled]).toEqual([true, true]);
    fireEvent.click(screen.getByLabelText('Kestrel Bay Family Practice'));
    expect(onChange).toHaveBeenLastCalledWith(account({ access: [2] }));
  });
  it('links a dictator account to a physician of its company found by name, and unlinks it', async () => {
    const api = fakeApi({
      'GET /api/reference/physicianChoices': [
        { id: 41, name: 'Lister, Ann', accessCode: 'LA1', specialty: null, isDictator: true },
      ],
    });
    const onChange = vi.fn();
    const grantable = { ...GRANTABLE, permissions: [...GRANTABLE.permissions] };
    const linked = account({ memberType: 1, physicianId: 40, physicianName: 'Linkwell, Dana' });
    const { rerender } = renderWithSession(
      <AccountEditor n={1} account={linked} grantable={grantable} onChange={onChange} />,
    );
    expect(screen.getByText('Linked to Linkwell, Dana.')).toBeTruthy();
    const picker = screen.getByRole('combobox', { name: 'Link to a physician (Last, First)' });
    // Mantine ignores changes to an unfocused input.
    act(() => picker.focus());
    fireEvent.change(picker, { target: { value: 'Lis' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Lister, Ann (LA1)', hidden: true }));
    expect(onChange).toHaveBeenLastCalledWith({ ...linked, physicianId: 41, physicianName: 'Lister, Ann' });
    expect(api.calls[0]!.url).toContain('companyId=1');
    expect(api.calls[0]!.url).toContain('q=Lis');

    fireEvent.click(screen.getByRole('button', { name: 'Unlink the physician' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...linked, physicianId: null, physicianName: null });

    // Another member type has no physician: the link goes with the change, and the picker too.
    fireEvent.click(screen.getByRole('combobox', { name: 'Member type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Transcriptionist', hidden: true }));
    expect(onChange).toHaveBeenLastCalledWith({
      ...linked,
      memberType: 2,
      physicianId: null,
      physicianName: null,
    });
    rerender(<AccountEditor n={1} account={account()} grantable={grantable} onChange={onChange} />);
    await waitFor(() => expect(screen.queryByRole('combobox', { name: /Link to a physician/ })).toBeNull());
  });
});
