import { type Browser, expect, type Page, test } from '@playwright/test';
import { addresseesWithinLimits, hasEditableCda, jobFacts } from './helpers/jobs';
import { keptJobPdf } from './helpers/pdf';
import { type DemoUser, MANAGER, signIn } from './helpers/signIn';

/*
 * Issue 43 (Chromium): the dictator signs in, sees To sign with its count, plays a job's audio,
 * signs two jobs with the password and returns one for correction; the transcriptionist corrects
 * it; the dictator signs it again; the manager sees it reach Finished by itself (automatic
 * distribution) and its PDF prints the signature line.
 */

const DICTATOR: DemoUser = { username: 'dictator', password: 'demo' };
const TRANSCRIPTIONIST: DemoUser = { username: 'transcriptionist', password: 'demo' };

interface ToSignRow {
  jobId: number;
  meaning: string;
  forceResign: boolean;
  version: number;
}

async function signedInPage(browser: Browser, user: DemoUser, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, user, path);
  return page;
}

async function toSignQueue(page: Page): Promise<ToSignRow[]> {
  const res = await page.request.get('/api/signing/queue');
  expect(res.ok(), 'the To sign queue').toBe(true);
  return ((await res.json()) as { rows: ToSignRow[] }).rows;
}

/** The ticker's count, as it reads on the job list. */
async function tickerCount(page: Page): Promise<number> {
  const ticker = page.getByRole('link', { name: /^To sign/ });
  await expect(ticker).toHaveText(/To sign\s*\d+/);
  return Number((await ticker.textContent())?.replace(/\D/g, ''));
}

/** Signs the dialog that is open with the password, by the Enter key. */
async function signInDialog(page: Page, password: string) {
  const dialog = page.getByRole('dialog');
  const field = dialog.getByRole('textbox', { name: 'Password' });
  await expect(field).toBeFocused();
  await field.fill(password);
  await field.press('Enter');
  return dialog;
}

