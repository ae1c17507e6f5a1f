import type { InterfaceMessageRow } from '@quill/core';
import type { interfaceMessages } from '../../db/schema/index.js';

type Row = typeof interfaceMessages.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A message log row as the Interfaces screen lists it (no patient data). */
export function messageRow(r: Row): InterfaceMessageRow {
  return {
    id: r.id,
    interfaceName: r.interfaceName,
    direction: r.direction === 'out' ? 'out' : 'in',
    controlId: r.controlId,
    messageType: r.messageType,
    facility: r.facility,
    status: r.status,
    error: r.error,
    ackCode: r.ackCode,
    attempts: r.attempts,
    jobId: r.jobId,
    receivedAt: r.receivedAt.toISOString(),
    processedAt: iso(r.processedAt),
    handledAt: iso(r.handledAt),
  };
}
