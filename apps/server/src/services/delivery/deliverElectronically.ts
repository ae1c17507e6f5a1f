import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { distributions } from '../../db/schema/index.js';
import { documentVersions } from '../../db/schema/index.js';
import { sharedDistributedPdf } from '../documents/distributionCopies.js';
import { renderJobDocument } from '../documents/renderJobDocument.js';
import { deliveryContact } from './deliveryContact.js';
import type { ElectronicTransport } from './transports/electronicTransport.js';

type Delivery = typeof distributions.$inferSelect;

/** The job's newest document (not a draft): its format and whether it is an addendum (issue 43). */
async function newestDocument(ctx: AppContext, jobId: number) {
  const rows = await ctx.database.db
    .select({
      format: documentVersions.format,
      version: documentVersions.version,
      isDraft: documentVersions.isDraft,
      addendumOfVersion: documentVersions.addendumOfVersion,
    })
    .from(documentVersions)
    .where(eq(documentVersions.jobId, jobId));
  return rows.filter((r) => !r.isDraft).sort((a, b) => b.version - a.version)[0];
}

/**
 * One try at an electronic delivery: the stored CDA (byte for byte, when the job has one) and the
 * distributed PDF to the electronic transport (an addendum marked as such), at most once per key
 * (the transport is asked first). Answers the transport's reference; throws what failed.
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
  const newest = await newestDocument(ctx, d.jobId);
  const cda = newest?.format === 'CDA' ? (await renderJobDocument(ctx, d.jobId, 'xml')).bytes : null;
  const pdf = await sharedDistributedPdf(ctx, d.jobId, { preliminary: d.preliminary });
  const { reference } = await transport.send({
    key,
    deliveryId: d.id,
    jobId: d.jobId,
    recipientName: contact?.name ?? '',
    preliminary: d.preliminary,
    addendumOfVersion: newest?.addendumOfVersion ?? null,
    cda,
    pdf,
  });
  return reference;
}
