import { HL7_SEGMENTS } from './hl7FieldNames.js';

/** How much of a message the segment view shows (issue 44): a base64 PDF in OBX-5 is megabytes. */
export const SEGMENT_VIEW_LIMITS = { segments: 500, valueChars: 2000 } as const;

/** One non-empty field of a segment: its position ("PID-5"), its HL7 name when known, its value. */
export interface Hl7FieldView {
  position: string;
  name: string | null;
  value: string;
  /** The value was longer than SEGMENT_VIEW_LIMITS.valueChars: how long it was. */
  fullLength: number | null;
}

/** One segment: its id ("PID"), its HL7 name when known, its non-empty fields. */
export interface Hl7SegmentView {
  id: string;
  name: string | null;
  fields: Hl7FieldView[];
}

function field(id: string, index: number, value: string): Hl7FieldView {
  const long = value.length > SEGMENT_VIEW_LIMITS.valueChars;
  return {
    position: `${id}-${index}`,
    name: HL7_SEGMENTS[id]?.fields[index - 1] ?? null,
    value: long ? `${value.slice(0, SEGMENT_VIEW_LIMITS.valueChars)}…` : value,
    fullLength: long ? value.length : null,
  };
}

/**
 * An HL7 v2 message as the Interfaces screen shows it, segment by segment with field names
 * (issue 44). Segments end at CR, LF or CRLF; the field separator is MSH-1 (the character after
 * "MSH"), and MSH's own numbering counts that separator as MSH-1 and the encoding characters as
 * MSH-2. Empty fields are left out; at most SEGMENT_VIEW_LIMITS.segments segments are shown.
 */
export function segmentView(message: string): Hl7SegmentView[] {
  const lines = message.split(/\r\n|\r|\n/).filter((l) => l.length > 0);
  const separator = lines[0]?.startsWith('MSH') ? lines[0].charAt(3) || '|' : '|';
  return lines.slice(0, SEGMENT_VIEW_LIMITS.segments).map((line) => {
    const parts = line.split(separator);
    const id = parts[0] ?? '';
    const values = id === 'MSH' ? [separator, ...parts.slice(1)] : parts.slice(1);
    return {
      id,
      name: HL7_SEGMENTS[id]?.name ?? null,
      fields: values.flatMap((value, i) => (value === '' ? [] : [field(id, i + 1, value)])),
    };
  });
}
