import { createHash } from 'node:crypto';
import { acceptsMessageType, HL7_EVENTS, type InboundInterface, message } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { clientFacilities, interfaceMessages } from '../../db/schema/index.js';
import { recordAudit } from '../../services/audit/recordAudit.js';
import { type InterfaceMessage, markMessage, recordInbound } from '../log/recordMessage.js';
import { type AckCode, buildAck, type Hl7ErrorCode } from './ack.js';
import { type Applied, applyMessage } from './applyMessage.js';
import { ApplyRefused } from './applyRefused.js';
import { KeyedQueue } from './keyedQueue.js';
import { type MessageHeader, readMessage } from './readMessage.js';
import { refreshJobFlags } from './refreshJobFlags.js';

/** What a received message came to: the ACK to send and its logged row. */
export interface Received {
  ack: string;
  ackCode: AckCode;
  messageId: number;
}

/** One sending facility's messages are applied one at a time, in arrival order (a resend too). */
export const facilityQueue = new KeyedQueue();

const ackCodeOf = (row: InterfaceMessage): AckCode => (row.ackCode as AckCode | null) ?? 'AE';

/**
 * A message refused on arrival (unreadable, an unmapped facility or an unhandled type): logged
 * failed with its reason and answered AE (AR: `reject`). Its dedupe key is its control id's, or
 * for a message without one, its bytes' hash.
 */
async function refuse(
  ctx: AppContext,
  iface: InboundInterface,
  raw: Buffer,
  header: MessageHeader,
  refused: ApplyRefused,
): Promise<Received> {
  const code: AckCode = refused.reject ? 'AR' : 'AE';
  const ack = buildAck(header, code, { text: refused.reason, error: refused.error });
  const { row, duplicate } = await recordInbound(ctx, {
    interfaceName: iface.name,
    controlId: header.controlId.slice(0, 200),
    messageType: header.messageType.slice(0, 20) || '?',
    facility: header.facility.slice(0, 180) || null,
    dedupeKey: header.controlId
      ? `in:${iface.name}:${header.facility}:${header.controlId}`
      : `in:${iface.name}:unread:${createHash('sha256').update(raw).digest('hex')}`,
    raw,
    status: 'failed',
    error: refused.reason,
    ackCode: code,
    ack,
  });
  if (duplicate) return { ack: row.ack ?? ack, ackCode: ackCodeOf(row), messageId: row.id };
  await markMessage(ctx.database.db, row.id, { processedAt: new Date() });
  await recordAudit(ctx, {
    action: 'interface.message.apply',
    outcome: 'failure',
    detail: { messageId: row.id, interface: iface.name, reason: refused.error },
  });
  return { ack, ackCode: code, messageId: row.id };
}

/**
 * Applies a logged message still `received` (its first arrival, or a resend of one whose apply a
 * stop cut short), in one transaction with its row locked: applied (AA) with the patient and the
 * first job it touched, audited; or, when it cannot be applied (ApplyRefused), nothing of it is
 * kept and the row is failed with the reason (AE). Another error (the database gone) answers AE
 * and leaves it received, so a resend applies it. Then the changed jobs' hold-queue flags.
 */
