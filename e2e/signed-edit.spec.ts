import { expect, type Page, test } from '@playwright/test';
import { addresseesWithinLimits, hasEditableCda, jobFacts, structureJobIds } from './helpers/jobs';
import { keptJobPdf } from './helpers/pdf';
import { type DemoUser, signIn } from './helpers/signIn';

/*
 * Issue 39 row 2 (Chromium): a transcriptionist edits the text of a signed job waiting in Manual
 * Distribution and saves with move on. The job goes to ESign (force re-sign), and its PDF no longer
 * prints the old "Signed …" line above the new text.
 */

const TRANSCRIPTIONIST: DemoUser = { username: 'transcriptionist', password: 'demo' };
const MANUAL_DISTRIBUTION = 9;
/**
 * The document's signature line from Quill's signature record (issue 43):
 * "Electronically signed by Dr. Ada Lind, MD on 10/05/2026 21:00 (EDT)".
 */
const SIGNED = /Electronically signed by .+? on \d\d\/\d\d\/\d{4} \d\d:\d\d \([A-Z]{2,5}\)/;

/** A signed job in Manual Distribution with an editable CDA the transcriptionist may move on. */
async function signedManualJob(page: Page) {
  const { jobIds } = await structureJobIds(page);
  for (const jobId of jobIds) {
    const facts = await jobFacts(page, jobId);
    if (facts.stageId !== MANUAL_DISTRIBUTION || facts.isProtected || !addresseesWithinLimits(facts))
      continue;
    if (!(await hasEditableCda(page, jobId))) continue;
    const signed = SIGNED.exec(await keptJobPdf(page, jobId, 'signed-edit-before'));
    if (signed) return { facts, signed: signed[0] };
  }
  throw new Error('The demo data has no signed Manual Distribution job with an editable CDA');
}

test('editing a signed job’s text sends it to ESign and its PDF stops printing the old signature', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, TRANSCRIPTIONIST, '/jobs');
  const { facts: job, signed } = await signedManualJob(page);

  await page.goto(`/job/${job.jobId}`);
  const editor = page.getByRole('textbox', { name: 'Job text' });
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  await editor.locator('section.cda-section:not([data-readonly]) .cda-section-body p').first().click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Amended after signing.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Save and move on', exact: true }).click();
  await expect(
    page.getByText(`Job ${job.jobId} was saved: version ${job.version + 1}, ESign.`),
  ).toBeVisible();
  await page.screenshot({ path: 'artifacts/signed-edit-saved.png' });

  const after = await jobFacts(page, job.jobId);
  expect(after).toMatchObject({ stageName: 'ES', forceResign: true });
  const text = await keptJobPdf(page, job.jobId, 'signed-edit-after');
  expect(text).toContain('Amended after signing.');
  expect(text).not.toContain(signed);
  expect(text).not.toMatch(SIGNED);
  expect(text).toContain('Unsigned draft');
  expect(text).toContain('Signature None: edited after signing, to be signed again');

  // The job view says so too: ESign, and Force re-sign ticked.
  await page.goto(`/job/${job.jobId}`);
  await expect(page.getByRole('region', { name: 'Job details' }).getByText('ESign').first()).toBeVisible();
  await page.screenshot({ path: 'artifacts/signed-edit-job.png', fullPage: true });
});
