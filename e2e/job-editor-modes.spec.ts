import { type CDPSession, expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import {
  addresseesWithinLimits,
  hasEditableCda,
  type JobFacts,
  jobFacts,
  listStageLabel,
  openListTab,
  stageInList,
  structureJobIds,
} from './helpers/jobs';
import { MANAGER, signIn } from './helpers/signIn';

/*
 * Issue 7 acceptance (Chromium): open a job from the list, play its audio with the keys while the
 * editor has focus, change text, add a note, switch to a work type without addressees (warning
 * modal), and save with each save mode, seeing the stage change in the job list. Real server with
 * demo data, signed in as the manager.
 */

const HOLD_QUEUE = 3;
const CLOSED = [13, 16, 410];

/** The pedal keys as Chromium knows them (Playwright's keyboard has F1–F12 only). */
const VIRTUAL_KEY = { F14: 125, F16: 127 } as const;
async function pedal(cdp: CDPSession, key: keyof typeof VIRTUAL_KEY, type: 'rawKeyDown' | 'keyUp') {
  await cdp.send('Input.dispatchKeyEvent', { type, key, code: key, windowsVirtualKeyCode: VIRTUAL_KEY[key] });
}

interface Candidate extends JobFacts {
  hasOpus: boolean;
}

/** Jobs with an editable CDA that are not protected, newest first, with their facts (up to `max`). */
async function candidates(page: Page, jobIds: number[], max = 120): Promise<Candidate[]> {
  const out: Candidate[] = [];
  for (const jobId of [...jobIds].sort((a, b) => b - a)) {
    if (out.length >= max) break;
    if (!(await hasEditableCda(page, jobId))) continue;
    const facts = await jobFacts(page, jobId);
    if (facts.isProtected || CLOSED.includes(facts.stageId)) continue;
    const audio = (await (await page.request.get(`/api/job/audiooptions?jobId=${jobId}`)).json()) as {
      hasOpus: boolean;
      audioURL: string | null;
    };
    out.push({ ...facts, hasOpus: audio.hasOpus && audio.audioURL !== null });
  }
  return out;
}

/** A facility work type without addressees other than the job's own, or null. */
async function workTypeWithoutAddressees(page: Page, job: JobFacts) {
  const list = (await (
    await page.request.get(`/api/job/GetClientFacilityWorktypes?ClientFacilityId=${job.clientFacility.id}`)
  ).json()) as { id: number; name: string; enableAddressee: boolean }[];
  const names = list.map((w) => w.name);
  return (
    list.find(
      (w) =>
        !w.enableAddressee &&
        w.id !== job.workType?.id &&
        names.indexOf(w.name) === names.lastIndexOf(w.name),
    ) ?? null
  );
}

const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Job text' });
const editableParagraph = (editor: Locator) =>
  editor.locator('section.cda-section:not([data-readonly]) .cda-section-body p').first();

/** Opens /job/{id}, books it out (Edit) and types `word` at the end of the first editable paragraph. */
async function editJob(page: Page, jobId: number, word: string): Promise<void> {
  await page.goto(`/job/${jobId}`);
  const editor = editorOf(page);
  await expect(editor).toHaveAttribute('contenteditable', 'false');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  await editableParagraph(editor).click();
  await page.keyboard.press('End');
  await page.keyboard.type(` ${word}`);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
}

/** Save → the mode's menu item; waits for the saved message with the next version. */
async function saveWith(page: Page, job: JobFacts, item: string): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
  await expect(page.getByText(`Job ${job.jobId} was saved: version ${job.version + 1}`)).toBeVisible();
}

