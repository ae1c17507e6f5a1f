import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { hasEditableCda, jobFacts, structureJobIds } from './helpers/jobs';
import { MANAGER, signIn } from './helpers/signIn';

/*
 * Issue 23: a manager reads a job's audit trail in the job view. After an edit saved in the
 * editor, the trail (opened from the keyboard) shows the booking and the save by the manager,
 * newest first, and its CSV export holds them too.
 */
test('the audit trail of a demo job shows the edit just saved, and exports it', async ({ page }) => {
  await signIn(page, MANAGER, '/jobs');
  const { jobIds } = await structureJobIds(page);
  let jobId = 0;
  for (const id of jobIds.slice(0, 200)) {
    const facts = await jobFacts(page, id);
    if (
      facts.stageId !== 13 &&
      facts.stageId !== 16 &&
      !facts.isProtected &&
      (await hasEditableCda(page, id))
    ) {
      jobId = id;
      break;
    }
  }
  expect(jobId, 'a demo job with an editable CDA').toBeGreaterThan(0);

  await page.goto(`/job/${jobId}`);
  const editor = page.getByRole('textbox', { name: 'Job text' });
  await expect(editor).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  await editor.locator('section.cda-section:not([data-readonly]) .cda-section-body p').first().click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Audited');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Save only' }).click();
  await expect(page.getByText(new RegExp(`Job ${jobId} was saved: version \\d+`))).toBeVisible();

  // From the keyboard: focus the control, Enter opens the dialog, Escape closes it.
  const button = page.getByRole('button', { name: 'Audit trail' });
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Audit trail of job ${jobId}` });
  await expect(dialog).toBeVisible();
  const rows = dialog.getByTestId('audit-trail').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const texts = await rows.allInnerTexts();
  const saved = texts.findIndex((t) => t.includes('Saved the job'));
  const booked = texts.findIndex((t) => t.includes('Booked the job out'));
  expect(saved, texts.join('\n')).toBeGreaterThanOrEqual(0);
  expect(booked).toBeGreaterThan(saved); // newest first
  expect(texts[saved]).toContain('Morgan Reyes');
  expect(texts[saved]).toContain('Done');
  await expect(dialog.getByText(/Page 1 of \d+ \(\d+ entries\)/)).toBeVisible();
  await page.screenshot({ path: 'artifacts/audit-trail.png', fullPage: true });
  await expectAccessible(page, 'the audit trail dialog');

  const href = await dialog.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  const csv = await page.request.get(href!);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const body = await csv.text();
  expect(body.split('\r\n')[0]).toBe('When,Who,What,Outcome,From');
  expect(body).toContain('Saved the job');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});
