import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { structureJobIds } from './helpers/jobs';
import { MANAGER, signIn } from './helpers/signIn';

/*
 * The Attachment Search modal (spec 02 §2, §5, §7–§9; issue 22) against a real server with demo
 * data: as the manager open a job whose Patient Details card offers Attachments (no Edit needed),
 * search the default range (the last 7 days, where the demo seed always puts some), click an
 * attachment, see 'Fetching Attachment...' and get the file under the attachment's name.
 */

/** A job of a facility with attachments (GetJobDetails' attachmentsEnabled). */
async function findJobWithAttachments(page: Page): Promise<number> {
  const { jobIds } = await structureJobIds(page);
  for (const jobId of jobIds.slice(0, 200)) {
    const res = await page.request.get(`/api/job/GetJobDetails?jobId=${jobId}`);
    if (res.ok() && ((await res.json()) as { attachmentsEnabled: boolean }).attachmentsEnabled) return jobId;
  }
  throw new Error('The demo data has no job of a facility with attachments');
}

test('Attachments: search the last 7 days from the Patient Details card and download one', async ({
  page,
}) => {
  await signIn(page, MANAGER, '/jobs');
  const jobId = await findJobWithAttachments(page);
  await page.goto(`/job/${jobId}`);

  await page.getByRole('button', { name: 'Patient & Visit' }).click();
  const panel = page.getByRole('region', { name: 'Patient Details' });
  await panel.getByRole('button', { name: 'Attachments' }).click();
  const modal = page.getByRole('dialog', { name: 'Attachments' });
  await expect(modal).toBeVisible();

  // The default range: the last 7 days to today, in the browser's calendar.
  const [from, to, dayBeforeFrom] = await page.evaluate(() => {
    const day = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const now = new Date();
    const back = (n: number) => day(new Date(now.getFullYear(), now.getMonth(), now.getDate() - n));
    return [back(7), day(now), back(8)];
  });
  await expect(modal.getByLabel('From')).toHaveValue(from);
  await expect(modal.getByLabel('To')).toHaveValue(to);

  // The range rules show inline and hold Search back; putting To back lets it search again.
  await modal.getByLabel('To').fill(dayBeforeFrom);
  await expect(modal.getByRole('alert')).toHaveText('To date must be the same or after from date');
  await expect(modal.getByRole('button', { name: 'Search' })).toBeDisabled();
  await modal.getByLabel('To').fill(to);
  await expect(modal.getByRole('alert')).toHaveCount(0);

  await modal.getByRole('button', { name: 'Search' }).click();
  const results = modal.getByRole('list', { name: 'Attachments found' });
  await expect(results).toBeVisible();
  const items = results.getByRole('button');
  expect(await items.count()).toBeGreaterThanOrEqual(3);
  await expect(items.first()).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await page.waitForTimeout(300);
  await page.screenshot({ path: 'artifacts/attachments.png' });
  await expectAccessible(page, 'the Attachment Search modal');

  // Slow the file a little, so the toast is seen while it comes (a real network would).
  await page.route('**/Attachments/v1/*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const first = items.first();
  const name = ((await first.locator('p').first().textContent()) ?? '').trim();
  expect(name).toMatch(/\.(pdf|png)$/);
  const downloading = page.waitForEvent('download');
  await first.click();
  await expect(page.getByText('Fetching Attachment...')).toBeVisible();
  await page.waitForTimeout(400); // the toast's fade-in
  await page.screenshot({ path: 'artifacts/attachments-fetching.png' });
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(name);
  const bytes = await readFile((await download.path())!);
  if (name.endsWith('.pdf')) expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  else expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  await expect(page.getByText('Fetching Attachment...')).toBeHidden();

  // Keyboard: Close works with Enter and the modal closes.
  await modal.getByRole('button', { name: 'Close', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(modal).toBeHidden();
});
