import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, pageWindow, recordCounts } from './pagination';

describe('pagination (spec 01 §2, §9)', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(100_000, 100)).toBe(1000);
  });

  it('keeps the page within the pages there are', () => {
    expect(clampPage(5, 30, 10)).toBe(2);
    expect(clampPage(-1, 30, 10)).toBe(0);
    expect(clampPage(3, 0, 10)).toBe(0);
  });

  it('shows a window of five page buttons around the current page', () => {
    expect(pageWindow(0, 38)).toEqual([0, 1, 2, 3, 4]);
    expect(pageWindow(10, 38)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(37, 38)).toEqual([33, 34, 35, 36, 37]);
    expect(pageWindow(1, 3)).toEqual([0, 1, 2]);
    expect(pageWindow(0, 1)).toEqual([0]);
  });

  it('gives the numbers of the record line', () => {
    expect(recordCounts(0, 10, 374)).toEqual({ shown: 10, total: 374, from: 1, to: 10 });
    expect(recordCounts(1, 10, 326)).toEqual({ shown: 10, total: 326, from: 11, to: 20 });
    expect(recordCounts(37, 10, 374)).toEqual({ shown: 4, total: 374, from: 371, to: 374 });
    expect(recordCounts(0, 25, 0)).toEqual({ shown: 0, total: 0, from: 0, to: 0 });
  });
});