export async function applyLogged(
  ctx: AppContext,
  row: InterfaceMessage,
  header: MessageHeader,
  parsed: Extract<ReturnType<typeof readMessage>, { ok: true }>['message'],
  facility: typeof clientFacilities.$inferSelect,
): Promise<Received> {
  const [type, event = ''] = header.messageType.split('^');
  const kind = HL7_EVENTS[`${type}^${event}`]!;
  let applied: Applied | null = null;
  try {
    const done = await ctx.database.db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(interfaceMessages)
        .where(eq(interfaceMessages.id, row.id))
        .for('update');
      if (locked?.status !== 'received') return locked ?? row;
      applied = await applyMessage(ctx, tx, facility, kind, event, parsed);
      const ack = buildAck(header, 'AA');
      await markMessage(tx, row.id, {
        status: 'applied',
        error: null,
        ackCode: 'AA',
        ack,
        patientId: applied.patientId,
        jobId: applied.jobIds[0] ?? null,
        processedAt: new Date(),
        attempt: true,
      });
      await recordAudit(
        ctx,
        {
          action: 'interface.message.apply',
          outcome: 'success',
          corporateStructureId: facility.corporateStructureId,
          patientId: applied.patientId,
          jobId: applied.jobIds[0] ?? null,
          detail: {
            messageId: row.id,
            interface: row.interfaceName,
            type: row.messageType,
            jobIds: applied.jobIds,
          },
        },
        tx,
      );
      return { ...locked, ack, ackCode: 'AA' };
    });
    if (applied) for (const jobId of (applied as Applied).jobIds) await refreshJobFlags(ctx, jobId);
    return { ack: done.ack ?? buildAck(header, 'AE'), ackCode: ackCodeOf(done), messageId: row.id };
  } catch (err) {
    if (!(err instanceof ApplyRefused)) {
      // Never the error's message: a database error can quote the message's values.
      ctx.log.error(
        { messageId: row.id, err: { name: (err as Error).name, code: (err as { code?: string }).code } },
        'interface message not applied',
      );
      const text = message('hl7In.applyFailed');
      await markMessage(ctx.database.db, row.id, { error: text, attempt: true });
      return { ack: buildAck(header, 'AE', { text, error: 'internal' }), ackCode: 'AE', messageId: row.id };
    }
    const code: AckCode = err.reject ? 'AR' : 'AE';
    const ack = buildAck(header, code, { text: err.reason, error: err.error });
    await markMessage(ctx.database.db, row.id, {
      status: 'failed',
      error: err.reason,
      ackCode: code,
      ack,
      processedAt: new Date(),
      attempt: true,
    });
    await recordAudit(ctx, {
      action: 'interface.message.apply',
      outcome: 'failure',
      corporateStructureId: facility.corporateStructureId,
      detail: { messageId: row.id, interface: row.interfaceName, type: row.messageType, reason: err.error },
    });
    return { ack, ackCode: code, messageId: row.id };
  }
}

/**
 * One message that came in on an inbound interface (issue 44), from its bytes to its ACK: read
 * within the limits (AE with the reason when it cannot be), its sending facility mapped (MSH-4 →
 * a client facility, AR when not) and its type handled (AR when not), then logged and COMMITTED
 * as received before anything else, and applied (applyLogged) after the messages of its facility
 * that came before it. A message whose dedupe key ("in:<interface>:<MSH-4>:<MSH-10>") is logged
 * already is answered with the first outcome and not applied again — unless the first never got
 * past received (a stop between the log and the apply): then it is applied now, once.
 */
export async function receiveMessage(
  ctx: AppContext,
  iface: InboundInterface,
  raw: Buffer,
): Promise<Received> {
  const read = readMessage(raw);
  const { header } = read;
  const refused = (reason: string, error: Hl7ErrorCode, reject: boolean) =>
    refuse(ctx, iface, raw, header, new ApplyRefused(reason, error, reject));
  if (!read.ok) return refused(read.reason, 'dataType', !header.controlId);
  const mapped = iface.facilities.find(
    (f) => f.hl7Facility === header.facility || f.hl7Facility === header.sendingFacility,
  );
  const names = { facility: header.facility, type: header.messageType, interface: iface.name };
  if (!mapped) return refused(message('hl7In.unknownFacility', names), 'unknownKey', true);
  if (!acceptsMessageType(iface.messageTypes, header.messageType) || !HL7_EVENTS[header.messageType])
    return refused(message('hl7In.typeNotHandled', names), 'unsupportedType', true);
  const [facility] = await ctx.database.db
    .select()
    .from(clientFacilities)
    .where(eq(clientFacilities.id, mapped.clientFacilityId));
  if (!facility)
    return refused(
      message('hl7In.facilityGone', { id: mapped.clientFacilityId, interface: iface.name }),
      'internal',
      false,
    );
  const where = { clientFacilityId: facility.id, corporateStructureId: facility.corporateStructureId };
  return facilityQueue.run(`${iface.name}:${header.facility}`, async () => {
    const { row, duplicate } = await recordInbound(ctx, {
      interfaceName: iface.name,
      controlId: header.controlId.slice(0, 200),
      messageType: header.messageType,
      facility: header.facility,
      dedupeKey: `in:${iface.name}:${header.facility}:${header.controlId}`,
      raw,
      ...where,
    });
    if (duplicate && row.status !== 'received')
      return { ack: row.ack ?? buildAck(header, 'AE'), ackCode: ackCodeOf(row), messageId: row.id };
    return applyLogged(ctx, row, header, read.message, facility);
  });
}
