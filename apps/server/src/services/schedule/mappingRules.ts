import {
  COMPOSITE_NAME_DEFINITION,
  cellPreview,
  guessScheduleDateFormat,
  type HeadingMappingItem,
  headingIssue,
  isCompositeName,
  type MappingDefinition,
  message,
  needsDateFormat,
  ROW_ACTION_DEFINITION,
  SCHEDULE_DATE_FORMATS,
  type SubmitHeadingsRequest,
  sameDefinition,
  UPLOAD_ACTIONS,
} from '@quill/core';
import type { ScheduleSheet } from './readScheduleFile.js';
import type { OfferedDefinition, ScheduleKind } from './scheduleFacility.js';

/** HL7 address of a definition, the key of the `adt` jsonb columns ("PID.11.1"). */
export const adtKey = (d: Pick<MappingDefinition, 'segmentName' | 'fieldIndex' | 'componentIndex'>) =>
  `${d.segmentName}.${d.fieldIndex}.${d.componentIndex}`;

/**
 * What an upload row keeps of the submitted mapping (uploads.mapping): written by submitHeadings,
 * read by the importSchedule task's run.
 */
export interface StoredMapping {
  items: SubmitHeadingsRequest['mappingItems'];
  defaultValues: Record<string, string>;
  actionType: number;
}

export const MRN_KEY = 'PID.3.1';
export const VISIT_KEY = 'PID.18.1';
export const ROW_ACTION_KEY = adtKey(ROW_ACTION_DEFINITION);

const lower = (s: string) => s.trim().toLowerCase();
const NAME_ALIASES: [MappingDefinition, string[]][] = [
  [COMPOSITE_NAME_DEFINITION, ['patient name', 'name', 'patient']],
  [ROW_ACTION_DEFINITION, ['action']],
];

function sampleOf(sheet: ScheduleSheet, column: number): string {
  return sheet.rows.find((r) => r[column] !== '')?.[column] ?? '';
}

const emptyItem = (fileHeading: string, sample: string): HeadingMappingItem => ({
  fileHeading,
  sample: cellPreview(sample),
  adtDefinition: null,
  dateTimeFormat: null,
  compositeColumnFormat: null,
  isIgnored: false,
  isSubField: false,
  splitTimeHeading: null,
});

function byName(heading: string, offered: OfferedDefinition[]): MappingDefinition | null {
  const h = lower(heading);
  const direct = offered.find(
    (o) => o.def.segmentType !== 0 && (lower(o.def.columnHeading) === h || lower(o.displayName) === h),
  );
  if (direct) return direct.def;
  for (const [def, aliases] of NAME_ALIASES) {
    if (aliases.includes(h) && offered.some((o) => sameDefinition(o.def, def))) return def;
  }
  return null;
}

/**
 * Spec 02 §4: one mapping item per heading, prefilled from the facility's previous mapping of the
 * same kind where it names the heading (mappingsExist), otherwise by a case-insensitive match of
 * the heading to a definition's column heading or display name. A date heading gets the first
 * format that reads its sample.
 */
export function prefillItems(
  sheet: ScheduleSheet,
  offered: OfferedDefinition[],
  previous: HeadingMappingItem[] | null,
): { items: HeadingMappingItem[]; mappingsExist: boolean } {
  const headings = new Set(sheet.headings);
  let reused = 0;
  const items = sheet.headings.map((heading, column) => {
    const item = emptyItem(heading, sampleOf(sheet, column));
    const before = previous?.find((p) => lower(p.fileHeading) === lower(heading));
    if (before) {
      const known = before.adtDefinition && offered.find((o) => sameDefinition(o.def, before.adtDefinition));
      if (before.isIgnored || known) {
        reused++;
        return {
          ...item,
          adtDefinition: known ? known.def : before.adtDefinition,
          isIgnored: before.isIgnored,
          isSubField: before.isSubField,
          dateTimeFormat:
            before.dateTimeFormat &&
            (SCHEDULE_DATE_FORMATS as readonly string[]).includes(before.dateTimeFormat)
              ? before.dateTimeFormat
              : null,
          compositeColumnFormat: before.compositeColumnFormat,
          splitTimeHeading:
            before.splitTimeHeading && headings.has(before.splitTimeHeading) ? before.splitTimeHeading : null,
        };
      }
    }
    const def = byName(heading, offered);
    if (!def) return item;
    const format =
      needsDateFormat(def) && item.sample ? guessScheduleDateFormat(item.sample, def.dataType === 0) : null;
    return { ...item, adtDefinition: def, dateTimeFormat: format };
  });
  return { items, mappingsExist: reused > 0 };
}

