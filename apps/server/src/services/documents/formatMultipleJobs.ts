import { type CopyType, type DocumentFormat, message } from '@quill/core';
import type { AppContext } from '../../context.js';
import { buildCoverSheets, type CoverSheetInfo } from '../../documents/pdf/coverSheet.js';
import { countPdfPages, PdfAssembler } from '../../documents/pdf/mergePdfs.js';
import { joinRtfCopies } from '../../documents/rtf/joinRtfCopies.js';
import { isDomainError, notFound, unprocessable } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/auth.js';
import { requireJobs } from '../tenantScope/requireJobs.js';
import type { DocumentFile } from './downloadJobDocument.js';
import { type JobCopyPlan, planJobCopies } from './planJobCopies.js';
import { recordDocumentDownloads } from './recordDocumentDownloads.js';
import { type RenderedDocument, renderJobDocument } from './renderJobDocument.js';
import { requireHaveDocuments } from './requireDocuments.js';

/** What FormatMultiplePdfJobs was asked for. */
export interface FormatMultipleRequest {
  jobIds: readonly number[];
  copyType: CopyType;
  duplex: boolean;
  coverSheet: boolean;
  format: DocumentFormat;
  ip: string | null;
}

/** A plan with its rendered document (only jobs that print at least one copy). */
interface RenderedPlan extends JobCopyPlan {
  doc: RenderedDocument;
}

async function renderPlans(ctx: AppContext, plans: JobCopyPlan[], format: DocumentFormat) {
  const rendered: RenderedPlan[] = [];
  for (const plan of plans) {
    try {
      rendered.push({ ...plan, doc: await renderJobDocument(ctx, plan.job.id, format) });
    } catch (err) {
      if (isDomainError(err, 'notFound')) {
        throw notFound(message('documents.viewer.notFound'));
      }
      throw err;
    }
  }
  return rendered;
}

async function assemblePdf(plans: RenderedPlan[], req: FormatMultipleRequest): Promise<Buffer> {
  const pages = await Promise.all(plans.map((p) => countPdfPages(p.doc.bytes)));
  const sheets: CoverSheetInfo[] = [];
  if (req.coverSheet) {
    plans.forEach((p, i) => {
      for (const copy of p.copies)
        sheets.push({ ...p.cover, recipient: copy.recipient, pages: pages[i]! + 1 });
    });
  }
  const sheetPdf = sheets.length ? await buildCoverSheets(sheets) : null;
  const out = await PdfAssembler.create();
  let sheet = 0;
  for (const plan of plans) {
    for (const _copy of plan.copies) {
      if (sheetPdf) await out.append(sheetPdf, [sheet++]);
      await out.append(plan.doc.bytes);
      out.endCopy(req.duplex);
    }
  }
  return out.toBuffer(message('documents.copiesTitle', { jobIds: plans.map((p) => p.job.id).join(', ') }));
}

/**
 * GET /api/file/FormatMultiplePdfJobs/{copiesOption}/{duplex}/{coverSheet}?jobIds=…[&format=rtf]
 * (spec 01 §5, §7): per job, in the order asked, the copies its copy type gives (rules/jobList/copies),
 * each copy optionally behind a cover sheet naming its recipient ("File copy" for the single
 * copy); with duplex every copy starts on a front side. One PDF (or one RTF: the same copies as
 * sections, see docs/decisions.md). Every job is tenant-checked first (404); when no job gives a
 * copy the answer is 422 "No copies"; a job that gives copies but has no document is 404
 * "Document not found". Jobs that printed are marked viewed and audited.
 */
export async function formatMultipleJobs(
  ctx: AppContext,
  auth: Auth,
  req: FormatMultipleRequest,
): Promise<DocumentFile> {
  const found = await requireJobs(ctx, auth.scope, req.jobIds);
  const plans = (await planJobCopies(ctx, auth, found, req.copyType)).filter((p) => p.copies.length > 0);
  if (!plans.length) throw unprocessable(message('documents.viewer.noCopies'));
  await requireHaveDocuments(
    ctx,
    plans.map((p) => p.job),
    { notFoundMessage: () => message('documents.viewer.notFound') },
  );
  const rendered = await renderPlans(ctx, plans, req.format);
  const bytes =
    req.format === 'pdf'
      ? await assemblePdf(rendered, req)
      : joinRtfCopies(
          rendered.flatMap((p) =>
            p.copies.map((c) => ({
              rtf: p.doc.bytes,
              cover: req.coverSheet ? { ...p.cover, recipient: c.recipient } : null,
            })),
          ),
          { duplex: req.duplex },
        );
  await recordDocumentDownloads(
    ctx,
    auth,
    rendered.map((p) => p.job),
    {
      format: req.format,
      via: 'copies',
      ip: req.ip,
      detail: Object.fromEntries(
        rendered.map((p) => [
          p.job.id,
          { copies: p.copies.length, copyType: req.copyType, duplex: req.duplex, coverSheet: req.coverSheet },
        ]),
      ),
    },
  );
  const single = rendered.length === 1 ? rendered[0]!.job.id : null;
  return {
    bytes,
    contentType: req.format === 'pdf' ? 'application/pdf' : 'application/rtf',
    fileName: single ? `Job-${single}.${req.format}` : `Jobs.${req.format}`,
  };
}
