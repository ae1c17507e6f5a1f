import type { NarrativeTableCell as TableCell } from '@quill/core';
import { describe, expect, it } from 'vitest';
import { gridInGroup, rowBands, type TableGrid, tableGrid } from './tableGrid.js';

const cell = (
  text: string,
  span: { colspan?: number; rowspan?: number } = {},
  header = false,
): TableCell => ({
  header,
  colspan: span.colspan ?? 1,
  ...(span.rowspan ? { rowspan: span.rowspan } : {}),
  blocks: text ? [{ kind: 'paragraph', runs: [{ text }] }] : [],
});
const th = (text: string) => cell(text, {}, true);

/** The grid as text: each slot shows the text of the cell covering it ('' for padding). */
function slots(grid: TableGrid): string[][] {
  const out = Array.from({ length: grid.rows }, () => new Array<string>(grid.columns).fill('?'));
  for (const row of grid.byRow)
    for (const p of row) {
      const text = p.cell?.blocks[0]?.kind === 'paragraph' ? p.cell.blocks[0].runs[0]!.text : '';
      for (let r = p.row; r < p.row + p.rowspan; r++)
        for (let c = p.col; c < p.col + p.colspan; c++) {
          expect(out[r]![c], `slot ${r},${c} covered twice`).toBe('?');
          out[r]![c] = text;
        }
    }
  return out;
}

describe('tableGrid', () => {
  it('takes the leading rows of th cells of a table without a thead as its head (they repeat on each page)', () => {
    const grid = tableGrid(
      [],
      [
        [th('Panel'), { ...th('Result'), colspan: 2 }],
        [th('Name'), th('Value'), th('Unit')],
        [cell('Glucose'), cell('5.4'), cell('mmol/L')],
      ],
    );
    expect(grid.headRows).toBe(2);
    expect(grid.byRow[2]!.every((p) => !p.header)).toBe(true);
    // A header cell whose row span reaches into the data rows leaves them all in the body.
    const spanning = tableGrid([], [[{ ...th('Date'), rowspan: 2 }, th('Test')], [cell('Weight')]]);
    expect(spanning.headRows).toBe(0);
    // A table of header cells only keeps its last row as body.
    expect(tableGrid([], [[th('A')], [th('B')]]).headRows).toBe(1);
  });

  it('places the cells after a row-spanning cell under the columns to its right (vital signs)', () => {
    const grid = tableGrid(
      [[th('Date'), th('Test'), th('Value'), th('Details')]],
      [
        [cell('05/01/2024', { rowspan: 3 }), cell('Weight'), cell('88 kg'), cell('standing')],
        [cell('Pulse'), cell('72/min'), cell('resting')],
        [cell('BP'), cell('120/80'), cell('seated')],
        [cell('05/02/2024'), cell('Weight'), cell('87 kg'), cell('')],
      ],
    );
    expect(grid.columns).toBe(4);
    expect(grid.headRows).toBe(1);
    expect(slots(grid)).toEqual([
      ['Date', 'Test', 'Value', 'Details'],
      ['05/01/2024', 'Weight', '88 kg', 'standing'],
      ['05/01/2024', 'Pulse', '72/min', 'resting'],
      ['05/01/2024', 'BP', '120/80', 'seated'],
      ['05/02/2024', 'Weight', '87 kg', ''],
    ]);
    expect(grid.byRow[1]![0]).toMatchObject({ row: 1, col: 0, rowspan: 3, colspan: 1 });
    expect(grid.byRow[2]!.map((p) => p.col)).toEqual([1, 2, 3]);
    expect(rowBands(grid)).toEqual([
      [0, 0],
      [1, 3],
      [4, 4],
    ]);
  });

  it('places column spans, and cells spanning rows and columns at once', () => {
    const grid = tableGrid(
      [[th('Test'), cell('Result', { colspan: 2 }, true)]],
      [[cell('CBC', { rowspan: 2, colspan: 2 }), cell('a')], [cell('b')], [cell('x'), cell('y'), cell('z')]],
    );
    expect(slots(grid)).toEqual([
      ['Test', 'Result', 'Result'],
      ['CBC', 'CBC', 'a'],
      ['CBC', 'CBC', 'b'],
      ['x', 'y', 'z'],
    ]);
  });

  it('pads ragged rows with empty slots so every row has every column', () => {
    const grid = tableGrid([], [[cell('a'), cell('b'), cell('c')], [cell('d')], []]);
    expect(grid.columns).toBe(3);
    expect(slots(grid)).toEqual([
      ['a', 'b', 'c'],
      ['d', '', ''],
      ['', '', ''],
    ]);
    expect(grid.byRow[1]!.filter((p) => p.cell === null)).toHaveLength(2);
  });

  it('clamps spans past the table: rows to the end of their group, columns to the last column', () => {
    const grid = tableGrid(
      [[th('A'), th('B')]],
      [[cell('long', { rowspan: 50 }), cell('wide', { colspan: 40 })], [cell('c')]],
    );
    expect(grid.columns).toBe(2);
    expect(grid.byRow[1]![0]).toMatchObject({ rowspan: 2 });
    expect(grid.byRow[1]![1]).toMatchObject({ colspan: 1 });
    expect(slots(grid)).toEqual([
      ['A', 'B'],
      ['long', 'wide'],
      ['long', 'c'],
    ]);
  });

  it('does not let a head cell span down into the body', () => {
    const grid = tableGrid([[cell('H', { rowspan: 3 }, true), th('I')]], [[cell('a'), cell('b')]]);
    expect(grid.byRow[0]![0]!.rowspan).toBe(1);
    expect(slots(grid)).toEqual([
      ['H', 'I'],
      ['a', 'b'],
    ]);
  });

  it('stops a column span before a slot a row span above already covers', () => {
    const grid = tableGrid(
      [],
      [[cell('a'), cell('tall', { rowspan: 2 }), cell('c')], [cell('wide', { colspan: 3 })]],
    );
    expect(slots(grid)).toEqual([
      ['a', 'tall', 'c'],
      ['wide', 'tall', ''],
    ]);
  });

  it('shows a cell in a group of columns where it starts, and an empty one where it continues', () => {
    const grid = tableGrid([], [[cell('a'), cell('wide', { colspan: 3 }), cell('z')]]);
    expect(gridInGroup(grid, [0, 1, 2]).map((row) => row.map((p) => [p.at, p.span, p.starts]))).toEqual([
      [
        [0, 1, true],
        [1, 2, true],
      ],
    ]);
    expect(gridInGroup(grid, [0, 3, 4]).map((row) => row.map((p) => [p.at, p.span, p.starts]))).toEqual([
      [
        [0, 1, true],
        [1, 1, false],
        [2, 1, true],
      ],
    ]);
  });
});
