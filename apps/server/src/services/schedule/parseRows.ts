import {
  cellPreview,
  compositeFormatLabel,
  compositeNameWarning,
  formatHasTime,
  guessScheduleDateFormat,
  isCompositeName,
  isoDate,
  isoLocalDateTime,
  type MappingDefinition,
  message,
  needsDateFormat,
  parseScheduleDate,
  SCHEDULE_DATE_FORMATS,
  splitCompositeName,
  UPLOAD_ACTIONS,
} from '@quill/core';
import { adtKey, MRN_KEY, type ResolvedItem, ROW_ACTION_KEY, VISIT_KEY } from './mappingRules.js';
import type { ScheduleSheet } from './readScheduleFile.js';
import type { OfferedDefinition } from './scheduleFacility.js';

export type RowAction = 'update' | 'delete' | 'none';

/** One data row, parsed: its action and its values by HL7 address, split by record. */
export interface ParsedRow {
  row: number;
  action: RowAction;
  mrn: string;
  visitNumber: string | null;
  patient: Record<string, string>;
  visit: Record<string, string>;
  order: Record<string, string>;
}

const DATA_TYPE_NAMES = ['dateTime', 'date', 'decimal', 'ssn', 'string', 'time', 'boolean'] as const;

/**
 * A cell's (or an HL7 feed's: interop/inbound) value normalised for its definition, or null when
 * it is not a valid value of its type.
 */
export function normalise(
  value: string,
  def: Pick<MappingDefinition, 'dataType'>,
  format: string | null,
): string | null {
  if (format) {
    const parts = parseScheduleDate(value, format);
    if (!parts) return null;
    return def.dataType === 1 || !formatHasTime(format) ? isoDate(parts) : isoLocalDateTime(parts);
  }
  switch (def.dataType) {
    case 2:
      return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(value) ? value : null;
    case 3: {
      const digits = value.replace(/-/g, '');
      return /^\d{9}$/.test(digits) && /^(\d{3}-\d{2}-\d{4}|\d{9})$/.test(value) ? value : null;
    }
    case 5: {
      const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(value);
      return m && Number(m[1]) < 24 && Number(m[2]) < 60 && Number(m[3] ?? 0) < 60 ? value : null;
    }
    case 6: {
      const v = value.toLowerCase();
      if (['y', 'yes', 'true', '1'].includes(v)) return 'Y';
      if (['n', 'no', 'false', '0'].includes(v)) return 'N';
      return null;
    }
    default:
      return value;
  }
}

function rowAction(actionType: number, value: string | undefined): RowAction | null {
  if (actionType === UPLOAD_ACTIONS.UPDATE) return 'update';
  if (actionType === UPLOAD_ACTIONS.DELETE) return 'delete';
  if (actionType === UPLOAD_ACTIONS.NONE) return 'none';
  const v = (value ?? '').trim().toUpperCase();
  if (['U', 'UPDATE', 'A08'].includes(v)) return 'update';
  if (['D', 'DELETE', 'A23'].includes(v)) return 'delete';
  if (['N', 'NONE'].includes(v)) return 'none';
  return null;
}

export interface ParsedSheet {
  rows: ParsedRow[];
  /** Every warning, in row order (capWarnings shortens the list for answers). */
  warnings: string[];
  rowsSkipped: number;
}

interface ParseInput {
  sheet: ScheduleSheet;
  resolved: ResolvedItem[];
  offered: OfferedDefinition[];
  defaultValues: Record<string, string>;
  actionType: number;
}

/** One value of a row, by its definition and HL7 address. */
interface RowValue {
  def: MappingDefinition;
  key: string;
  value: string;
}

/** Names that do not look like the chosen composite format (a comma under a format without one): how many, from which row. */
type OddNames = Map<ResolvedItem, { count: number; row: number }>;

/** The offered definitions no heading supplies and a default value does (segments 1–3). */
function definitionsByDefault(input: ParseInput) {
  const mappedKeys = new Set(input.resolved.map((r) => (isCompositeName(r.def) ? 'PID.5' : adtKey(r.def))));
  return input.offered.filter(
    (o) =>
      o.def.segmentType !== 0 &&
      o.def.segmentType !== 4 &&
      !mappedKeys.has(adtKey(o.def)) &&
      // The composite name supplies PID 5.1–5.3.
      !(mappedKeys.has('PID.5') && o.def.segmentName === 'PID' && o.def.fieldIndex === 5) &&
      (input.defaultValues[o.def.columnHeading] ?? '').trim() !== '',
  );
}

/** A composite name's parts as PID 5.1/5.2/5.3, counting a name that does not look like its format. */
function compositeNameValues(r: ResolvedItem, raw: string, row: number, oddNames: OddNames): RowValue[] {
  if (compositeNameWarning([raw], r.compositeFormat ?? 0)) {
    const odd = oddNames.get(r) ?? { count: 0, row };
    oddNames.set(r, { ...odd, count: odd.count + 1 });
  }
  const name = splitCompositeName(raw, r.compositeFormat ?? 0);
  return [name.last, name.first, name.middle].flatMap((value, i) =>
    value ? [{ def: { ...r.def, segmentType: 1, componentIndex: i + 1 }, key: `PID.5.${i + 1}`, value }] : [],
  );
}

