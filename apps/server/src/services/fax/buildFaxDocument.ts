import { personDisplayName } from '@quill/core';
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { clientFacilities, jobs, patients, physicians } from '../../db/schema/index.js';
import { buildCoverSheet } from '../../documents/pdf/coverSheet.js';
import { countPdfPages, mergePdfs } from '../../documents/pdf/mergePdfs.js';
import { sealPdf, severalSignatures } from '../documents/distributedPdf.js';
import { sharedDistributablePdf } from '../documents/distributionCopies.js';

/** The patient as the job list writes it ("Last, First"), or null for a job without one. */
const patientLabel = (p: { firstName: string; lastName: string } | null) =>
  p ? [p.lastName, p.firstName].filter((s) => s?.trim()).join(', ') || null : null;

/**
 * The fax as one PDF: a cover sheet naming the recipient, the sending client facility, the total
 * page count (cover included) and every job the fax carries with its patient and its page count
 * (issue 39: the clinician receiving it reads first whose documents these are), then each job's
 * document in the order asked (issue 43: with Quill's signature lines, or marked unsigned or
 * preliminary). With a single job it names the dictator too. When every job carries its author's
 * signature, the whole fax PDF — cover included — is sealed with a PAdES signature (copying pages
 * into one file would break each job's own; docs/decisions/documents.md). Throws the renderer's
 * 404 when a job has no document.
 */
export async function buildFaxDocument(
  ctx: AppContext,
  fax: { recipientName: string; faxNumber: string; jobIds: number[]; preliminary?: boolean },
): Promise<{ bytes: Buffer; pages: number }> {
  const rendered = [];
  for (const jobId of fax.jobIds)
    rendered.push(await sharedDistributablePdf(ctx, jobId, { preliminary: fax.preliminary ?? false }));
  const parts = rendered.map((r) => r.bytes);
  const pagesOf = await Promise.all(parts.map((p) => countPdfPages(p)));
  const documents = await mergePdfs(parts);

  const rows = await ctx.database.db
    .select({
      id: jobs.id,
      facility: clientFacilities.name,
      timeZone: clientFacilities.timeZone,
      dictator: physicians,
      patient: { firstName: patients.firstName, lastName: patients.lastName },
    })
    .from(jobs)
    .innerJoin(clientFacilities, eq(clientFacilities.id, jobs.clientFacilityId))
    .leftJoin(physicians, eq(physicians.id, jobs.dictatorId))
    .leftJoin(patients, eq(patients.id, jobs.patientId))
    .where(inArray(jobs.id, fax.jobIds));
  const first = rows.find((r) => r.id === fax.jobIds[0]);
  const cover = await buildCoverSheet({
    recipient: fax.recipientName,
    jobs: fax.jobIds.map((jobId, i) => ({
      jobId,
      patientName: patientLabel(rows.find((r) => r.id === jobId)?.patient ?? null),
      pages: pagesOf[i]!,
    })),
    dictatorName: fax.jobIds.length === 1 && first?.dictator ? personDisplayName(first.dictator) : null,
    from: first?.facility ?? undefined,
    pages: documents.pages + 1,
    faxNumber: fax.faxNumber,
    timeZone: first?.timeZone ?? undefined,
  });
  const merged = await mergePdfs([cover, documents.bytes]);
  const signatures = rendered.flatMap((r) => (r.signature ? [r.signature] : []));
  if (!signatures.length || signatures.length < rendered.length) return merged;
  return { bytes: await sealPdf(ctx, merged.bytes, severalSignatures(signatures)), pages: merged.pages };
}
