import type { JobListColumn } from '@quill/core/rules/jobList/jobListColumns';

/**
 * Column widths (px) of the job table. The table lays out with fixed widths: columns do not jump
 * as a sort or a page change brings other values, and the browser lays out a 100-row page without
 * measuring every cell. Long values are cut short with an ellipsis and show whole on hover.
 */
export const COLUMN_WIDTHS: Record<JobListColumn, number> = {
  stat: 64,
  filterJobId: 78,
  dictatorName: 140,
  clinic: 180,
  patientName: 140,
  patientMRN: 96,
  // Room for the zone a time on a day the clocks change carries ("11/01/2026 01:04 EST", issue 39).
  formattedDictatedDate: 150,
  formattedSignedDate: 150,
  workType: 140,
  department: 120,
  location: 140,
  jobNoteBool: 72,
  stageName: 136,
  formattedDateOfService: 136,
  tatFirstText: 128,
  tatFinished: 120,
};

/** The fixed columns before the data: checkbox, details toggle, indicators. */
export const FIXED_WIDTHS = { select: 30, expand: 30, indicators: 122 } as const;

/** The narrowest the table gets (it scrolls sideways below that) for these columns. */
export function tableMinWidth(columns: readonly JobListColumn[], canExpand: boolean): number {
  let width = FIXED_WIDTHS.select + FIXED_WIDTHS.indicators + (canExpand ? FIXED_WIDTHS.expand : 0);
  for (const c of columns) width += COLUMN_WIDTHS[c];
  return width;
}

/** The data columns that stay in view (sticky) when the table scrolls sideways, from the left. */
const STICKY_COLUMNS: readonly JobListColumn[] = ['stat', 'filterJobId'];

/**
 * The cells at the left of each row that stay in view when the table scrolls sideways: the
 * checkbox, details toggle and indicators (the row's actions), then STAT and the job id while
 * they are the first visible columns. `offsets` are CSS variables `--sticky-N` (the left edge of
 * the Nth cell, from 1); the table's class `stickyN` (JobTable.module.css) pins the first N cells.
 */
export function stickyLayout(
  columns: readonly JobListColumn[],
  canExpand: boolean,
): { count: number; offsets: Record<string, string> } {
  const widths: number[] = [
    FIXED_WIDTHS.select,
    ...(canExpand ? [FIXED_WIDTHS.expand] : []),
    FIXED_WIDTHS.indicators,
  ];
  for (const [i, column] of columns.entries()) {
    if (STICKY_COLUMNS[i] === column || (i === 0 && column === 'filterJobId'))
      widths.push(COLUMN_WIDTHS[column]);
    else break;
  }
  const offsets: Record<string, string> = {};
  let left = 0;
  for (const [i, width] of widths.entries()) {
    offsets[`--sticky-${i + 1}`] = `${left}px`;
    left += width;
  }
  return { count: widths.length, offsets };
}
