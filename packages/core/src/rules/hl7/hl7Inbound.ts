/**
 * Pure rules of the inbound HL7 v2 feed (issue 44): the limits a message is read within, the
 * events Quill applies and what each does, and HL7 times as the facility's wall clock.
 */

/** A message is read only within these bounds (larger or longer: refused, nothing applied). */
export const HL7_INBOUND_LIMITS = {
  /** Bytes between MLLP's start (VT) and end (FS CR) blocks. */
  maxMessageBytes: 1024 * 1024,
  maxSegments: 500,
} as const;

/** What an applied event does to the patient, visit and order records. */
export type Hl7EventKind =
  /** Adds or updates the patient and (PID-18 / PV1-19) the visit. */
  | 'visit'
  /** Same, then empties the visit's admit time (A11 cancel admit). */
  | 'cancelAdmit'
  /** Same, then empties the visit's discharge time (A13 cancel discharge). */
  | 'cancelDischarge'
  /** MRG-1's patient merges into PID-3's: its visits and jobs move (A40). */
  | 'merge'
  /** MRG-1's identifier becomes PID-3's on the same patient (A34, A47). */
  | 'identifier'
  /** The patient, visit and each ORC/OBR order (ORM^O01, OML^O21). */
  | 'orders';

/** The events applied, by "TYPE^EVENT" (MSH-9.1 ^ MSH-9.2). */
export const HL7_EVENTS: Readonly<Record<string, Hl7EventKind>> = {
  'ADT^A01': 'visit',
  'ADT^A02': 'visit',
  'ADT^A03': 'visit',
  'ADT^A04': 'visit',
  'ADT^A05': 'visit',
  'ADT^A08': 'visit',
  'ADT^A11': 'cancelAdmit',
  'ADT^A13': 'cancelDischarge',
  'ADT^A31': 'visit',
  'ADT^A40': 'merge',
  'ADT^A34': 'identifier',
  'ADT^A47': 'identifier',
  'ORM^O01': 'orders',
  'OML^O21': 'orders',
};

/** Whether an interface's configured types ("ADT^A08", or "ADT" for every event) take this one. */
export function acceptsMessageType(configured: readonly string[], type: string): boolean {
  const [kind] = type.split('^');
  return configured.some((c) => c === type || c === kind);
}

/**
 * The first character a message may not hold: a control character other than the segment
 * separator (CR), LF and TAB. -1 when there is none.
 */
export function controlCharacterAt(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x0d && c !== 0x0a && c !== 0x09) || c === 0x7f) return i;
  }
  return -1;
}

const TS = /^(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:\.\d{1,4})?(?:[+-]\d{4})?$/;

const validDate = (y: number, m: number, d: number) => {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};

/**
 * An HL7 DTM/TS ("YYYY[MM[DD[HH[MM[SS[.S]]]]]][+/-ZZZZ]") as the ADT values keep times: with
 * `time`, 'yyyy-MM-ddTHH:mm:ss' on the facility's clock (an offset is not converted: a feed
 * sends its facility's local time), else 'yyyy-MM-dd'. Null when it is not a valid time (a year
 * alone has no day: null).
 */
export function hl7Time(value: string, time: boolean): string | null {
  const m = TS.exec(value.trim());
  if (!m?.[2] || !m[3]) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m as unknown as string[];
  if (!validDate(Number(y), Number(mo), Number(d))) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  const date = `${y}-${mo}-${d}`;
  return time ? `${date}T${h}:${mi}:${s}` : date;
}
