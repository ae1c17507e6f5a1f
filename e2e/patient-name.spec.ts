import { expect, test } from '@playwright/test';
import { cellInList, findCdaJob, jobFacts } from './helpers/jobs';
import { keptJobPdf } from './helpers/pdf';
import { signIn } from './helpers/signIn';

/*
 * Issue 39 row 5 (Chromium), one name everywhere: the manager changes the first name in the
 * Patient Details panel and saves; the job view's header, the job list's row and the PDF show the
 * new name from that save on (they kept the old one while the panel showed the new one).
 */

const NEW_FIRST = 'Quillana';

test('a first name saved in Patient Details shows in the header, the list and the PDF', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, undefined, '/jobs');
  const { cs, job } = await findCdaJob(page);
  const before = (await jobFacts(page, job.jobId)).patientName ?? '';
  const last = before.split(',')[0]!.trim();
  expect(last, 'the job names its patient').not.toBe('');
  const expected = `${last}, ${NEW_FIRST}`;

  await page.goto(`/job/${job.jobId}`);
  const header = page.getByRole('region', { name: 'Job details' });
  await expect(header).toContainText(before);
  await page.getByRole('button', { name: 'Patient & Visit' }).click();
  const panel = page.getByRole('region', { name: 'Patient Details' });
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await panel.getByLabel('First Name', { exact: true }).fill(NEW_FIRST);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Save only', exact: true }).click();
  await expect(page.getByText(`Job ${job.jobId} was saved: version ${job.version + 1}`)).toBeVisible();

  // The header follows the saved values (it read the patient record's name before).
  await expect(header).toContainText(expected);
  await expect(panel.getByLabel('First Name', { exact: true })).toHaveValue(NEW_FIRST);
  await page.screenshot({ path: 'artifacts/patient-name-job.png', fullPage: true });
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page).not.toHaveURL(new RegExp(`/job/${job.jobId}$`));

  expect(await cellInList(page, `/jobs/${cs}/all`, job.jobId, 'patientName')).toBe(expected);
  await page.screenshot({ path: 'artifacts/patient-name-list.png' });
  const text = await keptJobPdf(page, job.jobId, 'patient-name');
  expect(text).toContain(expected);
  expect(text).not.toContain(before);
});
