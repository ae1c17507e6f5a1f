import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from './permissions.js';
import { GROUPED_PERMISSIONS, normalUserName, ungrantable } from './userAdmin.js';

describe('user administration rules', () => {
  it('reads a user name trimmed and in lower case, or refuses it', () => {
    expect(normalUserName('  Nora.Quinn ')).toBe('nora.quinn');
    expect(normalUserName('a b')).toBeNull();
    expect(normalUserName('x')).toBeNull();
    expect(normalUserName('x'.repeat(101))).toBeNull();
  });

  it('puts every permission flag in exactly one group', () => {
    expect([...GROUPED_PERMISSIONS].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('lets a manager grant only what their own account holds', () => {
    const by = { permissions: new Set(['jobView', 'jobEdit']), structures: [1, 2] };
    expect(
      ungrantable({ companyId: 1, permissions: ['jobView'], access: [1, 2], otherCompanies: true }, by),
    ).toBeNull();
    expect(ungrantable({ companyId: 1, permissions: ['jobView', 'jobFax'], access: [1] }, by)).toEqual({
      permission: 'jobFax',
    });
    expect(ungrantable({ companyId: 3, permissions: [], access: [] }, by)).toEqual({ structure: 3 });
    expect(ungrantable({ companyId: 1, permissions: [], access: [1, 4] }, by)).toEqual({ structure: 4 });
  });

  it("gives another company's structure only to an account set to serve other companies", () => {
    const by = { permissions: new Set<string>(), structures: [1, 2] };
    expect(ungrantable({ companyId: 1, permissions: [], access: [1, 2] }, by)).toEqual({ otherCompany: 2 });
    expect(ungrantable({ companyId: 2, permissions: [], access: [2] }, by)).toBeNull();
  });
});
