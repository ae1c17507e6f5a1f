import { expect, type Page, test } from '@playwright/test';
import { STRUCTURE, structureRows } from './helpers/jobs';
import { MANAGER, signIn } from './helpers/signIn';

/*
 * Issue 18 point 2: a job's dictated time reads the same in the list row, the expanded row and the
 * job page — the facility's wall clock — even when the browser is in another zone (Tokyo here,
 * while the demo facilities are in New York and Chicago). The job page labels it with the zone.
 */
test.use({ timezoneId: 'Asia/Tokyo' });

interface ListRow {
  jobId: number;
  dictatedDate: string | null;
  formattedDictatedDate: string;
}

/** The structure and a dictated job whose facility day differs from UTC's, if the demo has one. */
async function pickJob(page: Page): Promise<{ cs: number; row: ListRow }> {
  const structures = (await (await page.request.get('/api/jobs/getusercs')).json()) as {
    id: number;
    companyNameId: string;
  }[];
  const cs = structures.find((s) => STRUCTURE.test(s.companyNameId))!.id;
  const cfs = (await (await page.request.get(`/api/settings/cfs/${cs}`)).json()) as number[];
  const rows = (await (
    await page.request.get(`/api/jobs/alljobs?corpId=${cs}&cfs=${cfs.join(',')}`)
  ).json()) as ListRow[];
  const dictated = rows.filter((r) => r.dictatedDate && r.formattedDictatedDate);
  expect(dictated.length).toBeGreaterThan(0);
  // Evening in America is the next day in UTC: the day the two clocks disagree on.
  const utcDay = (r: ListRow) => r.dictatedDate!.slice(8, 10);
  const localDay = (r: ListRow) => r.formattedDictatedDate.slice(3, 5);
  const row = dictated.find((r) => utcDay(r) !== localDay(r)) ?? dictated[0]!;
  return { cs, row };
}

test('the list row, the expanded row and the job page show the same facility time', async ({ page }) => {
  await signIn(page, MANAGER);
  const { cs, row } = await pickJob(page);
  const jobId = row.jobId;

  await page.goto(`/jobs/${cs}/all`);
  await expect(page.getByTestId('record-line')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(String(jobId));
  const line = page.locator(`tbody tr[data-job-id="${jobId}"]`);
  await expect(line).toBeVisible();
  const column = await page
    .locator('thead th')
    .evaluateAll((ths) =>
      ths.findIndex((th) => (th as HTMLElement).dataset.column === 'formattedDictatedDate'),
    );
  expect(column, 'the Dictated column is shown').toBeGreaterThanOrEqual(0);
  const listText = ((await line.locator('td').nth(column).textContent()) ?? '').trim();
  expect(listText).toBe(row.formattedDictatedDate);

  await line.getByRole('button', { name: `Show details of job ${jobId}` }).click();
  const panel = page.getByRole('region', { name: `Details of job ${jobId}` });
  await expect(panel).toBeVisible();
  const panelDictated = panel
    .locator('dt', { hasText: /^Dictated$/ })
    .locator('xpath=following-sibling::dd[1]');
  await expect(panelDictated).toHaveText(listText);
  await page.screenshot({ path: 'artifacts/job-times-list.png' });

  await panel.getByRole('link', { name: `Open job ${jobId}` }).click();
  const header = page.getByRole('region', { name: 'Job details' });
  const pageDictated = header
    .locator('dt', { hasText: /^Dictated$/ })
    .locator('xpath=following-sibling::dd[1]');
  // The facility's date and time, labelled with its zone (the browser's would be Tokyo's, JST).
  await expect(pageDictated).toHaveText(
    new RegExp(`^${listText.replace(/[/.]/g, '\\$&')} (EST|EDT|CST|CDT)$`),
  );
  await page.screenshot({ path: 'artifacts/job-times-job-page.png' });
});

/*
 * Issue 39 row 7: on 11/01/2026 the demo facilities' clocks fall back, so 01:00–01:59 happens
 * twice. The list names the zone of those times ("01:43 EDT", "01:04 EST"), and sorting by
 * Dictated still follows the instant — which now reads right.
 */
test('times in the repeated hour of the DST change show their zone and sort by the instant', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, MANAGER);
  const { cs, rows } = await structureRows<ListRow & { formattedSignedDate: string }>(page);
  const inHour = (text: string | null | undefined) => (text ?? '').startsWith('11/01/2026 01:');
  const repeated = rows.filter((r) => inHour(r.formattedDictatedDate));
  expect(repeated.length, 'demo jobs dictated in the repeated hour').toBeGreaterThanOrEqual(2);
  // The search also finds jobs signed in that hour.
  const found = rows.filter((r) => inHour(r.formattedDictatedDate) || inHour(r.formattedSignedDate));
  const instant = new Map(rows.map((r) => [r.jobId, r.dictatedDate ? Date.parse(r.dictatedDate) : 0]));

  await page.goto(`/jobs/${cs}/all`);
  await expect(page.getByTestId('record-line')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('11/01/2026 01:');
  await expect(page.getByTestId('record-line')).toHaveText(new RegExp(` of ${found.length} Records$`));
  if (found.length > 10) {
    await page.getByTestId('page-size').click();
    await page.getByRole('option').last().click();
  }
  const lines = page.locator('tbody tr[data-job-id]');
  await expect(lines).toHaveCount(Math.min(found.length, 100));
  const dictated = page.getByRole('button', { name: /^Dictated/ });
  await dictated.click();
  await dictated.click();
  await expect(page.getByRole('columnheader', { name: /^Dictated/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const column = await page
    .locator('thead th')
    .evaluateAll((ths) =>
      ths.findIndex((th) => (th as HTMLElement).dataset.column === 'formattedDictatedDate'),
    );
  const shown = await lines.evaluateAll(
    (trs, col) =>
      trs.map((tr) => ({
        jobId: Number((tr as HTMLElement).dataset.jobId),
        text: (tr.querySelectorAll('td')[col]?.textContent ?? '').trim(),
      })),
    column,
  );
  const hour = shown.filter((s) => inHour(s.text));
  expect(hour.length).toBe(repeated.length);
  for (const s of hour) expect(s.text).toMatch(/^11\/01\/2026 01:\d\d (EDT|EST|CDT|CST)$/);
  // Newest instant first, whatever the wall clock reads.
  const instants = shown.map((s) => instant.get(s.jobId)!);
  expect(instants).toEqual([...instants].sort((a, b) => b - a));
  await page.screenshot({ path: 'artifacts/job-times-repeated-hour.png' });
});
