import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectAccessible } from './helpers/axe';
import { MANAGER, signIn } from './helpers/signIn';

/*
 * The job list (spec 01 §2, §4, §5, §9) against a real server with demo data, signed in as the
 * manager (Meridian Valley Health: the structure with 12 client facilities).
 */

const STRUCTURE = /Meridian Valley Health/;
const QUEUES = {
  pending: 'Pending Distribution',
  hq: 'Hold Queue',
  failed: 'Failed Distribution',
  all: 'All Jobs',
} as const;
type Queue = keyof typeof QUEUES;

interface Counts {
  pending: number;
  hq: number;
  failed: number;
  all: number;
}

interface Row {
  jobId: number;
  patientName: string | null;
  dictatedDate: string | null;
  workType: string;
}

/** The structure's client facilities, in batches of four (the demo's batch size). */
async function facilityBatches(page: Page, cs: string): Promise<number[][]> {
  const cfs = (await (await page.request.get(`/api/settings/cfs/${cs}`)).json()) as number[];
  const batches: number[][] = [];
  for (let i = 0; i < cfs.length; i += 4) batches.push(cfs.slice(i, i + 4));
  return batches;
}

/** The server's counts for the whole structure: getcounts per batch, summed. */
async function serverCounts(page: Page, cs: string): Promise<Counts> {
  const total: Counts = { pending: 0, hq: 0, failed: 0, all: 0 };
  for (const batch of await facilityBatches(page, cs)) {
    const part = (await (
      await page.request.get(`/api/jobs/getcounts?corpId=${cs}&cfs=${batch.join(',')}`)
    ).json()) as Counts;
    for (const q of Object.keys(total) as Queue[]) total[q] += part[q];
  }
  return total;
}

/** The server's rows of the All Jobs queue, concatenated in batch order (the list's load order). */
async function serverAllRows(page: Page, cs: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const batch of await facilityBatches(page, cs)) {
    rows.push(
      ...((await (
        await page.request.get(`/api/jobs/alljobs?corpId=${cs}&cfs=${batch.join(',')}`)
      ).json()) as Row[]),
    );
  }
  return rows;
}

