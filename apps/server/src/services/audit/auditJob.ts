import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { jobs } from '../../db/schema/index.js';
import type { Auth } from '../auth/resolveSession.js';
import { recordAudit } from './recordAudit.js';

/** An audit row about one job by the signed-in account (ids and counts only in `detail`). */
export async function auditJob(
  ctx: Pick<AppContext, 'database'>,
  auth: Auth,
  job: Pick<typeof jobs.$inferSelect, 'id' | 'corporateStructureId' | 'patientId'>,
  action: string,
  ip: string | null,
  detail: Record<string, unknown> = {},
  db?: Db,
): Promise<void> {
  await recordAudit(
    ctx,
    {
      action,
      outcome: 'success',
      userId: auth.userId,
      accountId: auth.accountId,
      corporateStructureId: job.corporateStructureId,
      jobId: job.id,
      patientId: job.patientId,
      ip,
      detail,
    },
    db,
  );
}
