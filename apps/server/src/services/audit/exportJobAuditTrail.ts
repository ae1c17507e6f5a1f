import { AUDIT_TRAIL, csvField, message } from '@quill/core';
import type { AppContext } from '../../context.js';
import type { Auth } from '../auth/auth.js';
import { requireJob } from '../tenantScope/requireJob.js';
import { auditJob } from './auditJob.js';
import { jobAuditRows } from './getJobAuditTrail.js';

const HEADINGS = ['when', 'who', 'what', 'outcome', 'from'] as const;

/**
 * GET /api/file/AuditTrail/{jobId} (issue 23): the job's trail as CSV, newest first (at most
 * AUDIT_TRAIL.exportMaxRows rows), every text cell formula-safe. The export is audited.
 */
export async function exportJobAuditTrail(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  ip: string | null,
): Promise<{ fileName: string; csv: string }> {
  const job = await requireJob(ctx, auth.scope, jobId);
  const rows = await jobAuditRows(ctx, jobId, AUDIT_TRAIL.exportMaxRows);
  const lines = [
    HEADINGS.map((h) => csvField(message(`auditTrail.${h}`))).join(','),
    ...rows.map((r) =>
      [
        r.at,
        [r.user ?? message('auditTrail.system'), r.account].filter(Boolean).join(' — '),
        r.what,
        r.outcomeText,
        r.ip,
      ]
        .map(csvField)
        .join(','),
    ),
  ];
  await auditJob(ctx, auth, job, 'job.audit.export', ip, { rows: rows.length });
  return { fileName: message('auditTrail.fileName', { jobId }), csv: `${lines.join('\r\n')}\r\n` };
}
