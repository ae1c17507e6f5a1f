import { type KeyboardEvent, useCallback } from 'react';

const ROW_SELECTOR = 'tr[data-job-id]';

/**
 * Keyboard use of the table (beyond the spec): ↑/↓ move the focused row (also from a control in
 * the row), Home/End go to the first/last row of the page; on a focused row Space checks it,
 * Enter opens the job (as a double-click does) and →/← open and close its details. `focusRow`
 * brings a row into view (it may not be rendered yet in a long page) and focuses it.
 */
export function useRowKeyboard(
  rowIds: readonly number[],
  focusRow: (jobId: number) => void,
  onToggleSelect: (jobId: number) => void,
  onToggleExpand: ((jobId: number) => void) | undefined,
  onOpen: (jobId: number) => void,
) {
  return useCallback(
    (event: KeyboardEvent<HTMLTableSectionElement>) => {
      const target = event.target as HTMLElement;
      const row = target.closest<HTMLTableRowElement>(ROW_SELECTOR);
      if (!row || event.altKey || event.ctrlKey || event.metaKey) return;
      const onRow = target === row;
      const jobId = Number(row.dataset.jobId);
      const at = rowIds.indexOf(jobId);
      let next: number | undefined;
      switch (event.key) {
        case 'ArrowDown':
          next = rowIds[at + 1];
          break;
        case 'ArrowUp':
          next = rowIds[at - 1];
          break;
        case 'Home':
          if (!onRow) return;
          next = rowIds[0];
          break;
        case 'End':
          if (!onRow) return;
          next = rowIds[rowIds.length - 1];
          break;
        case ' ':
          if (!onRow) return;
          event.preventDefault();
          onToggleSelect(jobId);
          return;
        case 'Enter':
          if (!onRow) return;
          event.preventDefault();
          onOpen(jobId);
          return;
        case 'ArrowRight':
        case 'ArrowLeft':
          // → opens the details of a closed row, ← closes an open one (as in a tree).
          if (!onRow || !onToggleExpand) return;
          event.preventDefault();
          if ((event.key === 'ArrowRight') !== (row.dataset.expanded !== undefined)) onToggleExpand(jobId);
          return;
        default:
          return;
      }
      event.preventDefault();
      if (next !== undefined) focusRow(next);
    },
    [rowIds, focusRow, onToggleSelect, onToggleExpand, onOpen],
  );
}
