import { buildDocumentMessage, documentMessageType, message, type OutboundInterface } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { jobs } from '../../db/schema/index.js';
import type {
  ElectronicMessage,
  ElectronicTransport,
} from '../../services/delivery/transports/electronicTransport.js';
import { PermanentFaxError } from '../../services/fax/transports/faxTransport.js';
import { documentMessageFacts } from './documentMessageFacts.js';
import {
  markOutboundSent,
  type OutboundMessage,
  outboundMessageOf,
  queueOutboundMessage,
  recordOutboundAnswer,
  requeueOutboundMessage,
} from './outboundMessages.js';
import { sendOverMllp } from './sendOverMllp.js';

/** The outbound interface that addresses a client facility, and the facility's name in MSH-4. */
function routeOf(interfaces: readonly OutboundInterface[], clientFacilityId: number) {
  for (const iface of interfaces) {
    const mapped = iface.facilities.find((f) => f.clientFacilityId === clientFacilityId);
    if (mapped) return { iface, hl7Facility: mapped.hl7Facility };
  }
  return null;
}

const referenceOf = (row: Pick<OutboundMessage, 'interfaceName' | 'controlId'>) =>
  `hl7:${row.interfaceName}/${row.controlId}`;

/**
 * MSH-10 of a delivery's message: derived from the delivery (the same on every try and after a
 * crash, so a receiver recognises a resend), at most 20 characters as HL7 v2.5.1 allows.
 */
export const controlIdOf = (deliveryId: number) => `QD${deliveryId}`;

/**
 * Electronic deliveries over the outbound HL7 interfaces (issue 44): a job whose client facility an
 * outbound interface maps leaves as MDM (or ORU) over MLLP; any other keeps `fallback` (the outbox).
 *
 * Once per delivery key: the message is built and stored in the message log (queued, its bytes a
 * blob) before it leaves, then marked sent, then acknowledged or failed by the receiver's answer.
 * A try that finds the key's message acknowledged sends nothing; one that finds it queued or sent
 * (a crash between the send and the record of the ACK) sends the stored bytes again — the same
 * MSH-10, never a second message; one that finds it failed (AE/AR, no ACK) builds it again from
 * the job as it is now, under the same row and control id (so does one a manager marked handled). Not acknowledged → the try throws, and
 * the delivery task retries with back-off until its last try records the failure.
 */
export function mllpElectronicTransport(
  ctx: AppContext,
  interfaces: readonly OutboundInterface[],
  fallback: ElectronicTransport,
): ElectronicTransport {
  const { db } = ctx.database;

  async function build(
    iface: OutboundInterface,
    hl7Facility: string,
    m: ElectronicMessage,
    controlId: string,
  ) {
    const facts = await documentMessageFacts(ctx, iface, hl7Facility, {
      jobId: m.jobId,
      controlId,
      preliminary: m.preliminary,
      pdf: m.pdf,
    });
    const text = buildDocumentMessage(facts);
    const blob = await ctx.blobs.putContent(Buffer.from(text, 'utf8'), { prefix: 'hl7', extension: 'hl7' });
    return { blobKey: blob.key, messageType: documentMessageType(facts), patientId: facts.patientId };
  }

  return {
    name: 'hl7',
    async findDelivered(key) {
      const row = await outboundMessageOf(db, key);
      if (row) return row.status === 'acknowledged' ? referenceOf(row) : null;
      return fallback.findDelivered(key);
    },
    async send(m) {
      const [job] = await db
        .select({ cf: jobs.clientFacilityId, cs: jobs.corporateStructureId })
        .from(jobs)
        .where(eq(jobs.id, m.jobId));
      const route = job && routeOf(interfaces, job.cf);
      if (!route) return fallback.send(m);
      const { iface, hl7Facility } = route;
      if (iface.tls)
        throw new PermanentFaxError(message('delivery.hl7.tlsUnsupported', { name: iface.name }));

      let row = await outboundMessageOf(db, m.key);
      if (!row) {
        const controlId = controlIdOf(m.deliveryId);
        const built = await build(iface, hl7Facility, m, controlId);
        ({ row } = await queueOutboundMessage(db, {
          ...built,
          interfaceName: iface.name,
          controlId,
          facility: hl7Facility,
          dedupeKey: m.key,
          corporateStructureId: job.cs,
          clientFacilityId: job.cf,
          jobId: m.jobId,
          distributionId: m.deliveryId,
        }));
      } else if (row.status === 'failed' || row.status === 'handled') {
        const { blobKey, messageType } = await build(iface, hl7Facility, m, row.controlId);
        row = (await requeueOutboundMessage(db, row.id, { blobKey, messageType })) ?? row;
      }
      if (row.status === 'acknowledged') return { reference: referenceOf(row) };

      const text = (await ctx.blobs.get(row.blobKey)).toString('utf8');
      await markOutboundSent(db, row.id);
      const answer = await sendOverMllp(iface, text, row.controlId);
      await recordOutboundAnswer(db, row.id, answer);
      if (!answer.ok) throw new Error(answer.error ?? 'not acknowledged');
      return { reference: referenceOf(row) };
    },
  };
}
