import type { SaveFormat } from '@quill/core';
import type { AppContext } from '../../context.js';
import type { Auth } from '../auth/auth.js';
import { requireJob } from '../tenantScope/requireJob.js';
import { type DownloadVia, recordDocumentDownloads } from './recordDocumentDownloads.js';
import { renderJobDocument } from './renderJobDocument.js';

/** A file a download call answers with. */
export interface DocumentFile {
  bytes: Buffer;
  contentType: string;
  fileName: string;
}

/**
 * GET /api/file/download/{jobId}.pdf (print preview) and /api/file/Download/{jobId}.{format}
 * (spec 01 §7 "Documents and audio"): one job's current document as PDF or RTF, or its stored CDA
 * as XML (issue 25), named `Job-{jobId}.{format}`. Another tenant's job is 404 before anything is
 * rendered; the download marks the job viewed in that format (PDF, RTF) and is audited.
 */
export async function downloadJobDocument(
  ctx: AppContext,
  auth: Auth,
  req: { jobId: number; format: SaveFormat; via: DownloadVia; ip: string | null },
): Promise<DocumentFile> {
  const job = await requireJob(ctx, auth.scope, req.jobId);
  const rendered = await renderJobDocument(ctx, job.id, req.format);
  await recordDocumentDownloads(ctx, auth, [job], { format: req.format, via: req.via, ip: req.ip });
  return {
    bytes: rendered.bytes,
    contentType: rendered.contentType,
    fileName: `Job-${job.id}.${rendered.extension}`,
  };
}
