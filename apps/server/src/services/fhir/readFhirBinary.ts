import { message } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { documentVersions, jobs } from '../../db/schema/index.js';
import { notFound } from '../../errors/domainErrors.js';
import { CDA_CONTENT_TYPE } from '../../interop/fhir/resources.js';
import { padesFacts, sealPdf } from '../documents/distributedPdf.js';
import { renderJobDocument } from '../documents/renderJobDocument.js';
import { notDraft } from '../jobEditor/currentDocument.js';
import { inScope } from '../tenantScope/inScope.js';
import { auditFhir, type FhirCaller, requireScope } from './fhirCaller.js';
import { recordId } from './fhirIds.js';

/**
 * GET Binary/pdf-{versionId} or Binary/cda-{versionId}: a document version the caller may read, as
 * the download renders it — the PDF with Quill's signature lines, PAdES-signed when its author
 * signed it, or the stored CDA with the signatures in its header. 404 for another structure's, a
 * Word document's CDA or an unknown id. Audited.
 */
export async function readFhirBinary(ctx: AppContext, caller: FhirCaller, id: string) {
  requireScope(caller, 'Binary');
  const m = /^(pdf|cda)-(.+)$/.exec(id);
  const missing = async () => {
    await auditFhir(ctx, caller, 'fhir.read', { type: 'Binary', ids: [id], outcome: 'notFound' });
    return notFound(message('fhir.notFound', { type: 'Binary', id }));
  };
  if (!m) throw await missing();
  const versionId = recordId(m[2]!);
  const [version] = await ctx.database.db
    .select({
      jobId: jobs.id,
      patientId: jobs.patientId,
      cs: jobs.corporateStructureId,
      format: documentVersions.format,
    })
    .from(documentVersions)
    .innerJoin(jobs, eq(jobs.id, documentVersions.jobId))
    .where(
      and(eq(documentVersions.id, versionId), notDraft, inScope(caller.scope, jobs.corporateStructureId)),
    );
  if (!version || (m[1] === 'cda' && version.format !== 'CDA')) throw await missing();
  const rendered = await renderJobDocument(ctx, version.jobId, m[1] === 'pdf' ? 'pdf' : 'xml', { versionId });
  const signature = m[1] === 'pdf' ? padesFacts(rendered) : null;
  const bytes = signature ? await sealPdf(ctx, rendered.bytes, signature) : rendered.bytes;
  await auditFhir(ctx, caller, 'fhir.read', {
    type: 'Binary',
    ids: [id],
    jobId: version.jobId,
    patientId: version.patientId,
    corporateStructureId: version.cs,
  });
  return { id, bytes, contentType: m[1] === 'pdf' ? rendered.contentType : CDA_CONTENT_TYPE };
}
