import type { NarrativeTableCell as TableCell } from '@quill/core';
import { describe, expect, it } from 'vitest';
import type { Measure } from './pdf/wrapRuns.js';
import { tableGrid } from './tableGrid.js';
import { planTable as planGrid, type TablePlanOptions } from './tablePlan.js';

// Every character 0.6 of the size wide; bold 0.7.
const measure: Measure = (text, face, size) => text.length * size * (face === 'bold' ? 0.7 : 0.6);
const cell = (text: string, header = false, colspan = 1): TableCell => ({
  header,
  colspan,
  blocks: [{ kind: 'paragraph', runs: [{ text, bold: header || undefined }] }],
});
const options = { measure, size: 10, floor: 7, padding: 8, minPadding: 3 };
const planTable = (rows: TableCell[][], _columns: number, width: number, o: TablePlanOptions) =>
  planGrid(tableGrid([], rows), width, o);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('planTable', () => {
  it('gives a table that fits its natural widths, at full size, filling the width', () => {
    const plan = planTable(
      [
        [cell('Date', true), cell('Value', true)],
        [cell('05/20/2014'), cell('80')],
      ],
      2,
      500,
      options,
    );
    expect(plan.size).toBe(10);
    expect(plan.groups).toHaveLength(1);
    expect(sum(plan.groups[0]!.widths)).toBeCloseTo(500);
    expect(plan.groups[0]!.widths[0]).toBeGreaterThan(plan.groups[0]!.widths[1]!);
  });

  it('counts a word and the punctuation-led word after it as one unit, as word processors keep them', () => {
    // "Ordered :6-Aug-2012": no line ends before the colon (UAX #14), so the column needs both.
    const rows = [[cell('Drug'), cell('Ordered :6-Aug-2012 Seven, Henry'), cell('Started')]];
    const plan = planTable(rows, 3, 500, options);
    const unit = measure('Ordered :6-Aug-2012', 'regular', plan.size) + plan.padding;
    expect(plan.groups[0]!.widths[1]).toBeGreaterThanOrEqual(unit);
    // Squeezed, the column still keeps the unit: the other columns give way first.
    const narrow = planTable(rows, 3, 160, options);
    expect(narrow.groups[0]!.widths[1]).toBeGreaterThanOrEqual(
      measure('Ordered :6-Aug-2012', 'regular', narrow.size) + narrow.padding - 0.01,
    );
  });

  it('keeps every column at least as wide as its longest word, shrinking the type when it must', () => {
    const words = ['Temperature', 'Respiratory', '05/20/2014', '120/80mm[Hg]', '27.4kg/m2', 'Pressure'];
    const row = words.map((w) => cell(`${w} ${w}`));
    const plan = planTable([row], words.length, 380, options);
    expect(plan.size).toBeLessThan(10);
    expect(plan.size).toBeGreaterThanOrEqual(7);
    expect(plan.groups).toHaveLength(1);
    plan.groups[0]!.widths.forEach((w, i) => {
      expect(w).toBeGreaterThanOrEqual(measure(words[i]!, 'regular', plan.size) + 8 - 1e-6);
    });
  });

  it('continues a table that cannot fit even at the floor, with the first column in every group', () => {
    const columns = 24;
    const row = [
      cell('05/20/2014'),
      ...Array.from({ length: columns - 1 }, (_, i) => cell(`Measurement${i}`)),
    ];
    const plan = planTable([row], columns, 500, options);
    expect(plan.size).toBe(7);
    expect(plan.groups.length).toBeGreaterThan(1);
    for (const g of plan.groups) {
      expect(g.columns[0]).toBe(0);
      expect(sum(g.widths)).toBeCloseTo(500);
      g.columns.forEach((c, i) => {
        const word = c === 0 ? '05/20/2014' : `Measurement${c - 1}`;
        expect(g.widths[i]).toBeGreaterThanOrEqual(measure(word, 'regular', 7) + plan.padding - 1e-6);
      });
    }
    const shown = plan.groups.flatMap((g) => g.columns.slice(1));
    expect(shown).toEqual([...Array(columns).keys()].slice(1));
  });

  it('breaks a word only when it alone is wider than the whole width', () => {
    const plan = planTable([[cell('x'.repeat(200)), cell('short')]], 2, 300, options);
    expect(plan.groups.flatMap((g) => g.columns)).toContain(1);
    expect(sum(plan.groups[0]!.widths)).toBeCloseTo(300);
  });

  it('shrinks and rebalances a table a little too wide rather than continue one narrow column', () => {
    // At 7 points with full padding and 30-point columns these do not fit 300 points; with columns
    // only as wide as their tokens they do.
    const texts = ['05/01/2024', '248986005', 'Completed', 'x', 'y', 'z', 'N'];
    const plan = planTable([texts.map((t) => cell(t))], 7, 260, options);
    expect(plan.groups).toHaveLength(1);
    expect(plan.size).toBe(7);
    plan.groups[0]!.widths.forEach((w, i) => {
      expect(w).toBeGreaterThanOrEqual(measure(texts[i]!, 'regular', 7) + plan.padding - 1e-6);
    });
  });

  it('fills continuation groups evenly rather than continue one column alone', () => {
    // Date and 4 columns fit 300 points at the floor: 9 more would be continued as 4, 4 and 1.
    const columns = 10;
    const row = [cell('Date'), ...Array.from({ length: columns - 1 }, (_, i) => cell(`Measurement${i}`))];
    const plan = planTable([row], columns, 300, options);
    expect(plan.groups.length).toBeGreaterThan(1);
    const sizes = plan.groups.map((g) => g.columns.length - 1);
    expect(Math.min(...sizes)).toBeGreaterThan(1);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    expect(plan.groups.flatMap((g) => g.columns.slice(1))).toEqual([...Array(columns).keys()].slice(1));
  });

  it('widens the columns a spanning cell covers to hold its longest token', () => {
    const plan = planTable(
      [
        [cell('a'), cell('b'), cell('c')],
        [cell('x'), { ...cell('248986005248986005'), colspan: 2 }],
      ],
      3,
      500,
      options,
    );
    const [, b, c] = plan.groups[0]!.widths;
    expect(b! + c!).toBeGreaterThanOrEqual(measure('248986005248986005', 'regular', plan.size) + 8);
  });
});
