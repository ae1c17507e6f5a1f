import type { MessageHeader } from './readMessage.js';

/** MSA-1 of an ACK: applied, not applied (error), refused (reject). */
export type AckCode = 'AA' | 'AE' | 'AR';

/** HL7 table 0357 codes an ERR segment names. */
export const HL7_ERROR = {
  requiredField: '101^Required field missing',
  dataType: '102^Data type error',
  unsupportedType: '200^Unsupported message type',
  unknownKey: '204^Unknown key identifier',
  internal: '207^Application internal error',
} as const;
export type Hl7ErrorCode = keyof typeof HL7_ERROR;

/** Text as an HL7 value: the separators escaped (\F\ \S\ \T\ \R\ \E\), line breaks as spaces. */
export function hl7Escape(text: string): string {
  return text
    .replace(/\\/g, '\\E\\')
    .replace(/\|/g, '\\F\\')
    .replace(/\^/g, '\\S\\')
    .replace(/&/g, '\\T\\')
    .replace(/~/g, '\\R\\')
    .replace(/[\r\n]+/g, ' ');
}

const stamp = (at: Date) => at.toISOString().replace(/[-:T]/g, '').slice(0, 14);

/**
 * The ACK of a message (HL7 v2.5.1 §2.9.2): MSH answering the sender (MSH-3/4 and 5/6 swapped,
 * ACK^<event>, its version), MSA with the code, the control id and the reason (MSA-3), and for
 * AE/AR an ERR naming the error (ERR-3, table 0357) and the reason (ERR-8). Segments end in CR.
 */
export function buildAck(
  header: MessageHeader,
  code: AckCode,
  reason?: { text: string; error: Hl7ErrorCode },
  at = new Date(),
): string {
  const f = header.msh ? header.msh.split(header.msh[3]!) : [];
  const field = (n: number) => hl7Escape(f[n - 1] ?? '');
  const event = header.messageType.split('^')[1] ?? '';
  const msh = [
    'MSH',
    '^~\\&',
    field(5) || 'QUILL',
    field(6) || 'QUILL',
    field(3),
    field(4),
    stamp(at),
    '',
    event ? `ACK^${hl7Escape(event)}^ACK` : 'ACK',
    `ACK${hl7Escape(header.controlId).slice(0, 17)}`,
    field(11) || 'P',
    field(12) || '2.5.1',
  ].join('|');
  const text = reason ? hl7Escape(reason.text) : '';
  const msa = ['MSA', code, hl7Escape(header.controlId), text].join('|');
  const segments = [msh, msa];
  if (reason && code !== 'AA') segments.push(`ERR|||${HL7_ERROR[reason.error]}^HL70357|E||||${text}`);
  return `${segments.join('\r')}\r`;
}
