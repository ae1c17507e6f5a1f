import type { JobListColumn } from '@quill/core/rules/jobList/jobListColumns';
import { screenOrder } from '@quill/core/rules/jobList/jobListScreen';
import type { JobListLabels } from '@quill/core/rules/jobList/jobListValues';
import { stageLabel } from '@quill/core/rules/jobList/stages';
import { describe, expect, it } from 'vitest';
import { JobListIndex } from '../data/jobListIndex';
import { runInSlices } from '../data/slices';
import { jobRow } from '../testing/jobListFixtures';
import {
  filterOrder,
  groupCounts,
  groupOrder,
  type JobListViewResult,
  jobIdsAt,
  pageItems,
  sortOrder,
} from './jobListView';

const labels: JobListLabels = {
  stat: 'STAT',
  patientWithheld: 'Patient Name',
  mrnWithheld: 'Subject ID',
  stage: stageLabel,
  durationUnits: { days: 'd', hours: 'h', minutes: 'm' },
};

const rows = [
  jobRow(1, {
    patientName: 'Núñez, Leah',
    workType: 'Consultation',
    dictatedDate: '2026-10-02T10:00:00.000Z',
    clinic: 'Harbor Clinic',
  }),
  jobRow(2, { patientName: 'Cruz, José', workType: '', dictatedDate: null, department: 'Oncology' }),
  jobRow(3, { patientName: null, workType: 'Progress Note', dictatedDate: '2026-09-30T08:00:00.000Z' }),
  jobRow(4, {
    patientName: 'Young, Camila',
    workType: 'Consultation',
    dictatedDate: '2026-10-05T12:00:00.000Z',
    stat: true,
  }),
  jobRow(5, { patientName: 'Harbor, Ann', workType: 'Progress Note', dictatedDate: null }),
];

function ids(index: JobListIndex, order: Uint32Array): number[] {
  return jobIdsAt(index, order);
}

