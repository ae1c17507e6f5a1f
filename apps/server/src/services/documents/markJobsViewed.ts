import type { DocumentFormat } from '@quill/core';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { jobViews } from '../../db/schema/index.js';

/**
 * Marks jobs as viewed as PDF or RTF by an account (the list's green PDF/RTF buttons, spec 01 §2):
 * one job_views row per account and job, upserted; the first view's time is kept.
 */
export async function markJobsViewed(
  ctx: Pick<AppContext, 'database'>,
  accountId: number,
  jobIds: readonly number[],
  format: DocumentFormat,
): Promise<void> {
  const unique = [...new Set(jobIds)];
  if (!unique.length) return;
  const now = new Date();
  const db = ctx.database.db;
  const conflict = { target: [jobViews.accountId, jobViews.jobId] };
  if (format === 'pdf') {
    await db
      .insert(jobViews)
      .values(unique.map((jobId) => ({ jobId, accountId, pdfViewedAt: now })))
      .onConflictDoUpdate({
        ...conflict,
        set: { pdfViewedAt: sql`coalesce(${jobViews.pdfViewedAt}, excluded.pdf_viewed_at)` },
      });
  } else {
    await db
      .insert(jobViews)
      .values(unique.map((jobId) => ({ jobId, accountId, rtfViewedAt: now })))
      .onConflictDoUpdate({
        ...conflict,
        set: { rtfViewedAt: sql`coalesce(${jobViews.rtfViewedAt}, excluded.rtf_viewed_at)` },
      });
  }
}
