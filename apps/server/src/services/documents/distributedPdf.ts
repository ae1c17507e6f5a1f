import { message } from '@quill/core';
import type { AppContext } from '../../context.js';
import type { SignatureFacts } from '../../documents/pdf/signPdf.js';
import { asBuffer } from '../../documents/pool/poolErrors.js';
import { signatureLines } from '../../documents/renderable.js';
import { pdfSigningCertificate } from './pdfSigningCertificate.js';
import { type RenderOptions, renderJobDocument } from './renderJobDocument.js';

/** A job's PDF as rendered for distribution, and what its PAdES signature says (null: not signed). */
export interface DistributablePdf {
  bytes: Buffer;
  signature: SignatureFacts | null;
}

/**
 * The job's current document as PDF for distribution (issue 43), not yet sealed: with Quill's
 * signature lines, or marked "Unsigned draft" / "Preliminary — not signed" (`preliminary`), and what
 * a PAdES signature of it would say when the author's live signature is on record (else null).
 * The caller has checked tenant access.
 */
export async function distributablePdf(
  ctx: AppContext,
  jobId: number,
  opts: RenderOptions = {},
): Promise<DistributablePdf> {
  const rendered = await renderJobDocument(ctx, jobId, 'pdf', opts);
  return { bytes: rendered.bytes, signature: padesFacts(rendered) };
}

/** What the PAdES signature of a rendered document says: its author's signature, else null (unsigned). */
export function padesFacts(rendered: Awaited<ReturnType<typeof renderJobDocument>>): SignatureFacts | null {
  const author = rendered.signatures.find((s) => s.meaning === 'author');
  if (!author || !rendered.facts) return null;
  return {
    name: author.name,
    reason: signatureLines(rendered.facts).join('; '),
    location: rendered.facts.facility ?? '',
    contactInfo: rendered.facts.facility ?? '',
    signedAt: new Date(),
  };
}

/**
 * A distributed PDF sealed with a PAdES signature (documents/pdf/signPdf.ts) made with the
 * facility's or Quill's certificate (pdfSigningCertificate), on a document thread: a reader reports it valid and the
 * document unmodified, or modified once any byte changes.
 */
export async function sealPdf(ctx: AppContext, bytes: Buffer, signature: SignatureFacts): Promise<Buffer> {
  const certificate = await pdfSigningCertificate(ctx);
  // On a document thread (documents/pool): the signing is JavaScript, too long for the event loop.
  return asBuffer(await ctx.documents.run('signPdf', { pdf: bytes, certificate, facts: signature }));
}

/** The PAdES facts of one PDF carrying several signed documents (a fax of several jobs). */
export function severalSignatures(signatures: SignatureFacts[]): SignatureFacts {
  if (signatures.length === 1) return signatures[0]!;
  return {
    name: [...new Set(signatures.map((s) => s.name))].join(', '),
    reason: message('documents.render.padesSeveral', { count: signatures.length }),
    location: signatures[0]?.location ?? '',
    contactInfo: signatures[0]?.contactInfo ?? '',
    signedAt: new Date(),
  };
}

/**
 * The PDF a delivery sends of a job (issue 43): its current document rendered, signed with PAdES
 * when the job has a live author signature, else as rendered — marked "Unsigned draft", or
 * "Preliminary — not signed" for a pre-sign copy (`preliminary`). The caller has checked tenant
 * access and audits the delivery.
 */
export async function distributedPdf(
  ctx: AppContext,
  jobId: number,
  opts: { preliminary?: boolean } = {},
): Promise<Buffer> {
  const pdf = await distributablePdf(ctx, jobId, opts);
  return pdf.signature ? sealPdf(ctx, pdf.bytes, pdf.signature) : pdf.bytes;
}
