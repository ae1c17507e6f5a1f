/** Pages needed for `total` rows (at least one, so an empty list still has page 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A page index (0-based) kept within the pages there are. */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(0, page), pageCount(total, pageSize) - 1);
}

/** The window of page buttons around the current page (0-based indexes), at most `width` wide. */
export function pageWindow(page: number, pages: number, width = 5): number[] {
  const size = Math.min(width, pages);
  let first = Math.max(0, page - Math.floor(size / 2));
  first = Math.min(first, pages - size);
  return Array.from({ length: size }, (_, i) => first + i);
}

/** The record line's numbers: how many rows the page shows of how many in the list. */
export function recordCounts(
  page: number,
  pageSize: number,
  total: number,
): { shown: number; total: number; from: number; to: number } {
  const start = Math.min(page * pageSize, total);
  const end = Math.min(total, start + pageSize);
  // from/to: the page's first and last record, counted from 1 (0 and 0 for an empty list).
  return { shown: Math.max(0, end - start), total, from: end > start ? start + 1 : 0, to: end };
}
