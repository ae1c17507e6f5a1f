import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { structureJobIds } from './helpers/jobs';
import { MANAGER, signIn, xsrf } from './helpers/signIn';

/*
 * The Attachment Search modal (spec 02 §2, §5, §7–§9; issue 22) against a real server with demo
 * data: as the manager open a job whose Patient Details card offers Attachments (no Edit needed),
 * search the default range (the last 7 days, where the demo seed always puts some), click an
 * attachment, see 'Fetching Attachment...' and get the file under the attachment's name.
 */

interface AttachmentJob {
  jobId: number;
  attachmentsEnabled: boolean;
  patientId: number | null;
  patientName: string | null;
  clientFacility: { id: number };
}

/** A job with a patient, of a facility with attachments (GetJobDetails' attachmentsEnabled). */
async function findJobWithAttachments(page: Page): Promise<AttachmentJob> {
  const { jobIds } = await structureJobIds(page);
  for (const jobId of jobIds.slice(0, 200)) {
    const res = await page.request.get(`/api/job/GetJobDetails?jobId=${jobId}`);
    const job = res.ok() ? ((await res.json()) as AttachmentJob) : null;
    if (job?.attachmentsEnabled && job.patientId !== null && job.patientName) return job;
  }
  throw new Error('The demo data has no job of a facility with attachments');
}

/** Opens the Attachment Search modal from the job view's Patient Details card. */
async function openAttachments(page: Page, jobId: number) {
  await page.goto(`/job/${jobId}`);
  await page.getByRole('button', { name: 'Patient & Visit' }).click();
  const panel = page.getByRole('region', { name: 'Patient Details' });
  await panel.getByRole('button', { name: 'Attachments' }).click();
  const modal = page.getByRole('dialog', { name: 'Attachments' });
  await expect(modal).toBeVisible();
  return modal;
}

test('Attachments: search the last 7 days from the Patient Details card and download one', async ({
  page,
}) => {
  // Two cores shared by many runs: the job search, the download and axe take their time.
  test.setTimeout(180_000);
  await signIn(page, MANAGER, '/jobs');
  const { jobId } = await findJobWithAttachments(page);
  const modal = await openAttachments(page, jobId);

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
  await expect(modal.getByRole('button', { name: 'Search', exact: true })).toBeDisabled();
  await modal.getByLabel('To').fill(to);
  await expect(modal.getByRole('alert')).toHaveCount(0);

  await modal.getByRole('button', { name: 'Search', exact: true }).click();
  const results = modal.getByRole('list', { name: 'Attachments found' });
  // The facility's files (issue 39: the job's patient's only, until asked for the whole facility).
  await modal.getByRole('button', { name: 'Search the whole facility' }).click();
  await expect(modal.getByText('Files of every patient of this client facility')).toBeVisible();
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

/*
 * Issue 39 row 6: in one patient's job the modal lists that patient's files only, each naming its
 * patient; "Search the whole facility" shows the other patients' files too, each named, and marked
 * as not the job's patient. One file of the job's patient is brought in through the intake first
 * (the demo's recent files are about random patients of the facility).
 */
test('Attachments: each file names its patient; only the job’s patient’s until the whole facility is asked for', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, MANAGER, '/jobs');
  const job = await findJobWithAttachments(page);
  const imported = await page.request.post('/api/attachments/import', {
    headers: await xsrf(page),
    multipart: {
      clientFacilityId: String(job.clientFacility.id),
      patientId: String(job.patientId),
      name: 'E2E own patient results.pdf',
      description: 'Results of the job’s own patient',
      file: {
        name: 'results.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n% e2e results\n%%EOF\n', 'latin1'),
      },
    },
  });
  expect(imported.status(), await imported.text()).toBe(201);

  const modal = await openAttachments(page, job.jobId);
  await expect(
    modal.getByText("Only the files of this job's patient and of its visit are listed."),
  ).toBeVisible();
  await modal.getByRole('button', { name: 'Search', exact: true }).click();
  const results = modal.getByRole('list', { name: 'Attachments found' });
  await expect(results).toBeVisible();
  const patientLines = results.getByTestId('attachment-patient');
  await expect(results.getByText('E2E own patient results.pdf')).toBeVisible();
  const own = await patientLines.allTextContents();
  expect(own.length).toBeGreaterThanOrEqual(1);
  for (const line of own) expect(line).toMatch(new RegExp(`^Patient: ${job.patientName}, MRN \\S+`));
  await expect(results.getByText("Not this job's patient")).toHaveCount(0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: 'artifacts/attachments-own-patient.png' });
  await expectAccessible(page, "the Attachment Search modal with the job's patient's files");

  await modal.getByRole('button', { name: 'Search the whole facility' }).click();
  await expect(modal.getByText('Files of every patient of this client facility')).toBeVisible();
  await expect.poll(() => patientLines.count()).toBeGreaterThan(own.length);
  const all = await patientLines.allTextContents();
  // Every file names a patient or says it names none; some are other patients', marked so.
  for (const line of all) expect(line).toMatch(/^(Patient: .+, MRN \S+|No patient: this file names none)$/);
  const others = all.filter((line) => !line.startsWith(`Patient: ${job.patientName},`));
  expect(others.length).toBeGreaterThanOrEqual(1);
  await expect(results.getByText("Not this job's patient")).toHaveCount(
    others.filter((line) => line.startsWith('Patient:')).length,
  );
  await page.waitForTimeout(300);
  await page.screenshot({ path: 'artifacts/attachments-whole-facility.png' });
  await expectAccessible(page, 'the Attachment Search modal with the whole facility');

  // And back to the job's patient only.
  await modal.getByRole('button', { name: "Only this job's patient" }).click();
  await expect.poll(() => patientLines.count()).toBe(own.length);
});
