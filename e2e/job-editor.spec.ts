import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { type CdaJobDetails as Details, findCdaJob } from './helpers/jobs';
import { MANAGER, signIn } from './helpers/signIn';

/*
 * The job view and CDA editor (spec 02 §2/§4, issue 7) against a real server with demo data:
 * open a hold-queue job with a CDA from the job list, book it out, change a word, save with
 * 'save only' (version up, still editing) and with 'move on' (version and stage change).
 */

test('open a job from the list, edit a word, save only, then save and move on', async ({ page }) => {
  await signIn(page, MANAGER, '/jobs');
  const { cs, job } = await findCdaJob(page);

  // From the list: search the job, expand its row, Open.
  await page.goto(`/jobs/${cs}/all`);
  await expect(page.getByTestId('record-line')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(String(job.jobId));
  const row = page.locator(`tbody tr[data-job-id="${job.jobId}"]`);
  await row.getByRole('button', { name: `Show details of job ${job.jobId}` }).click();
  await page.getByRole('link', { name: `Open job ${job.jobId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/job/${job.jobId}$`));
  await expect(page).toHaveTitle(`Job ${job.jobId} - Quill`);

  const editor = page.getByRole('textbox', { name: 'Job text' });
  await expect(editor).toBeVisible();
  await expect(editor).toHaveAttribute('contenteditable', 'false');
  await expect(editor).toHaveAttribute('spellcheck', 'false');
  const header = page.getByRole('region', { name: 'Job details' });
  const version = header.locator('dt:text-is("Version") + dd');
  await expect(version).toHaveText(String(job.version));
  await page.screenshot({ path: 'artifacts/job-view.png', fullPage: true });
  await expectAccessible(page, 'the job view');

  // Edit: book out, change a word in the first editable section.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  await expect(page.getByRole('button', { name: 'Print preview' })).toBeDisabled();
  const paragraph = editor.locator('section.cda-section:not([data-readonly]) .cda-section-body p').first();
  await paragraph.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Reviewed');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.screenshot({ path: 'artifacts/job-edit.png', fullPage: true });
  await expectAccessible(page, 'the job in edit mode');

  // Save only: a new version, still booked out and editing.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Save only' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Save only' }).hover();
  await expect(page.getByText('Saves and keeps the job booked out to you')).toBeVisible();
  await page.screenshot({ path: 'artifacts/job-save-menu.png' });
  await expectAccessible(page, 'the save menu');
  await page.getByRole('menuitem', { name: 'Save only' }).click();
  await expect(page.getByText(`Job ${job.jobId} was saved: version ${job.version + 1}`)).toBeVisible();
  await expect(version).toHaveText(String(job.version + 1));
  await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();
  await expect(editor).toContainText('Reviewed');

  // Save and move on: another version, the booking released, the stage moved on.
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  await editor.locator('section.cda-section:not([data-readonly]) .cda-section-body p').first().click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Again');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Save and move on' }).click();
  await expect(page.getByText(`Job ${job.jobId} was saved: version ${job.version + 2}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  await expect(version).toHaveText(String(job.version + 2));
  const after = (await (
    await page.request.get(`/api/job/GetJobDetails?jobId=${job.jobId}`)
  ).json()) as Details;
  expect(after.version).toBe(job.version + 2);
  if (job.stageId === 3) expect(after.stageId).not.toBe(3);
  await expect(editor).toContainText('Reviewed Again');
  await page.screenshot({ path: 'artifacts/job-saved.png', fullPage: true });
});

test('a tenant edit opened from another window books out, saves and tells its opener', async ({ page }) => {
  await signIn(page, MANAGER, '/jobs');
  const { job } = await findCdaJob(page);
  // The opener: a page of the same origin that records what it is told.
  await page.evaluate((jobId) => {
    const w = window as unknown as { received: unknown[] };
    w.received = [];
    window.addEventListener('message', (e) => w.received.push(e.data));
    window.open(`/job/webedit/${jobId}/Manager`, '_blank');
  }, job.jobId);
  const popup = await page.waitForEvent('popup');
  await expect(popup.getByText('Edit Job', { exact: true })).toBeVisible();
  const editor = popup.getByRole('textbox', { name: 'Job text' });
  // Booked out automatically: editable at once.
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  await expectAccessible(popup, 'the tenant Edit Job page');
  await editor.locator('section.cda-section:not([data-readonly]) .cda-section-body p').first().click();
  await popup.keyboard.press('End');
  await popup.keyboard.type(' Tenant');
  await popup.getByRole('button', { name: 'Save', exact: true }).click();
  await popup.getByRole('menuitem', { name: 'Save and hold' }).click();
  await popup.waitForEvent('close', { timeout: 15_000 });
  const received = await page.evaluate(() => (window as unknown as { received: unknown[] }).received);
  expect(received).toContainEqual({ type: 'webEditSavedAndClosed', jobId: job.jobId });
  const after = (await (
    await page.request.get(`/api/job/GetJobDetails?jobId=${job.jobId}`)
  ).json()) as Details;
  expect(after.version).toBe(job.version + 1);
});
