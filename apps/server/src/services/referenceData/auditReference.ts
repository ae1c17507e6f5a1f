import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import type { Facility } from './requireFacility.js';

/**
 * Audits a change of a facility's reference data (issue 26): `reference.<what>.<how>`, the
 * facility and its structure, and ids, counts and codes only in `detail` (never patient data).
 * Given the change's transaction, the row commits with the change.
 */
export function auditReference(
  ctx: Pick<AppContext, 'database'>,
  auth: Auth,
  facility: Pick<Facility, 'id' | 'corporateStructureId'>,
  action: string,
  ip: string | null,
  detail: Record<string, unknown>,
  db?: Db,
): Promise<void> {
  return recordAudit(
    ctx,
    {
      action: `reference.${action}`,
      outcome: 'success',
      userId: auth.userId,
      accountId: auth.accountId,
      corporateStructureId: facility.corporateStructureId,
      ip,
      detail: { clientFacilityId: facility.id, ...detail },
    },
    db,
  );
}
