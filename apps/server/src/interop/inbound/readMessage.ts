import { Hl7Message } from '@medplum/core';
import { controlCharacterAt, HL7_INBOUND_LIMITS, message } from '@quill/core';

/** The header facts of a message (MSH), as far as they could be read. */
export interface MessageHeader {
  /** MSH-10. */
  controlId: string;
  /** MSH-9 as "TYPE^EVENT". */
  messageType: string;
  /** MSH-4's namespace id (its first component). */
  facility: string;
  /** MSH-4 whole (namespace id ^ universal id ^ its type). */
  sendingFacility: string;
  /** MSH's line as sent (the ACK answers its sender, application and version). */
  msh: string;
}

export type ReadMessage =
  | { ok: true; header: MessageHeader; message: Hl7Message }
  /** Not readable: the reason in words, and the header as far as a plain split could read it. */
  | { ok: false; header: MessageHeader; reason: string };

/** MSH's fields by a plain split of its first line (for the ACK of a message that is not read). */
function plainHeader(text: string): MessageHeader {
  const line = text.split(/\r\n|\r|\n/, 1)[0] ?? '';
  if (!line.startsWith('MSH') || line.length < 8)
    return { controlId: '', messageType: '', facility: '', sendingFacility: '', msh: '' };
  const sep = line[3]!;
  const component = line[4]!;
  // MSH-1 is the separator itself: field n is at split index n - 1.
  const fields = line.split(sep);
  const first = (n: number) => (fields[n - 1] ?? '').split(component)[0]!.trim();
  const type = (fields[8] ?? '').split(component);
  return {
    controlId: (fields[9] ?? '').trim(),
    messageType: type[1] ? `${type[0]}^${type[1]}` : (type[0] ?? ''),
    facility: first(4),
    sendingFacility: (fields[3] ?? '').trim(),
    msh: line,
  };
}

/**
 * Reads one message's bytes (between MLLP's start and end blocks) within HL7_INBOUND_LIMITS: UTF-8
 * text with no control character but CR, LF and TAB, at most maxSegments segments, starting with
 * MSH, with a control id (MSH-10) and a type (MSH-9). Segments may end in CR, LF or CRLF.
 */
export function readMessage(raw: Buffer): ReadMessage {
  const text = raw.toString('utf8');
  const header = plainHeader(text);
  const fail = (reason: string): ReadMessage => ({ ok: false, header, reason });
  if (raw.length > HL7_INBOUND_LIMITS.maxMessageBytes)
    return fail(message('hl7In.tooLarge', { max: HL7_INBOUND_LIMITS.maxMessageBytes }));
  const at = controlCharacterAt(text);
  if (at >= 0) return fail(message('hl7In.controlCharacter', { at }));
  const lines = text.split(/\r\n|\r|\n/).filter((l) => l.trim() !== '');
  if (lines.length > HL7_INBOUND_LIMITS.maxSegments)
    return fail(message('hl7In.tooManySegments', { max: HL7_INBOUND_LIMITS.maxSegments }));
  if (!lines[0]?.startsWith('MSH') || lines[0].length < 8) return fail(message('hl7In.unreadable'));
  let parsed: Hl7Message;
  try {
    parsed = Hl7Message.parse(lines.join('\r'));
  } catch {
    return fail(message('hl7In.unreadable'));
  }
  if (!header.controlId) return fail(message('hl7In.noControlId'));
  if (!header.messageType.includes('^')) return fail(message('hl7In.noType'));
  return { ok: true, header, message: parsed };
}
