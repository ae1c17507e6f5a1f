import { personDisplayName } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { clientFacilities, jobs, physicians } from '../../db/schema/index.js';
import { buildCoverSheet } from '../../documents/pdf/coverSheet.js';
import { mergePdfs } from '../../documents/pdf/mergePdfs.js';
import { renderJobDocument } from '../documents/renderJobDocument.js';

/**
 * The fax as one PDF: a cover sheet naming the recipient, the sending client facility and the page
 * count (cover included), then each job's document in the order asked. The cover sheet carries no
 * patient name (whoever stands at the receiving machine reads it); with a single job it names the
 * dictator. Throws the renderer's 404 when a job has no document.
 */
export async function buildFaxDocument(
  ctx: AppContext,
  fax: { recipientName: string; faxNumber: string; jobIds: number[] },
): Promise<{ bytes: Buffer; pages: number }> {
  const parts: Buffer[] = [];
  for (const jobId of fax.jobIds) parts.push((await renderJobDocument(ctx, jobId, 'pdf')).bytes);
  const documents = await mergePdfs(parts);

  const firstJobId = fax.jobIds[0]!;
  const [first] = await ctx.database.db
    .select({ facility: clientFacilities.name, timeZone: clientFacilities.timeZone, dictator: physicians })
    .from(jobs)
    .innerJoin(clientFacilities, eq(clientFacilities.id, jobs.clientFacilityId))
    .leftJoin(physicians, eq(physicians.id, jobs.dictatorId))
    .where(eq(jobs.id, firstJobId));
  const cover = await buildCoverSheet({
    recipient: fax.recipientName,
    jobId: firstJobId,
    patientName: null,
    dictatorName: fax.jobIds.length === 1 && first?.dictator ? personDisplayName(first.dictator) : null,
    from: first?.facility ?? undefined,
    pages: documents.pages + 1,
    faxNumber: fax.faxNumber,
    timeZone: first?.timeZone ?? undefined,
  });
  return mergePdfs([cover, documents.bytes]);
}
