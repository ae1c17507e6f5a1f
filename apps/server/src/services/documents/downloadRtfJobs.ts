import type { AppContext } from '../../context.js';
import { joinRtfCopies } from '../../documents/rtf/joinRtfCopies.js';
import type { Auth } from '../auth/auth.js';
import type { DocumentFile } from './downloadJobDocument.js';
import { recordDocumentDownloads } from './recordDocumentDownloads.js';
import { renderJobDocument } from './renderJobDocument.js';
import { requireDocuments } from './requireDocuments.js';

/**
 * GET /api/file/downloadrtf?jobIds=… (spec 01 §7 "several RTFs, new tab"): one job answers its RTF
 * (`Job-{id}.rtf`); several answer one RTF (`Jobs.rtf`) with the jobs one after another, each
 * starting on a new page — one file a browser tab can open, where a zip could only be saved
 * (docs/decisions.md). Every job is checked before anything is rendered.
 */
export async function downloadRtfJobs(
  ctx: AppContext,
  auth: Auth,
  req: { jobIds: readonly number[]; ip: string | null },
): Promise<DocumentFile> {
  const found = await requireDocuments(ctx, auth, req.jobIds);
  const docs = [];
  for (const job of found) docs.push(await renderJobDocument(ctx, job.id, 'rtf'));
  const bytes =
    docs.length === 1
      ? docs[0]!.bytes
      : joinRtfCopies(
          docs.map((d) => ({ rtf: d.bytes, cover: null })),
          { duplex: false },
        );
  await recordDocumentDownloads(ctx, auth, found, { format: 'rtf', via: 'rtf', ip: req.ip });
  return {
    bytes,
    contentType: 'application/rtf',
    fileName: found.length === 1 ? `Job-${found[0]!.id}.rtf` : 'Jobs.rtf',
  };
}