/** The values of one row: its mapped cells (a date joined with its time column), then the defaults; a bad value is a warning. */
function rowValues(
  input: ParseInput,
  cells: string[],
  row: number,
  found: { defaults: OfferedDefinition[]; warnings: string[]; oddNames: OddNames },
): RowValue[] {
  const values: RowValue[] = [];
  const put = (def: MappingDefinition, heading: string, raw: string, format: string | null) => {
    if (raw === '') return;
    const value = normalise(raw, def, format);
    if (value === null) {
      const type = message(`schedule.dataTypes.${DATA_TYPE_NAMES[def.dataType] ?? 'string'}`);
      found.warnings.push(message('schedule.rowBadValue', { row, heading, value: cellPreview(raw), type }));
      return;
    }
    values.push({ def, key: adtKey(def), value });
  };
  for (const r of input.resolved) {
    let raw = cells[r.column] ?? '';
    if (isCompositeName(r.def)) {
      if (raw) values.push(...compositeNameValues(r, raw, row, found.oddNames));
      continue;
    }
    const time = r.timeColumn === null ? '' : (cells[r.timeColumn] ?? '');
    if (raw && time) raw = `${raw} ${time}`;
    put(r.def, r.heading, raw, r.dateTimeFormat);
  }
  for (const o of found.defaults) {
    const raw = input.defaultValues[o.def.columnHeading]!.trim();
    // A default has no format of its own: the first offered format that reads it (or a warning).
    const format = needsDateFormat(o.def)
      ? (guessScheduleDateFormat(raw, o.def.dataType === 0) ?? SCHEDULE_DATE_FORMATS[0])
      : null;
    put(o.def, o.def.columnHeading, raw, format);
  }
  return values;
}

/** The row its values make, split by record; null (with a warning) without a known action or a patient id. */
function parsedRow(
  row: number,
  values: RowValue[],
  actionType: number,
  warnings: string[],
): ParsedRow | null {
  const byKey = new Map(values.map((v) => [v.key, v]));
  const action = rowAction(actionType, byKey.get(ROW_ACTION_KEY)?.value);
  if (action === null) {
    warnings.push(
      message('schedule.rowBadAction', { row, value: cellPreview(byKey.get(ROW_ACTION_KEY)?.value ?? '') }),
    );
    return null;
  }
  const mrn = byKey.get(MRN_KEY)?.value ?? '';
  if (!mrn) {
    warnings.push(message('schedule.rowNoMrn', { row }));
    return null;
  }
  const parsed: ParsedRow = {
    row,
    action,
    mrn,
    visitNumber: byKey.get(VISIT_KEY)?.value ?? null,
    patient: {},
    visit: {},
    order: {},
  };
  for (const v of values) {
    if (v.key === MRN_KEY || v.key === VISIT_KEY || v.key === ROW_ACTION_KEY) continue;
    const target =
      v.def.segmentType === 2 ? parsed.visit : v.def.segmentType === 3 ? parsed.order : parsed.patient;
    target[v.key] = v.value;
  }
  return parsed;
}

/** One warning a composite-name heading whose names do not look like its format. */
function nameFormatWarnings(oddNames: OddNames): string[] {
  return [...oddNames].map(([r, odd]) =>
    message('schedule.nameFormatWarningRows', {
      heading: r.heading,
      count: odd.count,
      format: compositeFormatLabel(r.compositeFormat ?? 0),
      row: odd.row,
    }),
  );
}

/**
 * Reads every data row by a checked mapping: values normalised by type (dates to ISO text in the
 * facility's local time, yes/no to Y/N), the composite name split into PID 5.1/5.2/5.3, a date
 * joined with its split time heading, defaults for definitions no heading supplies. A bad value
 * is skipped with a warning; a row without a patient id, or (Varied) without a known action, is
 * skipped with a warning. Blank cells give no value, so they never overwrite stored ones.
 */
export function parseRows(input: ParseInput): ParsedSheet {
  const warnings: string[] = [];
  const rows: ParsedRow[] = [];
  let rowsSkipped = 0;
  const oddNames: OddNames = new Map();
  const found = { defaults: definitionsByDefault(input), warnings, oddNames };
  input.sheet.rows.forEach((cells, index) => {
    const row = input.sheet.rowNumbers[index] ?? index + 2;
    const parsed = parsedRow(row, rowValues(input, cells, row, found), input.actionType, warnings);
    if (parsed) rows.push(parsed);
    else rowsSkipped++;
  });
  return { rows, warnings: [...nameFormatWarnings(oddNames), ...warnings], rowsSkipped };
}

/** At most `max` warnings, then one line counting the rest. */
export function capWarnings(warnings: string[], max: number): string[] {
  if (warnings.length <= max) return warnings;
  return [...warnings.slice(0, max), message('schedule.moreWarnings', { count: warnings.length - max })];
}