test('the dictator signs two jobs and returns one; corrected and signed again, it is finished with its signature', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const dictator = await signedInPage(browser, DICTATOR, '/jobs');
  const transcriptionist = await signedInPage(browser, TRANSCRIPTIONIST, '/jobs');

  // The ticker counts the jobs waiting for the dictator's own signature.
  const authors = (await toSignQueue(dictator)).filter((r) => r.meaning === 'author');
  const before = await tickerCount(dictator);
  expect(before).toBe((await toSignQueue(dictator)).length);
  // One to return (the transcriptionist can edit its CDA and move it on), two to sign.
  let toReturn: ToSignRow | undefined;
  for (const row of authors) {
    if (!(await hasEditableCda(transcriptionist, row.jobId))) continue;
    if (addresseesWithinLimits(await jobFacts(transcriptionist, row.jobId))) {
      toReturn = row;
      break;
    }
  }
  if (!toReturn)
    throw new Error('The demo dictator has no job to sign whose CDA the transcriptionist can edit');
  const toSign = authors.filter((r) => r.jobId !== toReturn.jobId).slice(0, 2);
  expect(toSign).toHaveLength(2);

  await dictator.getByRole('link', { name: /^To sign/ }).click();
  await expect(dictator).toHaveURL(/\/to-sign$/);
  const table = dictator.getByRole('table', { name: 'Jobs waiting for your signature' });
  await expect(table).toBeVisible();
  await dictator.screenshot({ path: 'artifacts/signing-queue.png', fullPage: true });

  // A job opens read-only with its audio, which plays.
  await table.getByRole('link', { name: `Open job ${toSign[0]!.jobId} to read and sign` }).click();
  const player = dictator.getByRole('group', { name: `Audio of job ${toSign[0]!.jobId}` });
  await expect(player).toBeVisible();
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(player.getByTestId('audio-state')).toHaveText('Playing');
  await dictator.screenshot({ path: 'artifacts/signing-view.png', fullPage: true });
  await player.getByRole('button', { name: 'Pause', exact: true }).click();
  await dictator.getByRole('link', { name: 'Back to To sign' }).click();

  // Sign all selected: a wrong password signs nothing and keeps the dialog; the right one signs both.
  for (const row of toSign) await table.getByRole('checkbox', { name: `Select job ${row.jobId}` }).check();
  await dictator.getByRole('button', { name: 'Sign all selected' }).click();
  const dialog = await signInDialog(dictator, 'not the password');
  await expect(dialog.getByText('The password is not right. Nothing was signed.')).toBeVisible();
  await dictator.screenshot({ path: 'artifacts/signing-wrong-password.png' });
  await signInDialog(dictator, DICTATOR.password);
  await expect(dictator.getByText('2 jobs signed')).toBeVisible();
  await expect(dialog).toBeHidden();
  for (const row of toSign)
    await expect(table.getByRole('link', { name: `Open job ${row.jobId} to read and sign` })).toHaveCount(0);

  // Return for correction, with a note.
  await table.getByRole('checkbox', { name: `Select job ${toReturn.jobId}` }).check();
  await dictator.getByRole('button', { name: 'Return for correction' }).click();
  const returnDialog = dictator.getByRole('dialog', { name: `Return job ${toReturn.jobId} for correction` });
  await returnDialog.getByLabel('What needs correcting').fill('The allergy list is missing penicillin.');
  await returnDialog.getByRole('button', { name: 'Return for correction' }).click();
  await expect(dictator.getByText(`Job ${toReturn.jobId} returned for correction`)).toBeVisible();
  await dictator.goto('/jobs');
  expect(await tickerCount(dictator)).toBe(before - 3);

  // The transcriptionist corrects it and moves it on: back to the dictator, to be signed again.
  const facts = await jobFacts(transcriptionist, toReturn.jobId);
  expect(facts.stageName).toBe('Transcription');
  expect(facts.jobNotes.map((n) => n.note)).toContain('The allergy list is missing penicillin.');
  await transcriptionist.goto(`/job/${toReturn.jobId}`);
  const editor = transcriptionist.getByRole('textbox', { name: 'Job text' });
  await transcriptionist.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  await editor.locator('section.cda-section:not([data-readonly]) .cda-section-body p').first().click();
  await transcriptionist.keyboard.press('End');
  await transcriptionist.keyboard.type(' Allergies: penicillin.');
  await transcriptionist.getByRole('button', { name: 'Save', exact: true }).click();
  await transcriptionist.getByRole('menuitem', { name: 'Save and move on', exact: true }).click();
  await expect(
    transcriptionist.getByText(new RegExp(`Job ${toReturn.jobId} was saved: .*ESign`)),
  ).toBeVisible();

  // The dictator signs it from its own view.
  await dictator.goto('/to-sign');
  await table.getByRole('link', { name: `Open job ${toReturn.jobId} to read and sign` }).click();
  await expect(dictator.getByText(/^Sign again/)).toBeVisible();
  await dictator.getByRole('button', { name: 'Sign', exact: true }).click();
  await signInDialog(dictator, DICTATOR.password);
  await expect(dictator.getByText(`Job ${toReturn.jobId} signed`)).toBeVisible();

  // The manager sees it distributed by itself to Finished, and its PDF prints the signature.
  const manager = await signedInPage(browser, MANAGER, '/jobs');
  await expect
    .poll(async () => (await jobFacts(manager, toReturn.jobId)).stageName, { timeout: 90_000 })
    .toBe('Finished');
  const text = await keptJobPdf(manager, toReturn.jobId, 'signing-finished');
  expect(text).toMatch(/Electronically signed by .+? on \d\d\/\d\d\/\d{4} \d\d:\d\d \([A-Z]{2,5}\)/);
  expect(text).toContain('Allergies: penicillin.');
  expect(text).not.toContain('Unsigned draft');
  await manager.goto(`/job/${toReturn.jobId}`);
  await expect(manager.getByText('Finished').first()).toBeVisible();
  await manager.screenshot({ path: 'artifacts/signing-finished-job.png', fullPage: true });

  // An addendum: the manager corrects the Finished job with a reason; the dictator signs it; it is
  // distributed again by itself and its PDF prints the addendum above the text.
  await manager.getByRole('button', { name: 'Add addendum' }).click();
  const addendum = manager.getByRole('dialog', { name: `Add an addendum to job ${toReturn.jobId}` });
  await addendum.getByLabel('Reason for the addendum').fill('Penicillin reaction was anaphylaxis.');
  await addendum.getByRole('button', { name: 'Open the editor' }).click();
  await expect(
    manager.getByText(/^Addendum to the version signed on .+: Penicillin reaction was anaphylaxis\.$/),
  ).toBeVisible();
  const managerEditor = manager.getByRole('textbox', { name: 'Job text' });
  await expect(managerEditor).toHaveAttribute('contenteditable', 'true');
  await managerEditor.locator('section.cda-section:not([data-readonly]) .cda-section-body p').first().click();
  await manager.keyboard.press('End');
  await manager.keyboard.type(' Reaction: anaphylaxis.');
  await manager.screenshot({ path: 'artifacts/signing-addendum-editor.png', fullPage: true });
  await manager.getByRole('button', { name: 'Save', exact: true }).click();
  await manager.getByRole('menuitem', { name: 'Save and move on', exact: true }).click();
  await expect(manager.getByText(new RegExp(`Job ${toReturn.jobId} was saved: .*ESign`))).toBeVisible();
  await dictator.goto('/to-sign');
  await table.getByRole('link', { name: `Open job ${toReturn.jobId} to read and sign` }).click();
  await expect(
    dictator.getByText('Sign again: Addendum: Penicillin reaction was anaphylaxis.'),
  ).toBeVisible();
  await dictator.getByRole('button', { name: 'Sign', exact: true }).click();
  await signInDialog(dictator, DICTATOR.password);
  await expect(dictator.getByText(`Job ${toReturn.jobId} signed`)).toBeVisible();
  await expect
    .poll(async () => (await jobFacts(manager, toReturn.jobId)).stageName, { timeout: 90_000 })
    .toBe('Finished');
  const amended = await keptJobPdf(manager, toReturn.jobId, 'signing-addendum');
  expect(amended).toMatch(/Addendum — .+, Penicillin reaction was anaphylaxis\./);
  expect(amended).toContain('Reaction: anaphylaxis.');
});
