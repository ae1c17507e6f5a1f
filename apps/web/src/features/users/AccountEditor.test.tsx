import type { UserAccount } from '@quill/core/contract/users';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
});
