import {
  AUDIT_TRAIL,
  type AuditTrail,
  type AuditTrailRow,
  auditEntryText,
  auditOutcomeText,
} from '@quill/core';
import { count, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { accounts, auditLog, users } from '../../db/schema/index.js';
import type { Auth } from '../auth/auth.js';
import { requireJob } from '../tenantScope/requireJob.js';
import { auditJob } from './auditJob.js';

type Ctx = Pick<AppContext, 'database'>;

/** The rows of a job's trail, newest first, in words. Scope-checked by the callers. */
export async function jobAuditRows(
  ctx: Ctx,
  jobId: number,
  limit: number,
  offset = 0,
): Promise<AuditTrailRow[]> {
  const rows = await ctx.database.db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      user: users.displayName,
      account: accounts.member,
      action: auditLog.action,
      outcome: auditLog.outcome,
      ip: auditLog.ip,
      detail: auditLog.detail,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .leftJoin(accounts, eq(accounts.id, auditLog.accountId))
    .where(eq(auditLog.jobId, jobId))
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ detail, ...r }) => ({
    ...r,
    at: r.at.toISOString(),
    what: auditEntryText(r.action, detail),
    outcomeText: auditOutcomeText(r.outcome),
  }));
}

/**
 * GET /api/job/audittrail (issue 23): one page of the job's audit trail — every read, change and
 * refused attempt recorded about it, another tenant's attempts included — newest first. Reading
 * the trail is itself audited.
 */
export async function getJobAuditTrail(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  page: number,
  ip: string | null,
): Promise<AuditTrail> {
  const job = await requireJob(ctx, auth.scope, jobId);
  const pageSize = AUDIT_TRAIL.pageSize;
  const [all] = await ctx.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.jobId, jobId));
  const rows = await jobAuditRows(ctx, jobId, pageSize, (page - 1) * pageSize);
  await auditJob(ctx, auth, job, 'job.audit.read', ip, { page, rows: rows.length });
  return { jobId, page, pageSize, total: all?.n ?? 0, rows };
}
