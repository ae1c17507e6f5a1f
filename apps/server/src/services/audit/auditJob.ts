import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { jobs } from '../../db/schema/index.js';
import type { Auth } from '../auth/auth.js';
import { scopeIds } from '../tenantScope/scopeIds.js';
import { type AuditedJobRead, auditGroupOf } from './auditGroup.js';
import { auditRowOf, recordAudit } from './recordAudit.js';

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

/**
 * A successful read of job `jobId` by the signed-in account, audited if the job is one of the
 * account's structures (the row names the job's own structure and patient); answers what was
 * written with the job's stamp (services/jobEditor/jobStamp.ts), or undefined — nothing written —
 * for a job the account may not see. One grouped statement does both (auditGroup.ts).
 */
export function auditJobRead(
  ctx: Pick<AppContext, 'database'>,
  auth: Auth,
  jobId: number,
  action: string,
  ip: string | null,
): Promise<AuditedJobRead | undefined> {
  const row = auditRowOf({
    action,
    outcome: 'success',
    userId: auth.userId,
    accountId: auth.accountId,
    jobId,
    ip,
  });
  return auditGroupOf(ctx.database).readJob(row, scopeIds(auth.scope));
}
