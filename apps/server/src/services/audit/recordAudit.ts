import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import { type AuditRow, auditGroupOf } from './auditGroup.js';

/**
 * How an audited call ended: done, failed, refused (403), not found or another tenant's (404 —
 * the trail tells what the caller is never told), throttled, or a session that had expired.
 */
export type AuditOutcome = 'success' | 'failure' | 'denied' | 'notFound' | 'throttled' | 'expired';

/** One audit row (ARCHITECTURE §5). `detail` holds ids and counts only, never patient data. */
export interface AuditEntry {
  action: string;
  outcome: AuditOutcome;
  userId?: number | null;
  accountId?: number | null;
  corporateStructureId?: number | null;
  jobId?: number | null;
  patientId?: number | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
}

/** The row an entry is written as. */
export function auditRowOf(entry: AuditEntry): AuditRow {
  return {
    action: entry.action,
    outcome: entry.outcome,
    userId: entry.userId ?? null,
    accountId: entry.accountId ?? null,
    corporateStructureId: entry.corporateStructureId ?? null,
    jobId: entry.jobId ?? null,
    patientId: entry.patientId ?? null,
    ip: entry.ip ?? null,
    detail: entry.detail ?? {},
  };
}

/**
 * Appends an audit row; in `db` (the caller's transaction) when it must commit with the work it
 * records, otherwise grouped with the other calls' rows (auditGroup.ts). Either way the
 * promise settles once the row is committed.
 */
export async function recordAudit(
  ctx: Pick<AppContext, 'database'>,
  entry: AuditEntry,
  db?: Db,
): Promise<void> {
  const row = auditRowOf(entry);
  if (db && db !== ctx.database.db) await db.insert(auditLog).values(row);
  else await auditGroupOf(ctx.database).add(row);
}
