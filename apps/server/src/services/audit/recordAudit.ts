import type { AppContext } from '../../context.js';
import { auditLog } from '../../db/schema/index.js';

/** One audit row (ARCHITECTURE §5). `detail` holds ids and counts only, never patient data. */
export interface AuditEntry {
  action: string;
  outcome: 'success' | 'failure' | 'denied' | 'throttled' | 'expired';
  userId?: number | null;
  accountId?: number | null;
  corporateStructureId?: number | null;
  jobId?: number | null;
  patientId?: number | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
}

/** Appends an audit row. */
export async function recordAudit(ctx: Pick<AppContext, 'database'>, entry: AuditEntry): Promise<void> {
  await ctx.database.db.insert(auditLog).values({
    action: entry.action,
    outcome: entry.outcome,
    userId: entry.userId ?? null,
    accountId: entry.accountId ?? null,
    corporateStructureId: entry.corporateStructureId ?? null,
    jobId: entry.jobId ?? null,
    patientId: entry.patientId ?? null,
    ip: entry.ip ?? null,
    detail: entry.detail ?? {},
  });
}
