import { describe, expect, it } from 'vitest';
import type { JobListRow } from '../../contract/jobList.js';
import { listRow } from '../../testing/jobListRow.js';
import {
  columnRanks,
  compareSortValues,
  foldText,
  orderByRanks,
  reverseByRanks,
  sortJobRows,
  sortValue,
} from './jobListSort.js';
import type { JobListLabels } from './jobListValues.js';
import { stageLabel } from './stages.js';

const labels: JobListLabels = {
  stat: 'STAT',
  patientWithheld: 'Patient Name',
  mrnWithheld: 'Subject ID',
  stage: stageLabel,
  durationUnits: { days: 'd', hours: 'h', minutes: 'm' },
};

const row = listRow;

const ids = (rows: JobListRow[]) => rows.map((r) => r.jobId);

describe('job list sort (spec 01 §5)', () => {
  const rows = [
    row(1, { dictatedDate: '2026-03-04T15:30:00.000Z', formattedDictatedDate: '03/04/2026 15:30' }),
    row(2, { dictatedDate: null }),
    row(3, { dictatedDate: '2025-12-31T23:59:00.000Z', formattedDictatedDate: '12/31/2025 23:59' }),
    row(4, { dictatedDate: '2026-03-04T15:30:00.000Z', formattedDictatedDate: '03/04/2026 15:30' }),
    row(5, { dictatedDate: null }),
  ];

  it('sorts date columns by the ISO date with missing values lowest', () => {
    const asc = sortJobRows(rows, { column: 'formattedDictatedDate', ascending: true }, labels);
    expect(ids(asc)).toEqual([2, 5, 3, 1, 4]);
    const desc = sortJobRows(rows, { column: 'formattedDictatedDate', ascending: false }, labels);
    expect(ids(desc)).toEqual([1, 4, 3, 2, 5]);
  });

  it('sorts by the ISO date, not by the formatted text', () => {
    // "12/31/2025" sorts after "03/04/2026" as text, but is earlier.
    expect(
      ids(sortJobRows(rows.slice(0, 3), { column: 'formattedDictatedDate', ascending: true }, labels)),
    ).toEqual([2, 3, 1]);
  });

  it('sorts job ids numerically, text without case or accents', () => {
    const byId = [row(10), row(9), row(100)];
    expect(ids(sortJobRows(byId, { column: 'filterJobId', ascending: true }, labels))).toEqual([9, 10, 100]);
    const names = [
      row(1, { patientName: 'Nunez, Zoe' }),
      row(2, { patientName: 'núñez, Ana' }),
      row(3, { patientName: null }),
      row(4, { patientName: 'Abbott, Al' }),
    ];
    expect(ids(sortJobRows(names, { column: 'patientName', ascending: true }, labels))).toEqual([3, 4, 2, 1]);
  });

  it('sorts the stage column by its label', () => {
    const stages = [
      row(1, { stageId: 13, stageName: 'Finished' }),
      row(2, { stageId: 9, stageName: 'Manual Distribution' }),
      row(3, { stageId: 11, stageName: 'ES' }),
    ];
    expect(ids(sortJobRows(stages, { column: 'stageName', ascending: true }, labels))).toEqual([3, 1, 2]);
  });

  it('sorts turnaround by its minutes, not by its shown duration, missing lowest (issue 27)', () => {
    const timed = [
      row(1, { tatFirstTextMinutes: 65 }),
      row(2, { tatFirstTextMinutes: null }),
      row(3, { tatFirstTextMinutes: 3_000 }),
      row(4, { tatFirstTextMinutes: 5 }),
      row(5, { tatFirstTextMinutes: 65 }),
    ];
    // As text '1h 05m' < '2d 2h' < '5m'.
    expect(ids(sortJobRows(timed, { column: 'tatFirstText', ascending: true }, labels))).toEqual([
      2, 4, 1, 5, 3,
    ]);
    expect(ids(sortJobRows(timed, { column: 'tatFirstText', ascending: false }, labels))).toEqual([
      3, 1, 5, 4, 2,
    ]);
    const ranks = columnRanks(timed, 'tatFirstText', labels);
    expect(Array.from(orderByRanks([0, 1, 2, 3, 4], ranks, true), (i) => timed[i]!.jobId)).toEqual([
      2, 4, 1, 5, 3,
    ]);
    expect(sortValue(timed[1]!, 'tatFinished', labels)).toBeNull();
  });

  it('orders missing values lowest in compareSortValues', () => {
    expect(compareSortValues(null, '2026-01-01')).toBeLessThan(0);
    expect(compareSortValues('', null)).toBeGreaterThan(0);
    expect(compareSortValues(null, null)).toBe(0);
    expect(compareSortValues(2, 10)).toBeLessThan(0);
    expect(foldText('Núñez')).toBe('nunez');
    expect(sortValue(row(1), 'formattedSignedDate', labels)).toBeNull();
  });

  it('the precomputed ranks and counting sort give the reference order for every column', () => {
    const many = Array.from({ length: 300 }, (_, i) =>
      row(i + 1, {
        stat: i % 7 === 0,
        dictatedDate: i % 5 === 0 ? null : new Date(Date.UTC(2026, i % 12, (i % 27) + 1)).toISOString(),
        patientName: i % 11 === 0 ? null : `${['Ávila', 'avila', 'Brown', 'cho', 'Éclair'][i % 5]}, ${i % 3}`,
        workType: ['', 'Consultation', 'Discharge Summary', 'consultation'][i % 4]!,
        jobNote: i % 3 ? '' : 'note',
        jobNoteBool: i % 3 === 0,
        stageId: [1, 3, 5, 9, 11, 13, 16, 410][i % 8]!,
        stageName: [
          'Dictated',
          'Hold Queue',
          'Print Failed',
          'Manual Distribution',
          'ES',
          'Finished',
          'Cancelled',
          'Processing',
        ][i % 8]!,
        tatFirstTextMinutes: i % 6 ? (i * 53) % 200 : null,
        tatFinishedMinutes: i % 4 ? i * 1_009 : null,
      }),
    );
    const base = many.map((_, i) => i);
    for (const column of [
      'stat',
      'filterJobId',
      'patientName',
      'formattedDictatedDate',
      'workType',
      'jobNoteBool',
      'stageName',
      'tatFirstText',
      'tatFinished',
    ] as const) {
      const ranks = columnRanks(many, column, labels);
      for (const ascending of [true, false]) {
        const fast = Array.from(orderByRanks(base, ranks, ascending), (i) => many[i]!.jobId);
        expect(fast, `${column} ${ascending}`).toEqual(ids(sortJobRows(many, { column, ascending }, labels)));
      }
    }
  });

  it('sorts job ids in a narrow range and far apart alike (ranks with or without a sort)', () => {
    for (const spacing of [1, 7, 1_000_003]) {
      const rows = Array.from({ length: 200 }, (_, i) => row(((i * 37) % 200) * spacing + 5));
      const ranks = columnRanks(rows, 'filterJobId', labels);
      const base = rows.map((_, i) => i);
      for (const ascending of [true, false])
        expect(Array.from(orderByRanks(base, ranks, ascending), (i) => rows[i]!.jobId)).toEqual(
          ids(sortJobRows(rows, { column: 'filterJobId', ascending }, labels)),
        );
    }
  });

  it('sorts dates from the first to the last a Date can hold, and missing ones lowest', () => {
    const dates = [
      '+275760-09-13T00:00:00.000Z',
      null,
      '2026-11-23T10:00:00.000Z',
      '-271821-04-20T00:00:00.000Z',
    ];
    const rows = Array.from({ length: 40 }, (_, i) => row(i + 1, { dictatedDate: dates[(i * 3) % 4]! }));
    const ranks = columnRanks(rows, 'formattedDictatedDate', labels);
    // Chronological (ISO text of such years would not be): missing 0, then -271821, 2026, +275760.
    expect(Array.from(ranks.subarray(0, 8))).toEqual([3, 1, 2, 0, 3, 1, 2, 0]);
  });

  it('ranks times within months and across centuries alike, equal times one rank', () => {
    // Within months the keys pack a time with its row for one native sort; across 1,500 years
    // they do not fit a double, and the radix sort ranks them.
    for (const spread of [86_400_000, 1e12 * 47]) {
      const rows = Array.from({ length: 300 }, (_, i) =>
        row(i + 1, {
          dictatedDate:
            i % 11 === 0
              ? null
              : new Date(-1e13 + ((i * 7_919) % 97) * (spread / 97) + (i % 2)).toISOString(),
        }),
      );
      const ranks = columnRanks(rows, 'formattedDictatedDate', labels);
      const times = rows.map((r) => (r.dictatedDate === null ? null : Date.parse(r.dictatedDate)));
      const distinct = [...new Set(times.filter((t) => t !== null))].sort((a, b) => a! - b!);
      expect(Array.from(ranks), String(spread)).toEqual(
        times.map((t) => (t === null ? 0 : distinct.indexOf(t) + 1)),
      );
    }
  });

  it('gives missing values rank 0 and equal values one rank', () => {
    const ranks = columnRanks(
      [
        row(1, { workType: 'b' }),
        row(2, { workType: '' }),
        row(3, { workType: 'B' }),
        row(4, { workType: 'a' }),
      ],
      'workType',
      labels,
    );
    expect(Array.from(ranks)).toEqual([2, 0, 2, 1]);
  });

  it('orders 100,000 rows by precomputed ranks, ties in load order', () => {
    const big = Array.from({ length: 100_000 }, (_, i) => row(i + 1, { workType: `W${i % 37}` }));
    const ranks = columnRanks(big, 'workType', labels);
    const order = orderByRanks(
      big.map((_, i) => i),
      ranks,
      false,
    );
    expect(order.length).toBe(100_000);
    // Descending text: W9 first (W9 > W36 as text), its rows in load order.
    expect(Array.from(order.subarray(0, 3))).toEqual([9, 46, 83]);
    expect(big[order[99_999]!]!.workType).toBe('W0');
  });

  it('orders some of the rows (a searched list) as it orders them all', () => {
    const ranks = Int32Array.from({ length: 1_000 }, (_, i) => (i * 7919) % 13);
    const all = orderByRanks(
      Uint32Array.from({ length: 1_000 }, (_, i) => 999 - i),
      ranks,
      true,
    );
    const some = Uint32Array.from({ length: 300 }, (_, i) => 997 - i * 3);
    const wanted = new Set(some);
    expect(Array.from(orderByRanks(some, ranks, true))).toEqual(Array.from(all).filter((i) => wanted.has(i)));
    expect(Array.from(orderByRanks(some, ranks, false))).toEqual(
      Array.from(
        orderByRanks(
          Uint32Array.from({ length: 1_000 }, (_, i) => 999 - i),
          ranks,
          false,
        ),
      ).filter((i) => wanted.has(i)),
    );
  });

  it('turns a stable order into the other direction, ties kept in load order', () => {
    const ranks = Int32Array.from({ length: 1_000 }, (_, i) => (i * 7919) % 13);
    const base = Uint32Array.from({ length: 1_000 }, (_, i) => i);
    const up = orderByRanks(base, ranks, true);
    const down = orderByRanks(base, ranks, false);
    expect(Array.from(reverseByRanks(up, ranks))).toEqual(Array.from(down));
    expect(Array.from(reverseByRanks(down, ranks))).toEqual(Array.from(up));
    // Rows 0 and 1 tie (rank 5) after row 2 (rank 1): first now, still 0 before 1.
    expect(Array.from(reverseByRanks(new Uint32Array([2, 0, 1]), new Int32Array([5, 5, 1])))).toEqual([
      0, 1, 2,
    ]);
    expect(reverseByRanks(new Uint32Array(0), new Int32Array(0)).length).toBe(0);
  });
});