/** Waits until the list has loaded (no busy table area, a record line). */
async function listReady(page: Page): Promise<void> {
  await expect(page.getByTestId('record-line')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The record line's N of 'Showing X of N Records'. */
async function recordTotal(page: Page): Promise<number> {
  const text = (await page.getByTestId('record-line').textContent()) ?? '';
  const match = /^Showing ([\d,]+) of ([\d,]+) Records$/.exec(text.trim());
  expect(match, `record line "${text}"`).not.toBeNull();
  return Number(match![2]!.replaceAll(',', ''));
}

/** Job ids of the rows on the page, in order. */
async function pageJobIds(page: Page): Promise<number[]> {
  return page
    .locator('tbody tr[data-job-id]')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-job-id'))));
}

/** The visible columns' headings, in order. */
async function headings(page: Page): Promise<string[]> {
  return page
    .locator('thead th[data-column]')
    .evaluateAll((ths) => ths.map((th) => th.textContent?.trim() ?? ''));
}

/** Headings cut short (their text or sort icon wider than the column): none should be. */
async function clippedHeadings(page: Page): Promise<string[]> {
  return page
    .locator('thead th[data-column]')
    .evaluateAll((ths) =>
      ths.filter((th) => th.scrollWidth > th.clientWidth).map((th) => th.textContent?.trim() ?? ''),
    );
}

async function chooseSelectOption(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The grouping is a native select: a person picks the option by its label. */
async function chooseGrouping(page: Page, label: string): Promise<void> {
  await page.getByTestId('group-by').selectOption({ label });
}

/** The grouping's chosen option, as the select shows it. */
function chosenGrouping(page: Page) {
  return page.getByTestId('group-by').locator('option:checked');
}

/** Signs in and opens the structure's list from the chooser. */
async function openStructure(page: Page): Promise<string> {
  await signIn(page, MANAGER, '/jobs');
  const dialog = page.getByRole('dialog', { name: 'Select a Corporate Structure' });
  await expect(dialog).toBeVisible();
  await page.getByPlaceholder('Type to find a Corporate Structure...').fill('Meridian');
  await page.getByRole('option', { name: STRUCTURE }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/jobs\/\d+\/pending$/);
  await listReady(page);
  return /\/jobs\/(\d+)\//.exec(page.url())![1]!;
}

async function openQueue(page: Page, queue: Queue): Promise<void> {
  await page.getByTestId(`ticker-${queue}`).getByRole('button').first().click();
  await expect(page).toHaveURL(new RegExp(`/jobs/\\d+/${queue}$`));
  await listReady(page);
}

async function tickerCount(page: Page, queue: Queue): Promise<number> {
  const count = page.getByTestId(`ticker-count-${queue}`);
  await expect(count).toHaveAttribute('data-state', 'ready');
  return Number(((await count.textContent()) ?? '').replaceAll(',', ''));
}

/** The list's User Timing measures (joblist:*), for the report. */
async function timings(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance.getEntriesByType('measure').map((m) => `${m.name} ${m.duration.toFixed(1)} ms`),
  );
}

test('choose a structure; every ticker shows the server count and opens its queue', async ({ page }) => {
  await signIn(page, MANAGER, '/jobs');
  await expect(page.getByRole('dialog', { name: 'Select a Corporate Structure' })).toBeVisible();
  await expect(page).toHaveTitle('Jobs - Quill');
  await page.screenshot({ path: 'artifacts/jobs-list-chooser.png' });
  await expectAccessible(page, 'the corporate structure chooser');
  await page.getByPlaceholder('Type to find a Corporate Structure...').fill('Meridian');
  await page.getByRole('option', { name: STRUCTURE }).click();
  // Enter confirms.
  await page.getByPlaceholder('Type to find a Corporate Structure...').press('Enter');
  await expect(page).toHaveURL(/\/jobs\/\d+\/pending$/);
  await listReady(page);
  const cs = /\/jobs\/(\d+)\//.exec(page.url())![1]!;
  await expect(page.getByTestId('corporate-structure-name')).toHaveText(STRUCTURE);
  await expect(page).toHaveTitle('Jobs - Quill');

  const expected = await serverCounts(page, cs);
  for (const queue of ['pending', 'hq', 'failed', 'all'] as const) {
    await openQueue(page, queue);
    expect(await tickerCount(page, queue), `${queue} ticker`).toBe(expected[queue]);
    expect(await recordTotal(page), `${queue} list`).toBe(expected[queue]);
    await expect(page.getByTestId(`ticker-${queue}`).getByRole('button').first()).toHaveAttribute(
      'aria-current',
      'page',
    );
  }

  await openQueue(page, 'pending');
  expect(await clippedHeadings(page)).toEqual([]);
  await page.screenshot({ path: 'artifacts/jobs-list-pending.png' });
  await expectAccessible(page, 'the pending list');

  // An unknown list type becomes pending, with a warning.
  await page.goto(`/jobs/${cs}/nonsense`);
  await expect(page).toHaveURL(new RegExp(`/jobs/${cs}/pending$`));
  await expect(
    page.getByText('There is no job list called "nonsense". Showing Pending Distribution instead.'),
  ).toBeVisible();

  // Change returns to the chooser.
  await page.getByRole('button', { name: 'Change corporate structure' }).click();
  await expect(page).toHaveURL(/\/jobs$/);
  await expect(page.getByRole('dialog', { name: 'Select a Corporate Structure' })).toBeVisible();
});

test('sort by dictated date both ways, group by work type, search, page size and expand', async ({
  page,
}) => {
  const cs = await openStructure(page);
  await openQueue(page, 'all');
  const rows = await serverAllRows(page, cs);
  const total = await recordTotal(page);
  expect(total).toBe(rows.length);

  await chooseSelectOption(page, 'page-size', '25');
  await expect(page.locator('tbody tr[data-job-id]')).toHaveCount(25);
  await expect(page.getByTestId('record-line')).toHaveText(
    `Showing 25 of ${total.toLocaleString('en-US')} Records`,
  );

  // Dictated ascending: missing dates first, ties in load order; then descending.
  const byDate = (ascending: boolean) =>
    rows
      .map((r, i) => ({ r, i }))
      .sort((a, b) => {
        const x = a.r.dictatedDate;
        const y = b.r.dictatedDate;
        const c = x === y ? 0 : x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
        return (ascending ? c : -c) || a.i - b.i;
      })
      .map(({ r }) => r.jobId)
      .slice(0, 100);
  const dictated = page.getByRole('button', { name: /^Dictated/ });
  await dictated.click();
  await expect(page.getByRole('columnheader', { name: /^Dictated/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  expect(await pageJobIds(page)).toEqual(byDate(true).slice(0, 25));
  await dictated.click();
  await expect(page.getByRole('columnheader', { name: /^Dictated/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  expect(await pageJobIds(page)).toEqual(byDate(false).slice(0, 25));

  // 100 rows a page: the table renders the rows in view; its last row is the 100th.
  await chooseSelectOption(page, 'page-size', '100');
  await expect(page.getByTestId('record-line')).toHaveText(
    `Showing 100 of ${total.toLocaleString('en-US')} Records`,
  );
  expect((await pageJobIds(page)).slice(0, 10)).toEqual(byDate(false).slice(0, 10));
  await page.getByTestId('job-table-scroller').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect.poll(async () => (await pageJobIds(page)).at(-1)).toBe(byDate(false)[99]);
  await page.getByTestId('job-table-scroller').evaluate((el) => el.scrollTo(0, 0));

  // Group by work type: every row sits under its work type's heading.
  await chooseGrouping(page, 'Work Type');
  await expect(page.locator('tbody tr[data-group]').first()).toBeVisible();
  const grouping = await page.evaluate(() => {
    const ths = Array.from(document.querySelectorAll('thead th'));
    const at = ths.findIndex((th) => th.getAttribute('data-column') === 'workType');
    let group: string | null = null;
    const problems: string[] = [];
    let groups = 0;
    for (const tr of Array.from(document.querySelectorAll('tbody tr'))) {
      if (tr.hasAttribute('data-group')) {
        group = tr.getAttribute('data-group');
        groups += 1;
      } else if (tr.hasAttribute('data-job-id')) {
        const text = tr.children[at]?.textContent ?? '';
        if ((group === 'no_group' ? '' : group) !== text)
          problems.push(`${tr.getAttribute('data-job-id')}: ${text} under ${group}`);
      }
    }
    return { groups, problems };
  });
  expect(grouping.problems).toEqual([]);
  expect(grouping.groups).toBeGreaterThan(0);
  await page.screenshot({ path: 'artifacts/jobs-list-grouped.png' });

  // Search a patient name: fewer rows, every one showing it.
  const patient = rows.find((r) => r.patientName)!.patientName!;
  await page.getByRole('searchbox', { name: 'Search' }).fill(patient.toUpperCase());
  await expect.poll(() => recordTotal(page)).toBeLessThan(total);
  const found = await recordTotal(page);
  expect(found).toBeGreaterThan(0);
  for (const text of await page.locator('tbody tr[data-job-id]').allTextContents()) {
    expect(text.toLowerCase()).toContain(patient.toLowerCase());
  }
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await expect.poll(() => recordTotal(page)).toBe(total);

  // Page size 25, then page 2 and Last.
  await chooseSelectOption(page, 'page-size', '25');
  await expect(page.locator('tbody tr[data-job-id]')).toHaveCount(25);
  await expect(page.getByTestId('record-line')).toHaveText(
    `Showing 25 of ${total.toLocaleString('en-US')} Records`,
  );
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.getByRole('button', { name: 'Last', exact: true }).click();
  const lastCount = total % 25 || 25;
  await expect(page.getByTestId('record-line')).toHaveText(
    `Showing ${lastCount} of ${total.toLocaleString('en-US')} Records`,
  );

  // Expand a row: the details panel with the job's age.
  await page.getByRole('button', { name: 'First', exact: true }).click();
  const first = page.locator('tbody tr[data-job-id]').first();
  const jobId = await first.getAttribute('data-job-id');
  await first.getByRole('button', { name: `Show details of job ${jobId}` }).click();
  const details = page.getByRole('region', { name: `Details of job ${jobId}` });
  await expect(details).toBeVisible();
  await expect(details.getByText('Age', { exact: true })).toBeVisible();
  await expect(details.getByTestId('distribution-errors')).toBeVisible();

  console.log(`timings (${total} rows): ${(await timings(page)).join('; ')}`);
});

test('failed jobs show their distribution errors; keyboard moves, checks and expands rows (→)', async ({
  page,
}) => {
  await openStructure(page);
  await openQueue(page, 'failed');
  const first = page.locator('tbody tr[data-job-id]').first();
  const jobId = await first.getAttribute('data-job-id');
  await first.focus();
  await page.keyboard.press('ArrowRight');
  const details = page.getByRole('region', { name: `Details of job ${jobId}` });
  await expect(details).toBeVisible();
  const errors = details.getByTestId('distribution-errors');
  await expect(errors.getByRole('columnheader', { name: 'Description' })).toBeVisible();
  expect(await errors.locator('tbody tr').count()).toBeGreaterThan(0);
  await page.screenshot({ path: 'artifacts/jobs-list-details.png' });
  await expectAccessible(page, 'the list with an expanded row');

  // Arrow down moves the focused row; Space checks it.
  await first.focus();
  await page.keyboard.press('ArrowDown');
  const second = page.locator('tbody tr[data-job-id]').nth(1);
  await expect(second).toBeFocused();
  await page.keyboard.press(' ');
  await expect(second).toHaveAttribute('aria-selected', 'true');
});

test('checked rows: the bulk actions tooltip counts them; select all asks first', async ({ page }) => {
  await openStructure(page);
  await openQueue(page, 'all');
  const total = await recordTotal(page);
  const bulk = page.getByTestId('bulk-actions');
  await expect(bulk).toBeDisabled();

  const rows = page.locator('tbody tr[data-job-id]');
  for (let i = 0; i < 3; i++) await rows.nth(i).getByRole('checkbox').check();
  await expect(bulk).toBeEnabled();
  await page.getByTestId('bulk-actions-wrapper').hover();
  await expect(page.getByRole('tooltip')).toHaveText('3 jobs selected');
  await page.screenshot({ path: 'artifacts/jobs-list-selected.png' });
  await expectAccessible(page, 'the list with checked rows');

  await page.getByTestId('select-page').check();
  const confirm = page.getByRole('dialog', { name: 'Confirm Select All' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: `Select All ${total.toLocaleString('en-US')}` }).click();
  await expect(confirm).toBeHidden();
  await page.getByTestId('bulk-actions-wrapper').hover();
  await expect(page.getByRole('tooltip')).toHaveText(`${total.toLocaleString('en-US')} jobs selected`);
});

test('export the visible columns as .xlsx; reload keeps structure, queue, sort, grouping and columns', async ({
  page,
}, testInfo) => {
  const cs = await openStructure(page);
  await openQueue(page, 'all');
  const count = await tickerCount(page, 'all');

  await page.getByRole('button', { name: /^Signed/ }).click();
  await page.getByRole('button', { name: /^Signed/ }).click();
  await chooseGrouping(page, 'Department');
  await page.getByRole('button', { name: 'Column Options' }).click();
  await page.getByRole('checkbox', { name: 'Clinic' }).check();
  await page.getByRole('checkbox', { name: 'Location' }).uncheck();
  await page.keyboard.press('Escape');
  const shown = await headings(page);
  expect(await clippedHeadings(page)).toEqual([]);
  expect(shown).toContain('Clinic');
  expect(shown).not.toContain('Location');
  expect(shown).toContain('Subject ID');

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export' }).click();
  const download = await downloading;
  const file = testInfo.outputPath('joblist.xlsx');
  await download.saveAs(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  expect(header).toEqual(shown);
  expect(sheet.actualRowCount - 1).toBe(count);

  await page.reload();
  await listReady(page);
  await expect(page).toHaveURL(new RegExp(`/jobs/${cs}/all$`));
  await expect(page.getByTestId('corporate-structure-name')).toHaveText(STRUCTURE);
  await expect(page.getByRole('columnheader', { name: /^Signed/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(chosenGrouping(page)).toHaveText('Department');
  expect(await headings(page)).toEqual(shown);

  // /jobs opens the stored structure and queue.
  await page.goto('/jobs');
  await expect(page).toHaveURL(new RegExp(`/jobs/${cs}/all$`));
  await listReady(page);

  // Reset: back to the defaults.
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(chosenGrouping(page)).toHaveText('No grouping');
  expect(await headings(page)).not.toContain('Clinic');
  expect(await headings(page)).toContain('Location');
});

/*
 * Issue 39 row 9: the export holds what is on screen — the searched rows only, in the sort on
 * screen, with only the visible columns — not the whole queue in load order.
 */
test('export follows the screen: a searched surname, sorted by Dictated descending, without Location', async ({
  page,
}, testInfo) => {
  const cs = await openStructure(page);
  await openQueue(page, 'all');
  const total = await recordTotal(page);
  // A surname a handful of jobs share (as "Hoffman" did in the report).
  const bySurname = new Map<string, number>();
  for (const row of await serverAllRows(page, cs)) {
    const surname = row.patientName?.split(',')[0];
    if (surname && surname.length > 4) bySurname.set(surname, (bySurname.get(surname) ?? 0) + 1);
  }
  const surname = [...bySurname].filter(([, n]) => n >= 3 && n <= 10).sort((a, b) => b[1] - a[1])[0]![0];

  await chooseSelectOption(page, 'page-size', '100');
  await page.getByRole('searchbox', { name: 'Search' }).fill(surname);
  await expect.poll(() => recordTotal(page)).toBeLessThan(total);
  const found = await recordTotal(page);
  expect(found).toBeGreaterThanOrEqual(3);
  await page.getByRole('button', { name: /^Dictated/ }).click();
  await page.getByRole('button', { name: /^Dictated/ }).click();
  await expect(page.getByRole('columnheader', { name: /^Dictated/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await page.getByRole('button', { name: 'Column Options' }).click();
  await page.getByRole('checkbox', { name: 'Location' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(page.locator('tbody tr[data-job-id]')).toHaveCount(found);

  const shown = await headings(page);
  expect(shown).not.toContain('Location');
  const jobIds = await pageJobIds(page);
  const dictatedAt = shown.indexOf('Dictated');
  const patientAt = shown.indexOf('Patient Name');
  const screenCells = await page.locator('tbody tr[data-job-id]').evaluateAll(
    (trs, { at, count }) =>
      trs.map((tr) => {
        // The column cells are the row's last cells (after the checkbox, expander and indicators).
        const cells = Array.from(tr.querySelectorAll(':scope > td')).slice(-count);
        return at.map((i) => cells[i]?.textContent?.trim() ?? '');
      }),
    { at: [patientAt, dictatedAt], count: shown.length },
  );
  await page.screenshot({ path: 'artifacts/jobs-list-export-screen.png' });

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export' }).click();
  const file = testInfo.outputPath('joblist-searched.xlsx');
  await (await downloading).saveAs(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1).map(String)).toEqual(shown);
  expect(sheet.actualRowCount - 1).toBe(found);
  const jobIdAt = shown.indexOf('Job ID') + 1;
  const fileRows = Array.from({ length: found }, (_, i) => sheet.getRow(i + 2));
  expect(fileRows.map((r) => Number(r.getCell(jobIdAt).value))).toEqual(jobIds);
  expect(
    fileRows.map((r) => [
      String(r.getCell(patientAt + 1).value),
      String(r.getCell(dictatedAt + 1).value ?? ''),
    ]),
  ).toEqual(screenCells);
  // Every row of the file holds the searched text in one of its cells (a patient's or a dictator's name).
  for (const row of fileRows)
    expect(JSON.stringify(row.values).toLowerCase()).toContain(surname.toLowerCase());
});

test('at 1280 px: checkbox, actions and job id stay in view while the table scrolls; the job opens from its id, a double-click and Enter', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openStructure(page);
  const scroller = page.getByTestId('job-table-scroller');
  const box = (await scroller.boundingBox())!;
  const inView = async (locator: ReturnType<Page['locator']>) => {
    const b = (await locator.boundingBox())!;
    return b.x >= box.x - 1 && b.x + b.width <= box.x + box.width + 1;
  };
  // The table is wider than the window: it scrolls sideways to the last columns.
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await scroller.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  await expect(page.locator('thead th[data-column="stageName"]')).toBeVisible();
  expect(await inView(page.locator('thead th[data-column="stageName"]'))).toBe(true);
  expect(await inView(page.locator('thead th[data-column="formattedDateOfService"]'))).toBe(true);
  // The pinned cells are still where they were.
  const first = page.locator('tbody tr[data-job-id]').first();
  const jobId = (await first.getAttribute('data-job-id'))!;
  const link = first.getByRole('link', { name: `Job ${jobId}`, exact: true });
  expect(await inView(link)).toBe(true);
  expect(await inView(first.getByRole('checkbox', { name: `Select job ${jobId}` }))).toBe(true);
  expect((await link.boundingBox())!.x).toBeLessThan(box.x + 400);

  // The expanded row's Open button is at the left, in view, however far the table is scrolled.
  await first.getByRole('button', { name: `Show details of job ${jobId}` }).click();
  const open = page.getByRole('link', { name: `Open job ${jobId}` });
  await expect(open).toBeVisible();
  expect(await inView(open)).toBe(true);
  expect((await open.boundingBox())!.x).toBeLessThan(box.x + 200);
  await page.screenshot({ path: 'artifacts/jobs-list-1280.png' });

  // No legacy host: the job id opens the job in Quill.
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/job/${jobId}$`));
  await page.goBack();
  await listReady(page);

  // A double-click on the row (not on a control) opens it too.
  const second = page.locator('tbody tr[data-job-id]').nth(1);
  const secondId = (await second.getAttribute('data-job-id'))!;
  await second.locator('td').nth(6).dblclick();
  await expect(page).toHaveURL(new RegExp(`/job/${secondId}$`));
  await page.goBack();
  await listReady(page);

  // And Enter on a focused row.
  const third = page.locator('tbody tr[data-job-id]').nth(2);
  const thirdId = (await third.getAttribute('data-job-id'))!;
  await third.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/job/${thirdId}$`));
});

test('page 2 says which records it shows', async ({ page }) => {
  await openStructure(page);
  await expect(page.getByTestId('record-range')).toHaveText(' (records 1–10)');
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page.getByTestId('record-range')).toHaveText(' (records 11–20)');
  expect(await recordTotal(page)).toBeGreaterThan(20);
});
