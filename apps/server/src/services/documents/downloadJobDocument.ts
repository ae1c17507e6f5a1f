import type { SaveFormat } from '@quill/core';
import type { AppContext } from '../../context.js';
import type { Auth } from '../auth/auth.js';
import { requireJob } from '../tenantScope/requireJob.js';
import { padesFacts, sealPdf } from './distributedPdf.js';
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
 * as XML (issue 25) with Quill's signatures in its header, named `Job-{jobId}.{format}`; the PDF of
 * a signed job is PAdES-signed (issue 43). Another tenant's job is 404 before anything is
 * rendered; the download marks the job viewed in that format (PDF, RTF) and is audited.
 */
export async function downloadJobDocument(
  ctx: AppContext,
  auth: Auth,
  req: { jobId: number; format: SaveFormat; via: DownloadVia; ip: string | null },
): Promise<DocumentFile> {
  const job = await requireJob(ctx, auth.scope, req.jobId);
  const rendered = await renderJobDocument(ctx, job.id, req.format);
  // Issue 43: the PDF of a signed job carries its PAdES signature, as a distributed one does.
  const signature = req.format === 'pdf' ? padesFacts(rendered) : null;
  const bytes = signature ? await sealPdf(ctx, rendered.bytes, signature) : rendered.bytes;
  await recordDocumentDownloads(ctx, auth, [job], { format: req.format, via: req.via, ip: req.ip });
  return {
    bytes,
    contentType: rendered.contentType,
    fileName: `Job-${job.id}.${rendered.extension}`,
  };
}