test('open from the list, audio keys while editing, text, note, work type warning, save and move on', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signIn(page, MANAGER, '/jobs');
  const { cs, jobIds } = await structureJobIds(page);
  let job: Candidate | null = null;
  let target: { id: number; name: string } | null = null;
  for (const c of await candidates(page, jobIds, 60)) {
    // Move on must be offered before the change (the menu reads the loaded work type and addressees).
    if (c.stageId !== HOLD_QUEUE || !c.hasOpus || !addresseesWithinLimits(c)) continue;
    target = await workTypeWithoutAddressees(page, c);
    if (target) {
      job = c;
      break;
    }
  }
  if (!job || !target)
    throw new Error('The demo data has no hold-queue CDA job with audio and a work type without addressees');
  const listPage = await openListTab(context);
  expect(await stageInList(listPage, cs, job.jobId)).toBe('Hold Queue');

  // From the list: search the job, expand its row, Open.
  await page.goto(`/jobs/${cs}/all`);
  await expect(page.getByTestId('record-line')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(String(job.jobId));
  const row = page.locator(`tbody tr[data-job-id="${job.jobId}"]`);
  await row.getByRole('button', { name: `Show details of job ${job.jobId}` }).click();
  await page.getByRole('link', { name: `Open job ${job.jobId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/job/${job.jobId}$`));

  const editor = editorOf(page);
  await expect(editor).toHaveAttribute('contenteditable', 'false');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  const player = page.getByRole('group', { name: `Audio of job ${job.jobId}` });
  await expect(player).toBeVisible();
  await expect(player.getByTestId('audio-duration')).not.toHaveText('-:--');
  const state = player.getByTestId('audio-state');
  await expect(state).toHaveText('Stopped');

  // Focus in the editor: ctrl+alt+space plays and pauses, F14 plays, F16 pauses on release;
  // not one character reaches the document.
  await editableParagraph(editor).click();
  await page.keyboard.press('End');
  await expect(editor).toBeFocused();
  const textBefore = await editor.innerText();
  await page.keyboard.press('Control+Alt+Space');
  await expect(state).toHaveText('Playing');
  await expect(editor).toBeFocused();
  await page.screenshot({ path: 'artifacts/job-edit-audio-playing.png', fullPage: true });
  await page.keyboard.press('Control+Alt+Space');
  await expect(state).toHaveText('Paused');
  const cdp = await context.newCDPSession(page);
  await pedal(cdp, 'F14', 'rawKeyDown');
  await expect(state).toHaveText('Playing');
  await pedal(cdp, 'F14', 'keyUp');
  await pedal(cdp, 'F16', 'rawKeyDown');
  await pedal(cdp, 'F16', 'keyUp');
  await expect(state).toHaveText('Paused');
  expect(await editor.innerText()).toBe(textBefore);
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);

  // Change text.
  await page.keyboard.type(' Reviewed');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(state, 'typing leaves the player paused').toHaveText('Paused');

  // Add a note.
  const note = `Checked against the dictation ${Date.now()}`;
  await page.getByLabel('Add a note').fill(note);
  await expect(state, 'after the note').toHaveText('Paused');

  // Switch to a work type without addressees: the warning modal, then Confirm.
  const details = page.getByRole('region', { name: 'Document Details' });
  await details.getByRole('combobox', { name: 'Work Type' }).click();
  await page.getByRole('option', { name: target.name, exact: true }).click();
  const warning = page.getByRole('dialog', { name: 'Change work type' });
  await expect(warning).toBeVisible();
  await expect(state, 'choosing a work type leaves the player paused').toHaveText('Paused');
  await expect(warning).toContainText(`Changing the work type to ${target.name} changes the recipients`);
  await page.screenshot({ path: 'artifacts/job-edit-worktype-warning.png', fullPage: true });
  await expectAccessible(page, 'the job with a work type warning');
  await warning.getByRole('button', { name: 'Confirm' }).click();
  await expect(warning).toBeHidden();
  await expect(details.getByRole('combobox', { name: 'Work Type' })).toHaveValue(target.name);
  await page.screenshot({ path: 'artifacts/job-edit-before-save.png', fullPage: true });

  // Save and move on (mode 1): out of the hold queue, the note in the history.
  await saveWith(page, job, 'Save and move on');
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  await expect(page.getByText(note)).toBeVisible();
  await expect(editor).toContainText('Reviewed');
  const after = await jobFacts(page, job.jobId);
  expect(after).toMatchObject({ version: job.version + 1, workType: { id: target.id } });
  expect(after.jobNotes.map((n) => n.note)).toContain(note);
  expect(after.stageId).not.toBe(HOLD_QUEUE);
  const label = await stageInList(listPage, cs, job.jobId);
  expect(label).toBe(listStageLabel(after.stageId, after.stageName));
  expect(label).not.toBe('Hold Queue');
  await page.screenshot({ path: 'artifacts/job-saved-move-on.png', fullPage: true });
});

test('every other save mode moves the stage the list shows: save only, hold, recheck, draft, finish', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await signIn(page, MANAGER, '/jobs');
  const { cs, jobIds } = await structureJobIds(page);
  const pool = await candidates(page, jobIds);
  const used = new Set<number>();
  const take = (what: string, ok: (c: Candidate) => boolean): Candidate => {
    const found = pool.find((c) => !used.has(c.jobId) && ok(c));
    if (!found) throw new Error(`The demo data has no job for ${what}`);
    used.add(found.jobId);
    return found;
  };
  const inHold = (c: Candidate) => c.stageId === HOLD_QUEUE;
  const plans = [
    { item: 'Save only', job: take('save only', inHold) },
    { item: 'Save and hold', job: take('hold', (c) => !inHold(c)) },
    { item: 'Save and recheck', job: take('recheck', inHold) },
    { item: 'Save as draft', job: take('draft', (c) => !inHold(c)) },
    {
      item: 'Save and finish',
      job: take(
        'finish',
        (c) => inHold(c) && c.componentType.toUpperCase() === 'HI' && addresseesWithinLimits(c),
      ),
    },
  ];
  const listPage = await openListTab(context);

  for (const { item, job } of plans) {
    const before = await stageInList(listPage, cs, job.jobId);
    expect(before, `${item}: list before`).toBe(listStageLabel(job.stageId, job.stageName));
    await editJob(page, job.jobId, 'Amended');
    // While booked out the list reads Processing.
    expect(await stageInList(listPage, cs, job.jobId), `${item}: while editing`).toBe('Processing');
    await saveWith(page, job, item);
    const after = await jobFacts(page, job.jobId);
    expect(after.version, item).toBe(job.version + 1);
    const shown = await stageInList(listPage, cs, job.jobId);
    expect(shown, `${item}: list after`).toBe(listStageLabel(after.stageId, after.stageName));
    switch (item) {
      case 'Save only':
        // Still booked out and editing.
        expect(after.stageId).toBe(410);
        await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();
        await expect(editorOf(page)).toHaveAttribute('contenteditable', 'true');
        await page.screenshot({ path: 'artifacts/job-saved-save-only.png', fullPage: true });
        await page.getByRole('button', { name: 'Cancel', exact: true }).click();
        await expect(page).toHaveURL(/\/jobs/);
        break;
      case 'Save and hold':
      case 'Save as draft':
        expect(after.stageId, item).toBe(HOLD_QUEUE);
        expect(shown).toBe('Hold Queue');
        expect(shown).not.toBe(before);
        break;
      case 'Save and recheck':
        // Stays in the hold queue exactly while a rule triggers.
        if (after.holdQueueFlags.length > 0) expect(after.stageId).toBe(HOLD_QUEUE);
        else expect(shown).not.toBe(before);
        break;
      case 'Save and finish':
        expect(after.stageId).toBe(13);
        expect(shown).toBe('Finished');
        break;
    }
    if (item !== 'Save only')
      await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  }
});
