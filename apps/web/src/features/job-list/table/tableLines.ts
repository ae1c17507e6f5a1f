import type { JobListRow } from '@quill/core/contract/jobList';
import type { PageItem } from '../view/jobListView';

/** One <tr> of the table body: a group heading, a job, or a job's details. */
export type TableLine =
  | Extract<PageItem, { kind: 'group' }>
  | { kind: 'row'; row: JobListRow; alt: boolean; slot: number }
  | { kind: 'details'; row: JobListRow };

/** Row height (px) the CSS gives a job row and a group heading; details are measured. */
export const LINE_HEIGHTS = { row: 33, group: 31, details: 240 } as const;

/**
 * The page's items as table lines: the details line under each expanded job, and the zebra
 * stripe of each job (restarting under every group heading).
 */
export function tableLines(items: readonly PageItem[], expanded: ReadonlySet<number>): TableLine[] {
  const lines: TableLine[] = [];
  let inGroup = 0;
  let slot = 0;
  for (const item of items) {
    if (item.kind === 'group') {
      inGroup = 0;
      lines.push(item);
      continue;
    }
    lines.push({ kind: 'row', row: item.row, alt: inGroup % 2 === 1, slot: slot++ });
    inGroup += 1;
    if (expanded.has(item.row.jobId)) lines.push({ kind: 'details', row: item.row });
  }
  return lines;
}

/** A stable key per line: by place for jobs (so a sort or page change reuses the row's DOM). */
export function lineKey(lines: readonly TableLine[], index: number): string {
  const line = lines[index]!;
  if (line.kind === 'group') return `group-${line.key}-${index}`;
  if (line.kind === 'details') return `details-${line.row.jobId}`;
  return `row-${line.slot}`;
}
