import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { type DemoUser, MANAGER, signIn } from './helpers/signIn';

/*
 * Job Search and Help on a default install (no legacy host, no documentation URL): both are
 * Quill's own (spec 01 §2 "Top navigation", issue 18).
 */

/** The manager's other account: Kestrel Bay Family Practice only. */
const KESTREL: DemoUser = { username: 'manager', password: 'demo', account: /Kestrel Bay/ };

interface Found {
  rows: { jobId: number; patientName: string | null; corporateStructureId: number }[];
  total: number;
}

async function apiSearch(page: Page, query: string): Promise<Found> {
  const res = await page.request.get(`/api/jobs/search?${query}`);
  expect(res.ok(), query).toBe(true);
  return (await res.json()) as Found;
}

async function openJobSearch(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Job Search' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole('heading', { name: 'Job Search' })).toBeVisible();
}

async function search(page: Page, fields: Record<string, string>): Promise<void> {
  await page.getByRole('button', { name: 'Clear' }).click();
  for (const [label, value] of Object.entries(fields))
    await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

const resultIds = (page: Page) =>
  page
    .getByRole('table', { name: 'Search results' })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-job-id'))));

test('Job Search finds a job by id and by patient, pages, and opens the job', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // From another page of the app (the job list's chooser is a modal that covers the bar).
  await signIn(page, MANAGER, '/schedule/upload');
  await openJobSearch(page);
  await expect(page).toHaveTitle('Job Search - Quill');

  // A job the account can see, with a patient.
  const some = await apiSearch(page, 'from=2000-01-01&pageSize=100');
  const job = some.rows.find((r) => r.patientName)!;
  const lastName = job.patientName!.split(',')[0]!;

  await search(page, { 'Job ID': String(job.jobId) });
  await expect(page.getByTestId('record-line')).toHaveText('Showing 1 of 1 Records');
  expect(await resultIds(page)).toEqual([job.jobId]);

  await search(page, { Patient: lastName });
  await expect(page.getByRole('table', { name: 'Search results' })).toBeVisible();
  const patients = await page
    .getByRole('table', { name: 'Search results' })
    .locator('tbody tr td:nth-child(4)')
    .allTextContents();
  expect(patients.length).toBeGreaterThan(0);
  for (const p of patients) expect(p.toLowerCase().startsWith(lastName.toLowerCase())).toBe(true);

  // Every job dictated since 2000: pages of ten.
  await search(page, { 'Dictated from': '2000-01-01' });
  await expect(page.getByTestId('record-range')).toHaveText(' (records 1–10)');
  const pageOne = await resultIds(page);
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page.getByTestId('record-range')).toHaveText(' (records 11–20)');
  await expect.poll(async () => (await resultIds(page))[0]).not.toBe(pageOne[0]);
  const pageTwo = await resultIds(page);
  expect(pageTwo.filter((id) => pageOne.includes(id))).toEqual([]);

  await expectAccessible(page, 'the Job Search page');
  await page.screenshot({ path: 'artifacts/job-search.png', fullPage: true });

  // The job id opens the job in Quill.
  await page.getByRole('link', { name: String(pageTwo[0]), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/job/${pageTwo[0]}$`));
});

test("Job Search never shows another structure's jobs", async ({ page }) => {
  await signIn(page, KESTREL, '/jobs');
  const own = await apiSearch(page, 'from=2000-01-01&pageSize=100');
  expect(own.total).toBeGreaterThan(0);
  const ownIds = new Set(own.rows.map((r) => r.jobId));
  expect(new Set(own.rows.map((r) => r.corporateStructureId)).size).toBe(1);
  // Job ids are numbered from 1 across the demo's structures: the first one not ours is another's.
  let other = 1;
  while (ownIds.has(other)) other++;

  await page.goto('/search');
  await search(page, { 'Job ID': String(other) });
  await expect(page.getByText('No jobs match this search.')).toBeVisible();
  await search(page, { 'Job ID': String(own.rows[0]!.jobId) });
  await expect(page.getByTestId('record-line')).toHaveText('Showing 1 of 1 Records');
});

test("Help opens Quill's own user guide", async ({ page }) => {
  await signIn(page, MANAGER, '/search');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Help' }).click();
  const guide = await popup;
  await expect(guide).toHaveURL(/\/help$/);
  await expect(guide.getByRole('heading', { name: 'Quill user guide', level: 1 })).toBeVisible();
  await expect(guide.getByRole('heading', { name: 'Job Search', level: 2 })).toBeVisible();
  await expectAccessible(guide, 'the user guide');
});
