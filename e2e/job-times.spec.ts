import { expect, type Page, test } from '@playwright/test';
import { STRUCTURE } from './helpers/jobs';
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