/** A checked mapping item, resolved to the file's column and the server's own definition. */
export interface ResolvedItem {
  heading: string;
  column: number;
  def: MappingDefinition;
  dateTimeFormat: string | null;
  compositeFormat: number | null;
  timeColumn: number | null;
}

export interface MappingCheck {
  errors: string[];
  resolved: ResolvedItem[];
}

/**
 * Spec 02 §5 on the server: every heading of the stored file mapped or ignored with the formats it
 * needs, only the file's headings, only the facility's (or the pseudo) definitions, known date
 * formats, no definition twice; the patient id mapped, for a schedule the visit id too, and Row
 * Action for a Varied upload. Answers the catalogue messages of what is wrong.
 */
export function checkMapping(input: {
  sheet: ScheduleSheet;
  items: HeadingMappingItem[];
  offered: OfferedDefinition[];
  actionType: number;
  kind: ScheduleKind;
}): MappingCheck {
  const errors: string[] = [];
  const columns = new Map(input.sheet.headings.map((h, i) => [h, i] as const));
  const byHeading = new Map<string, HeadingMappingItem>();
  for (const item of input.items) {
    if (!columns.has(item.fileHeading))
      errors.push(message('schedule.headingNotInFile', { heading: item.fileHeading }));
    else if (!byHeading.has(item.fileHeading)) byHeading.set(item.fileHeading, item);
  }
  const resolved: ResolvedItem[] = [];
  const used = new Map<string, number>();
  for (const heading of input.sheet.headings) {
    const item = byHeading.get(heading);
    const issue = item ? headingIssue(item) : 'unmapped';
    if (issue === 'unmapped') errors.push(message('schedule.headingUnmapped', { heading }));
    else if (issue === 'needsDateFormat')
      errors.push(message('schedule.headingNeedsDateFormat', { heading }));
    else if (issue === 'needsCompositeFormat') {
      errors.push(message('schedule.headingNeedsCompositeFormat', { heading }));
    }
    if (!item || issue || item.isIgnored || !item.adtDefinition) continue;
    const offered = input.offered.find((o) => sameDefinition(o.def, item.adtDefinition));
    if (!offered) {
      errors.push(message('schedule.unknownDefinition', { heading }));
      continue;
    }
    const def = offered.def;
    if (def.segmentType === 0 && !isCompositeName(def)) continue; // Ignore, chosen as a definition.
    const format = needsDateFormat(def) ? item.dateTimeFormat : null;
    if (format && !(SCHEDULE_DATE_FORMATS as readonly string[]).includes(format)) {
      errors.push(message('schedule.unknownDateFormat', { heading }));
      continue;
    }
    let timeColumn: number | null = null;
    if (item.splitTimeHeading) {
      timeColumn = columns.get(item.splitTimeHeading) ?? null;
      if (timeColumn === null) {
        errors.push(message('schedule.headingNotInFile', { heading: item.splitTimeHeading }));
        continue;
      }
    }
    const key = isCompositeName(def) ? 'composite' : adtKey(def);
    used.set(key, (used.get(key) ?? 0) + 1);
    if (used.get(key) === 2)
      errors.push(message('schedule.definitionTwice', { definition: def.columnHeading }));
    resolved.push({
      heading,
      column: columns.get(heading)!,
      def,
      dateTimeFormat: format,
      compositeFormat: isCompositeName(def) ? item.compositeColumnFormat : null,
      timeColumn,
    });
  }
  if (!used.has(MRN_KEY)) errors.push(message('schedule.mrnRequired'));
  if (input.kind === 'SCHEDULE' && !used.has(VISIT_KEY)) errors.push(message('schedule.visitRequired'));
  if (input.actionType === UPLOAD_ACTIONS.VARIED && !used.has(ROW_ACTION_KEY)) {
    errors.push(message('schedule.rowActionRequired'));
  }
  return { errors, resolved };
}
