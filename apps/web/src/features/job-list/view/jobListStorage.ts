import { isJobListColumn, type JobListColumn } from '@quill/core/rules/jobList/jobListColumns';
import { DEFAULT_QUEUE, resolveQueueName } from '@quill/core/rules/jobList/jobListQueue';
import type { JobListSort } from '@quill/core/rules/jobList/jobListSort';
import type { QueueName } from '@quill/core/rules/settings/constants';

/**
 * What the job list keeps in the browser (spec 01 §4, §9). Every read survives a missing, blocked
 * or tampered store: a bad value reads as absent.
 */
export const STORAGE_KEYS = {
  /** localStorage: the chosen corporate structure id. */
  corporateStructure: 'job-queue-cs',
  /** localStorage: the last queue shown (default pending). */
  queue: 'job-queue-name',
  /** localStorage: whether the details panel of an expanded row opens expanded (spec's spelling). */
  expandDetails: 'expandDetials',
  /** sessionStorage: the hidden columns of the list last shown in this tab. */
  hiddenColumns: 'hiddenColumns',
} as const;

/** localStorage key of one list preference of a corporate structure and queue. */
export function listPreferenceKey(kind: 'sort' | 'group' | 'columns', cs: string, queue: QueueName): string {
  return `job-list-${kind}-${cs}-${queue}`;
}

function local(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function read(store: Storage | null, key: string): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(store: Storage | null, key: string, value: string | null): void {
  try {
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // Full or blocked storage: the preference is simply not kept.
  }
}

function readJson(store: Storage | null, key: string): unknown {
  const text = read(store, key);
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The stored corporate structure id, if one was chosen. */
export function readStoredCorporateStructure(): string | null {
  const value = read(local(), STORAGE_KEYS.corporateStructure);
  return value && /^\d+$/.test(value) ? value : null;
}

export function writeStoredCorporateStructure(cs: string | null): void {
  write(local(), STORAGE_KEYS.corporateStructure, cs);
}

/** The stored queue name; pending when none or an unknown one is stored. */
export function readStoredQueue(): QueueName {
  const value = read(local(), STORAGE_KEYS.queue);
  return value === null ? DEFAULT_QUEUE : resolveQueueName(value).queue;
}

export function writeStoredQueue(queue: QueueName): void {
  write(local(), STORAGE_KEYS.queue, queue);
}

/** Whether an expanded row's details panel opens expanded (default yes). */
export function readExpandDetails(): boolean {
  return read(local(), STORAGE_KEYS.expandDetails) !== 'false';
}

export function writeExpandDetails(expanded: boolean): void {
  write(local(), STORAGE_KEYS.expandDetails, String(expanded));
}

/** The list preferences of one corporate structure and queue, as stored. */
export interface ListPreferences {
  sort: JobListSort | null;
  group: JobListColumn | null;
  /** Only the columns whose visibility the user changed from the default: column → visible. */
  columns: Partial<Record<JobListColumn, boolean>> | null;
}

export function readListPreferences(cs: string, queue: QueueName): ListPreferences {
  const store = local();
  const sort = readJson(store, listPreferenceKey('sort', cs, queue)) as Partial<JobListSort> | undefined;
  const group = readJson(store, listPreferenceKey('group', cs, queue));
  const columns = readJson(store, listPreferenceKey('columns', cs, queue));
  let changed: ListPreferences['columns'] = null;
  if (columns && typeof columns === 'object' && !Array.isArray(columns)) {
    changed = {};
    for (const [column, visible] of Object.entries(columns)) {
      if (isJobListColumn(column) && typeof visible === 'boolean') changed[column] = visible;
    }
  }
  return {
    sort:
      sort &&
      typeof sort.column === 'string' &&
      isJobListColumn(sort.column) &&
      typeof sort.ascending === 'boolean'
        ? { column: sort.column, ascending: sort.ascending }
        : null,
    group: typeof group === 'string' && isJobListColumn(group) ? group : null,
    columns: changed,
  };
}

export function writeListSort(cs: string, queue: QueueName, sort: JobListSort | null): void {
  write(local(), listPreferenceKey('sort', cs, queue), sort ? JSON.stringify(sort) : null);
}

export function writeListGroup(cs: string, queue: QueueName, group: JobListColumn | null): void {
  write(local(), listPreferenceKey('group', cs, queue), group ? JSON.stringify(group) : null);
}

export function writeListColumns(
  cs: string,
  queue: QueueName,
  changed: Partial<Record<JobListColumn, boolean>> | null,
): void {
  const empty = !changed || Object.keys(changed).length === 0;
  write(local(), listPreferenceKey('columns', cs, queue), empty ? null : JSON.stringify(changed));
}

/** Forgets a list's sort, grouping and column choices (Reset). */
export function clearListPreferences(cs: string, queue: QueueName): void {
  for (const kind of ['sort', 'group', 'columns'] as const)
    write(local(), listPreferenceKey(kind, cs, queue), null);
  write(session(), STORAGE_KEYS.hiddenColumns, null);
}

/** sessionStorage hiddenColumns: the hidden columns of the list last shown in this tab. */
export function readSessionHiddenColumns(): JobListColumn[] | null {
  const value = readJson(session(), STORAGE_KEYS.hiddenColumns);
  return Array.isArray(value)
    ? value.filter((c): c is JobListColumn => typeof c === 'string' && isJobListColumn(c))
    : null;
}

export function writeSessionHiddenColumns(hidden: readonly JobListColumn[]): void {
  write(session(), STORAGE_KEYS.hiddenColumns, JSON.stringify(hidden));
}
