import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { addresseesWithinLimits, jobFacts, structureJobIds } from './helpers/jobs';
import { pdfText } from './helpers/pdf';
import { signIn } from './helpers/signIn';

/*
 * Issue 22, Word documents end to end on the embedded default: the job view posts the WOPI token
 * into its frame, Quill's own client page opens the job's DOCX from Quill's WOPI host, Edit books
 * the job and locks the file, Save has the frame PutFile the document and then applies the save
 * mode; the print preview PDF (LibreOffice) has the changed word.
 */

/** Stages a job is edited in (not finished, cancelled or being edited elsewhere). */
const CLOSED_STAGES = new Set([13, 16, 410]);
/** Stages that save and move on leaves (transcription, hold queue). */
const MOVING_STAGES = new Set([2, 3]);

/** A Word job the manager can edit and move on: a Word document only, addressees within limits. */
async function findWordJob(page: Page): Promise<number> {
  const { jobIds } = await structureJobIds(page);
  const found: number[] = [];
  for (const jobId of [...jobIds].sort((a, b) => a - b)) {
    const a = (await (await page.request.get(`/api/job/GetDocumentAvailability?jobId=${jobId}`)).json()) as {
      hasWord: boolean;
      hasCDA: boolean;
    };
    if (!a.hasWord || a.hasCDA) continue;
    const job = await jobFacts(page, jobId);
    if (CLOSED_STAGES.has(job.stageId) || job.isProtected || !addresseesWithinLimits(job)) continue;
    if (MOVING_STAGES.has(job.stageId)) return jobId;
    found.push(jobId);
  }
  if (found[0] !== undefined) return found[0];
  throw new Error('The demo has no open Word job within its addressee limits');
}

/** A sentence of prose at the start of a paragraph: a capitalised word, then five words or more. */
const PROSE = /^[A-Z][a-z]+ ([a-z]+) ([a-z]+) \S+ \S+ \S+/;

/** The document's pages as the client page's editor paints them. */
const pages = (frame: FrameLocator) => frame.locator('.layout-page');

test('manager edits a Word job in the frame, saves and moves it on; the PDF has the change', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  const jobId = await findWordJob(page);
  const before = await jobFacts(page, jobId);

  await page.goto(`/job/${jobId}`);
  const frame = page.frameLocator(`iframe[title="Word document of job ${jobId}"]`);
  await expect(frame.getByRole('status', { name: 'Document status' })).toHaveText('Read only', {
    timeout: 30_000,
  });
  const paragraph = pages(frame)
    .locator('p, span')
    .filter({ hasText: /\w{4,} \w{4,}/ })
    .first();
  await expect(paragraph).toBeVisible();
  await page.screenshot({ path: 'artifacts/word-view.png', fullPage: true });

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByText('Editing', { exact: true })).toBeVisible();
  const edited = page.frameLocator(`iframe[title="Word document of job ${jobId}"]`);
  await expect(edited.getByRole('status', { name: 'Document status' })).toHaveText('Editing', {
    timeout: 30_000,
  });

  // Change a word: the first word of the first sentence of prose (six words or more; which
  // sections a demo document has depends on its template) becomes a word of our own.
  const marker = `Quillcheck${String(Date.now()).slice(-5)}`;
  const prose = pages(edited).locator('p, span').filter({ hasText: PROSE }).first();
  const [, second, third] = ((await prose.innerText()).match(PROSE) ?? []) as string[];
  const changed = `${marker} ${second} ${third}`;
  await prose.click({ position: { x: 2, y: 6 } });
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+Control+ArrowRight');
  await page.keyboard.type(`${marker} `);
  await expect(pages(edited).getByText(changed)).toBeVisible();
  await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'artifacts/word-edit.png', fullPage: true });
  await expectAccessible(page, 'the job view with the Word frame in edit mode');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Save and move on' }).click();
  await expect(page.getByText(new RegExp(`^Job ${jobId} was saved: version \\d+, `))).toBeVisible({
    timeout: 60_000,
  });
  const after = await jobFacts(page, jobId);
  expect(after.version).toBeGreaterThan(before.version);
  if (MOVING_STAGES.has(before.stageId)) expect(after.stageId).not.toBe(before.stageId);

  // The frame is cleared after the save, then shows the saved document again.
  await expect(
    page
      .frameLocator(`iframe[title="Word document of job ${jobId}"]`)
      .getByRole('status', { name: 'Document status' }),
  ).toHaveText('Read only', {
    timeout: 30_000,
  });
  await expect(
    pages(page.frameLocator(`iframe[title="Word document of job ${jobId}"]`)).getByText(marker),
  ).toBeVisible();
  expect(await pdfText(page, jobId)).toContain(changed);
});
