import { linkAllowed, message } from '@quill/core';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { physicians } from '../../../db/schema/index.js';
import { invalid } from '../../../errors/domainErrors.js';
import { directoryName } from './directory.js';

/**
 * The physician a dictator account is to be linked to (issue 26, Users page), checked: undefined
 * keeps the account's link, null unlinks, an id must name an enabled physician of the account's
 * company (core `linkAllowed`) — another company's physician, a missing one and a disabled one are
 * refused alike (400 'Choose an enabled physician of the account's company'), so the answer never
 * tells whether another company has such a physician. A link the account has keeps working after
 * its physician is disabled.
 */
export async function checkPhysicianLink(
  db: Db,
  account: { memberType: number; companyId: number; currentPhysicianId: number | null },
  physicianId: number | null | undefined,
): Promise<number | null | undefined> {
  if (physicianId === undefined || physicianId === null) return physicianId;
  const [physician] = await db
    .select({
      id: physicians.id,
      corporateStructureId: physicians.corporateStructureId,
      disabled: physicians.disabled,
    })
    .from(physicians)
    .where(eq(physicians.id, physicianId));
  const refusal = linkAllowed(account, physician ?? null);
  if (refusal === 'notDictator') throw invalid(message('users.physicianOnlyDictator'));
  if (refusal) throw invalid(message('users.physicianInvalid'));
  return physicianId;
}

/** The names ('Last, First') of linked physicians by id, for the Users page. */
export async function linkedPhysicianNames(
  db: Db,
  ids: readonly (number | null)[],
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: physicians.id, lastName: physicians.lastName, firstName: physicians.firstName })
    .from(physicians)
    .where(inArray(physicians.id, wanted));
  return new Map(rows.map((r) => [r.id, directoryName(r)]));
}