describe('job list view (spec 01 §5, §9)', () => {
  const index = new JobListIndex(rows, labels);
  const visible = ['stat', 'filterJobId', 'patientName', 'workType', 'department'] as const;

  it('sorts by the dictated date with missing dates lowest, both ways', () => {
    const asc = sortOrder(index, { column: 'formattedDictatedDate', ascending: true });
    expect(ids(index, asc)).toEqual([2, 5, 3, 1, 4]);
    const desc = sortOrder(index, { column: 'formattedDictatedDate', ascending: false });
    expect(ids(index, desc)).toEqual([4, 1, 3, 2, 5]);
    expect(ids(index, sortOrder(index, null))).toEqual([1, 2, 3, 4, 5]);
  });

  it('searches the visible columns only, case-insensitively', () => {
    const found = (order: Uint32Array, query: string, columns: readonly JobListColumn[] = visible) =>
      ids(index, filterOrder(order, index.searchMatches(columns, query)));
    const all = index.loadOrder;
    expect(found(all, 'CONSULT')).toEqual([1, 4]);
    expect(found(all, 'josé')).toEqual([2]);
    // "Harbor" is a patient (visible) and a clinic (hidden): only the patient matches.
    expect(found(all, 'harbor')).toEqual([5]);
    // The withheld label and the STAT marker are searchable as shown.
    expect(found(all, 'patient name')).toEqual([3]);
    expect(found(all, 'stat')).toEqual([4]);
    expect(found(all, '  ')).toEqual([1, 2, 3, 4, 5]);
    // With clinic visible, the clinic matches too.
    expect(found(all, 'harbor', [...visible, 'clinic'])).toEqual([1, 5]);
    // In the order given.
    expect(found(sortOrder(index, { column: 'filterJobId', ascending: false }), 'consult')).toEqual([4, 1]);
  });

  it('groups rows, the sort kept inside groups, no_group last with its heading', () => {
    const sorted = sortOrder(index, { column: 'filterJobId', ascending: false });
    const grouped = groupOrder(index, sorted, 'workType');
    expect(ids(index, grouped)).toEqual([4, 1, 5, 3, 2]);
    const of = index.groups('workType');
    const view: JobListViewResult = {
      order: grouped,
      groups: { column: 'workType', of, counts: groupCounts(grouped, of) },
    };
    const page = pageItems(index, view, 0, 3);
    expect(page.map((i) => (i.kind === 'group' ? `[${i.key} ${i.count}]` : i.row.jobId))).toEqual([
      '[Consultation 2]',
      4,
      1,
      '[Progress Note 2]',
      5,
    ]);
    const next = pageItems(index, view, 1, 3);
    expect(
      next.map((i) =>
        i.kind === 'group' ? `[${i.key} ${i.count}${i.continued ? ' cont' : ''}]` : i.row.jobId,
      ),
    ).toEqual(['[Progress Note 2 cont]', 3, '[no_group 1]', 2]);
    // Searched: a group counts only its shown rows.
    const progress = filterOrder(grouped, index.searchMatches(visible, 'progress'));
    expect(Array.from(groupCounts(progress, of))).toEqual([0, 2, 0]);
  });

  it('pages without grouping: only the page rows', () => {
    const view: JobListViewResult = { order: index.loadOrder, groups: null };
    expect(pageItems(index, view, 1, 2).map((i) => (i.kind === 'row' ? i.row.jobId : 0))).toEqual([3, 4]);
    expect(pageItems(index, view, 2, 2).map((i) => (i.kind === 'row' ? i.row.jobId : 0))).toEqual([5]);
  });

  it('warms search texts and ranks in slices, and answers the same', async () => {
    const fresh = new JobListIndex(rows, labels);
    expect(fresh.hasSearchTexts(visible)).toBe(false);
    await runInSlices(fresh.warmSteps(visible), new AbortController().signal, 'background', 0);
    expect(fresh.hasSearchTexts(visible)).toBe(true);
    expect(ids(fresh, sortOrder(fresh, { column: 'patientName', ascending: true }))).toEqual([3, 2, 5, 1, 4]);
  });

  it('builds the search texts of a column once when a search comes while the warm-up builds them', async () => {
    let stageLabels = 0;
    const counting: JobListLabels = {
      ...labels,
      stage: (id, name) => {
        stageLabels++;
        return stageLabel(id, name);
      },
    };
    const many = Array.from({ length: 3_000 }, (_, i) => jobRow(i + 1, { patientName: `Patient ${i}` }));
    const fresh = new JobListIndex(many, counting);
    // Only the search texts read the stage's label: once a row (plain rows) when built once.
    const columns = [...visible, 'stageName'] as const;
    const warm = fresh.searchTextSteps(columns);
    warm.next();
    await runInSlices(fresh.searchTextSteps(columns), new AbortController().signal);
    expect(fresh.hasSearchTexts(columns)).toBe(true);
    expect(warm.next().done).toBe(true);
    expect(stageLabels).toBe(3_000);
    const found = filterOrder(fresh.loadOrder, fresh.searchMatches(columns, 'patient 2999'));
    expect(ids(fresh, found)).toEqual([3_000]);
    // Kept per column: a column shown again, or another set of columns, builds no column twice.
    fresh.searchMatches(['stageName', 'department'], 'x');
    expect(stageLabels).toBe(3_000);
    expect(fresh.hasSearchTexts(['department'])).toBe(true);
  });

  it('sorts, groups and searches 100,000 rows (speed is measured by bench/job-list)', () => {
    const big = Array.from({ length: 100_000 }, (_, i) =>
      jobRow(i + 1, {
        patientName: `Patient ${i % 9973}`,
        workType: `Type ${i % 23}`,
        dictatedDate: i % 17 ? new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString() : null,
      }),
    );
    const bigIndex = new JobListIndex(big, labels);
    bigIndex.ranks('formattedDictatedDate');
    bigIndex.groups('workType');
    const sorted = sortOrder(bigIndex, { column: 'formattedDictatedDate', ascending: false });
    // Newest first, rows without a date last.
    expect(big[sorted[0]!]!.jobId).toBe(100_000);
    expect(big[sorted[99_999]!]!.dictatedDate).toBeNull();
    const grouped = groupOrder(bigIndex, sorted, 'workType');
    const firstGroup = big[grouped[0]!]!.workType;
    expect(big[grouped[1]!]!.workType).toBe(firstGroup);
    const found = filterOrder(grouped, bigIndex.searchMatches(visible, 'patient 99'));
    expect(found.length).toBe(big.filter((r) => r.patientName!.toLowerCase().includes('patient 99')).length);
    for (const position of found) expect(big[position]!.patientName!.toLowerCase()).toContain('patient 99');
  });

  it('shows the order the Excel export builds with core’s screenOrder, for every sort, grouping and search', () => {
    // Issue 39: the export holds the rows on screen in screen order; both come from one rule.
    const many = Array.from({ length: 240 }, (_, i) =>
      jobRow(i + 1, {
        patientName: i % 11 ? `${['Hoffman', 'Núñez', 'Cruz', 'Young'][i % 4]}, P${i % 7}` : null,
        workType: ['Consultation', '', 'Progress Note'][i % 3]!,
        dictatedDate: i % 5 ? new Date(Date.UTC(2026, 9, 1 + (i % 9), i % 24)).toISOString() : null,
        stat: i % 13 === 0,
      }),
    );
    const shown = new JobListIndex(many, labels);
    const sorts = [
      null,
      ...(['patientName', 'formattedDictatedDate', 'stat'] as const).flatMap((column) =>
        [true, false].map((ascending) => ({ column, ascending })),
      ),
    ];
    for (const sort of sorts)
      for (const group of [null, 'workType', 'patientName'] as const)
        for (const search of ['', 'hoff', 'p3', 'zzz']) {
          const grouped = groupOrder(shown, sortOrder(shown, sort), group);
          const onScreen = search ? filterOrder(grouped, shown.searchMatches(visible, search)) : grouped;
          const exported = screenOrder(many, { search, sort, group, columns: visible }, labels);
          expect(Array.from(exported), JSON.stringify({ sort, group, search })).toEqual(Array.from(onScreen));
        }
  });
});
