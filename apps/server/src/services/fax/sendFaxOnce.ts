import type { AppContext } from '../../context.js';
import { isDomainError } from '../../errors/domainErrors.js';
import { buildFaxDocument } from './buildFaxDocument.js';
import { type FaxTransport, PermanentFaxError } from './transports/faxTransport.js';

/** An error's message, short, for the record and the distribution error (no stack, no patient data). */
export function reasonOf(err: unknown): string {
  return ((err as Error)?.message || 'unknown error').split('\n')[0]!.slice(0, 300);
}

/**
 * A failure no retry can fix: the fax line said so, or a job or its document is gone or cannot be
 * read. Anything else (a dependency down, a timeout, a database error) may pass and is retried.
 */
export function isPermanent(err: unknown): boolean {
  return (
    err instanceof PermanentFaxError || isDomainError(err, 'notFound') || isDomainError(err, 'unprocessable')
  );
}

/** What a fax record says about the fax to send. */
export interface FaxToSend {
  id: number;
  idempotencyKey: string;
  recipientName: string;
  faxNumber: string;
  jobIds: number[];
  /** Preliminary copies (pre-sign distribution): the distributed PDF says so. */
  preliminary?: boolean;
}

/**
 * Hands one fax to the transport at most once per key: the transport is asked first whether this
 * key was delivered before (a crash between delivering and recording), and only when it was not is
 * the PDF built (cover sheet first) and sent. Answers the transport's reference and whether it was
 * an earlier delivery; throws what the transport or the renderer threw. Used by the list's fax
 * (deliverFax.ts) and automatic distribution (services/delivery).
 */
export async function sendFaxOnce(
  ctx: AppContext,
  fax: FaxToSend,
  transport: FaxTransport,
): Promise<{ reference: string; repeated: boolean }> {
  const earlier = await transport.findDelivered(fax.idempotencyKey);
  if (earlier) return { reference: earlier, repeated: true };
  const pdf = await buildFaxDocument(ctx, fax);
  const { reference } = await transport.send({
    key: fax.idempotencyKey,
    faxRecordId: fax.id,
    faxNumber: fax.faxNumber,
    recipientName: fax.recipientName,
    pdf: pdf.bytes,
    pages: pdf.pages,
    jobIds: fax.jobIds,
  });
  return { reference, repeated: false };
}
