import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { distributions } from '../../db/schema/index.js';
import { documentVersions } from '../../db/schema/index.js';
import { sharedDistributedPdf } from '../documents/distributionCopies.js';
import { renderJobDocument } from '../documents/renderJobDocument.js';
import { deliveryContact } from './deliveryContact.js';
import type { ElectronicTransport } from './transports/electronicTransport.js';

type Delivery = typeof distributions.$inferSelect;

/** Whether the job's newest document is a CDA (a Word document has none to send). */
async function hasCda(ctx: AppContext, jobId: number): Promise<boolean> {
  const rows = await ctx.database.db
    .select({
      format: documentVersions.format,
      version: documentVersions.version,
      isDraft: documentVersions.isDraft,
    })
    .from(documentVersions)
    .where(eq(documentVersions.jobId, jobId));
  const newest = rows.filter((r) => !r.isDraft).sort((a, b) => b.version - a.version)[0];
  return newest?.format === 'CDA';
}

/**
 * One try at an electronic delivery: the stored CDA (byte for byte, when the job has one) and the
 * distributed PDF to the electronic transport, at most once per key (the transport is asked
 * first). Answers the transport's reference; throws what failed.
 */
export async function deliverElectronically(
  ctx: AppContext,
  d: Delivery,
  transport: ElectronicTransport,
): Promise<string> {
  const key = d.deliveryKey ?? `delivery-${d.id}`;
  const earlier = await transport.findDelivered(key);
  if (earlier) return earlier;
  const contact = await deliveryContact(ctx.database.db, d.recipientId, { showPatient: true });
  const cda = (await hasCda(ctx, d.jobId)) ? (await renderJobDocument(ctx, d.jobId, 'xml')).bytes : null;
  const pdf = await sharedDistributedPdf(ctx, d.jobId, { preliminary: d.preliminary });
  const { reference } = await transport.send({
    key,
    deliveryId: d.id,
    jobId: d.jobId,
    recipientName: contact?.name ?? '',
    preliminary: d.preliminary,
    cda,
    pdf,
  });
  return reference;
}
