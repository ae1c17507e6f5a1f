import type { Hl7Message, Hl7Segment } from '@medplum/core';
import { hl7Time, message } from '@quill/core';
import type { AdtDefinition, FacilityAdtDefinitions } from '../../services/adt/adtDefinitions.js';
import { normalise, type ParsedRow } from '../../services/schedule/parseRows.js';
import { ApplyRefused } from './applyRefused.js';

/**
 * A message's values as the patient-data upload's rows (services/schedule/recordApplier): the
 * record columns' positions (docs/domain.md "Schedule and patient uploads") and every position
 * the facility's ADT definitions address, keyed "SEG.field.component" — the value at that
 * segment, field (first repetition) and component of the message, so a definition added on the
 * reference-data page is filled by the feed with no code. Dates and times become the values the
 * upload keeps ('yyyy-MM-dd', the facility's wall clock 'yyyy-MM-ddTHH:mm:ss').
 */

type Source = 'patient' | 'visit' | 'order';
/** Every message adds or updates (the upload's row action). */
const UPDATE: ParsedRow['action'] = 'update';
type Kind = 'date' | 'dateTime' | 'text';

/** The positions the records keep in columns, with their source and kind. */
const COLUMN_POSITIONS: [string, Source, Kind][] = [
  ['PID.5.1', 'patient', 'text'],
  ['PID.5.2', 'patient', 'text'],
  ['PID.5.3', 'patient', 'text'],
  ['PID.7.1', 'patient', 'date'],
  ['PID.8.1', 'patient', 'text'],
  ['PV1.2.1', 'visit', 'text'],
  ['PV1.44.1', 'visit', 'dateTime'],
  ['PV1.45.1', 'visit', 'dateTime'],
  ['ORC.2.1', 'order', 'text'],
  ['ORC.3.1', 'order', 'text'],
  ['ORC.9.1', 'order', 'dateTime'],
  ['OBR.2.1', 'order', 'text'],
  ['OBR.3.1', 'order', 'text'],
  ['OBR.4.1', 'order', 'text'],
  ['OBR.4.2', 'order', 'text'],
  ['OBR.7.1', 'order', 'dateTime'],
];

interface Position {
  key: string;
  segment: string;
  field: number;
  component: number;
  source: Source;
  def: AdtDefinition | null;
  kind: Kind;
}

function position(key: string, source: Source, kind: Kind, def: AdtDefinition | null): Position {
  const [segment, field, component] = key.split('.');
  return { key, segment: segment!, field: Number(field), component: Number(component), source, def, kind };
}

/** Every position read: the columns', then the definitions' (job-only items are the job's own). */
export function readPositions(defs: FacilityAdtDefinitions): Position[] {
  const out = new Map(COLUMN_POSITIONS.map(([k, s, kind]) => [k, position(k, s, kind, null)]));
  for (const def of [...defs.values, ...defs.orderValues]) {
    if (def.source === 'job' || (def.row.segmentName === 'PID' && def.row.fieldIndex === 18)) continue;
    if (out.has(def.key)) continue;
    const kind = def.row.dataType === 0 ? 'dateTime' : def.row.dataType === 1 ? 'date' : 'text';
    out.set(def.key, position(def.key, def.source, kind, def));
  }
  return [...out.values()];
}

/** One value read for its kind and definition; throws ApplyRefused (AE) naming the field. */
function readValue(p: Position, raw: string): string {
  const field = `${p.segment}-${p.field}.${p.component}`;
  if (p.kind !== 'text') {
    const time = hl7Time(raw, p.kind === 'dateTime');
    if (!time) throw new ApplyRefused(message('hl7In.badTime', { field }), 'dataType');
    return time;
  }
  if (!p.def) return raw;
  // HL7 TM ("HHMM[SS]") as the upload's times ("HH:mm[:ss]").
  const text =
    p.def.row.dataType === 5 && /^\d{4}(\d{2})?$/.test(raw)
      ? raw.replace(/^(\d{2})(\d{2})(\d{2})?$/, (_, h, m, s) => (s ? `${h}:${m}:${s}` : `${h}:${m}`))
      : raw;
  const value = normalise(text, p.def.row, null);
  if (value === null) throw new ApplyRefused(message('hl7In.badTime', { field }), 'dataType');
  return value;
}

/** The values of the positions of one source read from the given segments (the first of each name). */
function valuesFrom(segments: readonly Hl7Segment[], positions: readonly Position[]) {
  const out: Record<string, string> = {};
  for (const p of positions) {
    const segment = segments.find((s) => s.name === p.segment);
    const raw = segment?.getComponent(p.field, p.component).trim() ?? '';
    if (raw !== '') out[p.key] = readValue(p, raw);
  }
  return out;
}

/**
 * The segments of each order of an order message: an ORC starts an order, and so does an OBR
 * unless it is the first OBR after an ORC; the segments after them belong to that order.
 */
function orderGroups(msg: Hl7Message): Hl7Segment[][] {
  const groups: Hl7Segment[][] = [];
  for (const s of msg.segments) {
    const current = groups.at(-1);
    const joinsOrc = current?.[0]?.name === 'ORC' && !current.some((g) => g.name === 'OBR');
    if (s.name === 'ORC' || (s.name === 'OBR' && !joinsOrc)) groups.push([s]);
    else current?.push(s);
  }
  return groups;
}

/** The message's patient and visit values (and with `orders`, one row per order) as upload rows. */
export function messageRows(msg: Hl7Message, defs: FacilityAdtDefinitions, orders: boolean): ParsedRow[] {
  const pid = msg.getSegment('PID');
  if (!pid) throw new ApplyRefused(message('hl7In.noPatient'), 'requiredField');
  const mrn = pid.getComponent(3, 1).trim();
  if (!mrn) throw new ApplyRefused(message('hl7In.noIdentifier'), 'requiredField');
  const positions = readPositions(defs);
  const of = (source: Source) => positions.filter((p) => p.source === source);
  const visitNumber =
    pid.getComponent(18, 1).trim() || msg.getSegment('PV1')?.getComponent(19, 1).trim() || null;
  const base: ParsedRow = {
    row: 1,
    action: UPDATE,
    mrn,
    visitNumber,
    patient: valuesFrom(msg.segments, of('patient')),
    visit: valuesFrom(msg.segments, of('visit')),
    order: {},
  };
  if (!orders) return [base];
  return orderGroups(msg).map((group, i) => ({ ...base, row: i + 1, order: valuesFrom(group, of('order')) }));
}
