import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { enUS } from '../packages/core/src/i18n/enUS';
import { expectAccessible } from './helpers/axe';
import { pedal } from './helpers/pedal';
import { type DemoUser, signIn, xsrf } from './helpers/signIn';

/*
 * Issue 27 in Chromium: a transcriptionist creates a job from a spoken dictation (espeak-ng), the
 * server's recognizer (pocketsphinx) writes a draft, and the transcriptionist transcribes the job —
 * the draft opens with its unchecked words highlighted, the dictation plays with the pedal keys
 * while a word is corrected, Save and move on stores the first document, and the list shows the
 * job's new stage and its turnaround.
 */

const TRANSCRIPTIONIST: DemoUser = { username: 'transcriptionist', password: 'demo' };
const SAID =
  'The patient is a forty five year old woman who came to the hospital with a high fever and a bad cough.';
const start = enUS.transcribe.start;

/** The dictation as a wav, spoken by espeak-ng's Klatt voice (what pocketsphinx hears best). */
function dictationWav(): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'quill-e2e-dictation-'));
  try {
    const wav = join(dir, 'dictation.wav');
    execFileSync('espeak-ng', ['-v', 'en-us+klatt', '-s', '140', '-w', wav, SAID]);
    return readFileSync(wav);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Creates a job with the dictation through Create with Audio's call; answers its id and structure. */
async function createDictatedJob(page: Page): Promise<{ jobId: number; cs: number }> {
  const facilities = (await (await page.request.get('/api/audio/createoptions')).json()) as {
    id: number;
    corporateStructureId: number;
  }[];
  const cf = facilities[0]!;
  const choices = (await (await page.request.get(`/api/audio/createoptions/${cf.id}`)).json()) as {
    dictators: { id: number }[];
    workTypes: { id: number; name: string }[];
  };
  // A work type that requires no addressee, so Save and move on is offered at once.
  const listed = (await (await page.request.get(`/api/reference/${cf.id}/workTypes`)).json()) as {
    workTypes: { id: number; minAddressees: number }[];
  };
  const free = new Set(listed.workTypes.filter((w) => w.minAddressees === 0).map((w) => w.id));
  const workType = choices.workTypes.find((w) => free.has(w.id));
  if (!workType) throw new Error('The demo facility has no work type without required addressees');
  const created = await page.request.post('/api/audio/createwithaudio', {
    headers: await xsrf(page),
    multipart: {
      clientFacilityId: String(cf.id),
      dictatorId: String(choices.dictators[0]!.id),
      workTypeId: String(workType.id),
      file: { name: 'dictation.wav', mimeType: 'audio/wav', buffer: dictationWav() },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { jobId: ((await created.json()) as { jobId: number }).jobId, cs: cf.corporateStructureId };
}

test('a dictation’s recognizer draft is corrected while the audio plays, saved with move on, and listed with its stage and TAT', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await signIn(page, TRANSCRIPTIONIST, '/profile');
  const { jobId, cs } = await createDictatedJob(page);

  // The recognizer's draft arrives in the background (a durable task running pocketsphinx).
  await expect
    .poll(async () => (await page.request.get(`/api/job/getcda?jobId=${jobId}`)).status(), {
      timeout: 120_000,
      intervals: [1000],
    })
    .toBe(200);

  await page.goto(`/job/${jobId}`);
  await page.getByRole('button', { name: start.button }).click();
  await expect(page.getByTestId('starting-draft')).toHaveText(start.draftBanner);
  const editor = page.getByRole('textbox', { name: enUS.jobView.editorLabel });
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  const recognized = editor.locator('.cda-recognized');
  await expect(recognized.first()).toBeVisible();
  const marked = await recognized.count();
  const heard = (await recognized.allTextContents()).join(' ');
  expect(heard).toMatch(/patient|fever|cough|hospital/);
  await page.screenshot({ path: testInfo.outputPath('transcribe-draft.png'), fullPage: true });
  await expectAccessible(page, 'the recognizer draft in the editor');

  // The dictation plays with the pedal while the editor has the focus: F14 plays, F16 pauses.
  const player = page.getByRole('group', { name: `Audio of job ${jobId}` });
  await expect(player.getByTestId('audio-duration')).not.toHaveText('-:--');
  await recognized.first().click();
  const cdp = await page.context().newCDPSession(page);
  await pedal(cdp, 'F14', 'rawKeyDown');
  await expect(player.getByTestId('audio-state')).toHaveText('Playing');
  await pedal(cdp, 'F14', 'keyUp');
  await expect
    .poll(() => player.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0.3);
  await pedal(cdp, 'F16', 'rawKeyDown');
  await pedal(cdp, 'F16', 'keyUp');
  await expect(player.getByTestId('audio-state')).toHaveText('Paused');

  // Correct a word of the first recognized paragraph: that paragraph is checked, no longer marked.
  const first = recognized.first();
  await first.dblclick();
  await page.keyboard.type('Patient');
  await expect(recognized).toHaveCount(marked - 1);
  await expect(editor).toContainText('Patient');
  await page.screenshot({ path: testInfo.outputPath('transcribe-corrected.png'), fullPage: true });

  await page.getByRole('button', { name: enUS.jobView.save }).click();
  await page.getByRole('menuitem', { name: enUS.jobView.saveModes.moveOn }).click();
  // Saved: the job has its own document now. It has no patient yet, so the facility's hold-queue
  // rules (mandatory patient data, empty sections) send it from Dictated to the hold queue.
  await expect(page.getByTestId('starting-draft')).toHaveCount(0);
  await expect(page.getByRole('button', { name: enUS.jobView.edit })).toBeVisible();

  // The list: the job's new stage and its turnaround from dictation to first text.
  await page.goto(`/jobs/${cs}/all`);
  await expect(page.getByTestId('record-line')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(String(jobId));
  const row = page.locator(`tbody tr[data-job-id="${jobId}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Hold Queue');
  await showColumn(page, enUS.jobList.columns.tatFirstText);
  const tat = row.getByTestId('tat-first-text');
  await expect(tat).toHaveText(/^\d+m$|^\d+h \d+m$/);
  await tat.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('transcribe-list.png'), fullPage: true });
});

/** Shows an optional column of the job list through its column chooser. */
async function showColumn(page: Page, name: string) {
  await page.getByRole('button', { name: enUS.jobList.toolbar.columnOptions }).click();
  await page.getByRole('checkbox', { name }).check();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('group', { name: enUS.jobList.toolbar.columnOptions })).toBeHidden();
}
