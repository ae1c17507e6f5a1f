import { eq, or, type SQL } from 'drizzle-orm';
import { accountCorporateAccess, accounts } from '../../db/schema/index.js';

/**
 * The condition under which an access row of `account_corporate_access` counts for the account in
 * the same statement: the structure is the account's own company, or the account is deliberately
 * set to serve other companies (`accounts.other_companies`). Any other row is ignored, so an
 * account sees only its own company's structures by default (docs/decisions.md, "Whose structures
 * an account sees").
 */
export function accessCounts(): SQL {
  return or(
    eq(accountCorporateAccess.corporateStructureId, accounts.companyId),
    eq(accounts.otherCompanies, true),
  ) as SQL;
}
