/**
 * User Timing marks and measures of the job list (ARCHITECTURE §7 budgets), readable in the
 * browser's performance timeline and by bench/ and e2e scripts:
 *   joblist:first-page   from the last batch's arrival to the first page painted
 *   joblist:rows-requested / joblist:rows-loaded   marks: the first batch asked for, the last one in
 *   joblist:warmed   mark: the sort keys, groups and search texts of the visible columns built
 *   joblist:<action>     from an action (sort, group, search, page, page-size, columns) to its paint
 */
const PREFIX = 'joblist:';

let pending: string | null = null;

function available(): boolean {
  return typeof performance !== 'undefined' && typeof performance.mark === 'function';
}

/** Marks a moment (e.g. `rows-loaded`). */
export function markJobList(name: string): void {
  if (available()) performance.mark(`${PREFIX}${name}`);
}

/** Marks the start of an action whose paint {@link measureJobListPaint} measures. */
export function startJobListAction(action: string): void {
  if (!available()) return;
  pending = action;
  performance.mark(`${PREFIX}${action}:start`);
}

/**
 * Called after the table rendered: measures the pending action (or the first page after the rows
 * arrived) up to the next paint (a frame, then a task).
 */
export function measureJobListPaint(firstPage: boolean): void {
  if (!available()) return;
  const action = firstPage ? 'first-page' : pending;
  if (!action) return;
  pending = null;
  const start = firstPage ? `${PREFIX}rows-loaded` : `${PREFIX}${action}:start`;
  const measure = () => {
    try {
      performance.measure(`${PREFIX}${action}`, start);
    } catch {
      // The start mark is gone (cleared timeline): nothing to measure.
    }
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(measure, 0));
  else measure();
}
