import type { SaveFormat } from '@quill/core';
import type { AppContext } from '../../context.js';
import type { jobs } from '../../db/schema/index.js';
import { type AuditEntry, recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import { markJobsViewed } from './markJobsViewed.js';

/** How a document left the server: the call that served it. */
export type DownloadVia = 'preview' | 'download' | 'rtf' | 'copies' | 'zip';

/**
 * After the documents of a download call are ready: marks each job viewed in that format for the
 * account (PDF or RTF: the list's markers; the CDA's XML marks nothing), and writes one `document.download` audit row per job (ids, format and how; never patient
 * data) — ARCHITECTURE §5.
 */
export async function recordDocumentDownloads(
  ctx: AppContext,
  auth: Auth,
  served: readonly (typeof jobs.$inferSelect)[],
  how: { format: SaveFormat; via: DownloadVia; ip: string | null; detail?: Record<number, object> },
): Promise<void> {
  const entries: AuditEntry[] = served.map((job) => ({
    action: 'document.download',
    outcome: 'success',
    userId: auth.userId,
    accountId: auth.accountId,
    corporateStructureId: job.corporateStructureId,
    jobId: job.id,
    patientId: job.patientId,
    ip: how.ip,
    detail: { format: how.format, via: how.via, ...(how.detail?.[job.id] ?? {}) },
  }));
  // Independent writes: on PostgreSQL they overlap on the pool.
  await Promise.all([
    auth.accountId === null || how.format === 'xml'
      ? null
      : markJobsViewed(
          ctx,
          auth.accountId,
          served.map((j) => j.id),
          how.format,
        ),
    ...entries.map((entry) => recordAudit(ctx, entry)),
  ]);
}
