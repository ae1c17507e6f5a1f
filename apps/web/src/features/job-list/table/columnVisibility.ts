import {
  DEFAULT_HIDDEN_COLUMNS,
  JOB_LIST_COLUMNS,
  type JobListColumn,
} from '@quill/core/rules/jobList/jobListColumns';

/** Column → shown. */
export type ColumnVisibility = Record<JobListColumn, boolean>;

/** Spec 01 §2: every default column shown but clinic. */
export function defaultVisibility(): ColumnVisibility {
  return Object.fromEntries(
    JOB_LIST_COLUMNS.map((c) => [c, !DEFAULT_HIDDEN_COLUMNS.includes(c)]),
  ) as ColumnVisibility;
}

/**
 * The columns a list shows: the list's own stored changes when it has any; otherwise the hidden
 * columns of the list last shown in this tab (sessionStorage hiddenColumns); otherwise the defaults.
 */
export function resolveVisibility(
  changed: Partial<Record<JobListColumn, boolean>> | null,
  sessionHidden: readonly JobListColumn[] | null,
): ColumnVisibility {
  const visibility = defaultVisibility();
  if (changed) return { ...visibility, ...changed };
  if (sessionHidden) for (const c of JOB_LIST_COLUMNS) visibility[c] = !sessionHidden.includes(c);
  return visibility;
}

/** Only what differs from the defaults (what is stored per corporate structure and queue). */
export function changedFromDefaults(visibility: ColumnVisibility): Partial<Record<JobListColumn, boolean>> {
  const defaults = defaultVisibility();
  const changed: Partial<Record<JobListColumn, boolean>> = {};
  for (const c of JOB_LIST_COLUMNS) if (visibility[c] !== defaults[c]) changed[c] = visibility[c];
  return changed;
}

/** The shown columns, in the list's order. */
export function visibleColumns(visibility: ColumnVisibility): JobListColumn[] {
  return JOB_LIST_COLUMNS.filter((c) => visibility[c]);
}

/** The hidden columns, in the list's order. */
export function hiddenColumns(visibility: ColumnVisibility): JobListColumn[] {
  return JOB_LIST_COLUMNS.filter((c) => !visibility[c]);
}
