import { writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { structureJobIds } from './helpers/jobs';
import { pedal } from './helpers/pedal';
import { MANAGER, signIn } from './helpers/signIn';

/*
 * The audio player (spec 01 §4/§5/§9, spec 02 §9) in the job list's expanded row, and Create with
 * Audio, against a real server with demo data (most jobs have opus and wav renditions; Chromium
 * plays opus). Signed in as the manager (Meridian Valley Health).
 */

interface AudioOptions {
  jobId: number;
  audioURL: string | null;
  hasOpus: boolean;
  durationMs: number | null;
}

/** Spec 01 §9 via @quill/core's heldDistanceMs: F13 held 1 s while paused = (1 + ⌊1000/120⌋) × 1100 ms. */
const REWIND_HELD_1S_PAUSED_MS = (1 + Math.floor(1000 / 120)) * 1100;

async function listReady(page: Page): Promise<void> {
  await expect(page.getByTestId('record-line')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The All count of a structure (getcounts per batch, summed). */
async function allCount(page: Page, cs: number): Promise<number> {
  const cfs = (await (await page.request.get(`/api/settings/cfs/${cs}`)).json()) as number[];
  let total = 0;
  for (let i = 0; i < cfs.length; i += 4) {
    const counts = (await (
      await page.request.get(`/api/jobs/getcounts?corpId=${cs}&cfs=${cfs.slice(i, i + 4).join(',')}`)
    ).json()) as { all: number };
    total += counts.all;
  }
  return total;
}

/** A job with an opus rendition long enough to rewind 10 s in, 10 s before its end. */
async function jobWithAudio(page: Page, jobIds: number[]): Promise<AudioOptions> {
  for (const jobId of [...jobIds].sort((a, b) => b - a).filter((id) => id >= 100)) {
    const options = (await (
      await page.request.get(`/api/job/audiooptions?jobId=${jobId}`)
    ).json()) as AudioOptions;
    if (options.hasOpus && (options.durationMs ?? 0) >= 22_000) return options;
  }
  throw new Error('No demo job with opus audio of 22 s or more');
}

/** Opens the All queue, searches the job id and expands its row; answers the player. */
async function openJobAudio(page: Page, cs: number, jobId: number): Promise<Locator> {
  await page.goto(`/jobs/${cs}/all`);
  await listReady(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill(String(jobId));
  const row = page.locator(`tbody tr[data-job-id="${jobId}"]`);
  await expect(row).toBeVisible();
  const show = row.getByRole('button', { name: `Show details of job ${jobId}` });
  if ((await show.count()) > 0) await show.click();
  const player = page.getByRole('group', { name: `Audio of job ${jobId}` });
  await expect(player).toBeVisible();
  await expect(player.getByTestId('audio-duration')).not.toHaveText('-:--');
  return player;
}

const currentTime = (player: Locator) =>
  player.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime);
const media = (player: Locator) =>
  player.locator('audio').evaluate((a: HTMLAudioElement) => ({
    paused: a.paused,
    volume: a.volume,
    rate: a.playbackRate,
    duration: a.duration,
    src: a.currentSrc,
  }));

test('the player in an expanded row: play, pause, seek, speed and volume kept, F14/F16, F13 held, Range', async ({
  page,
}) => {
  // The fake clock runs at normal speed until it is paused (the F13 hold below).
  await page.clock.install();
  await signIn(page, MANAGER, '/jobs');
  const { cs, jobIds } = await structureJobIds(page);
  const job = await jobWithAudio(page, jobIds);
  let player = await openJobAudio(page, cs, job.jobId);
  expect((await media(player)).src).toContain(`/api/Audio/opus?jobId=${job.jobId}`);
  await expect(player.getByTestId('audio-state')).toHaveText('Stopped');
  expect((await media(player)).volume).toBe(0.5);

  // Play: the position moves on.
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(player.getByTestId('audio-state')).toHaveText('Playing');
  await expect.poll(() => currentTime(player), { timeout: 10_000 }).toBeGreaterThan(0.5);
  await page.mouse.move(5, 700);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.screenshot({ path: 'artifacts/audio-player-playing.png' });

  // Pause: it stays.
  await player.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(player.getByTestId('audio-state')).toHaveText('Paused');
  const pausedAt = await currentTime(player);
  await page.waitForTimeout(400);
  expect(await currentTime(player)).toBe(pausedAt);

  // Seek by clicking the bar at three quarters.
  const bar = player.getByRole('slider', { name: 'Position' });
  const box = (await bar.boundingBox())!;
  await bar.click({ position: { x: box.width * 0.75, y: box.height / 2 } });
  const duration = (await media(player)).duration;
  await expect.poll(() => currentTime(player)).toBeGreaterThan(duration * 0.75 - 1);
  expect(await currentTime(player)).toBeLessThan(duration * 0.75 + 1);
  // The bar's keys seek 1 s.
  const beforeKey = await currentTime(player);
  await bar.press('ArrowLeft');
  await expect.poll(() => currentTime(player)).toBeCloseTo(beforeKey - 1, 1);

  // Speed 1.5× and volume 0.4 (ctrl+↓ ten times, from the document: no focus needed).
  await player.getByRole('button', { name: 'Playback speed: 1×' }).click();
  await page.getByRole('menuitemradio', { name: '1.5×' }).click();
  await expect.poll(async () => (await media(player)).rate).toBe(1.5);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  for (let i = 0; i < 10; i++) await page.keyboard.press('Control+ArrowDown');
  await expect.poll(async () => (await media(player)).volume).toBeCloseTo(0.4, 5);
  expect(await page.evaluate(() => localStorage.getItem('vol'))).toBe('0.4');
  await player.getByRole('button', { name: 'Player settings' }).click();
  const settings = page.getByRole('dialog').filter({ hasText: 'Rewind on resume' });
  await expect(settings).toHaveCSS('opacity', '1');
  await page.screenshot({ path: 'artifacts/audio-player-settings.png' });
  await page.keyboard.press('Escape');

  // Reload: speed and volume are kept.
  await page.reload();
  player = await openJobAudio(page, cs, job.jobId);
  await expect(player.getByRole('button', { name: 'Playback speed: 1.5×' })).toBeVisible();
  expect(await media(player)).toMatchObject({ volume: 0.4, rate: 1.5 });

  // F14 plays, F16 pauses on release — while a text field has focus, which gets no text.
  const cdp = await page.context().newCDPSession(page);
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.focus();
  const typed = await search.inputValue();
  await pedal(cdp, 'F14', 'rawKeyDown');
  await expect(player.getByTestId('audio-state')).toHaveText('Playing');
  await pedal(cdp, 'F14', 'keyUp');
  await expect.poll(() => currentTime(player), { timeout: 10_000 }).toBeGreaterThan(0.3);
  await pedal(cdp, 'F16', 'rawKeyDown');
  expect((await media(player)).paused).toBe(false);
  await pedal(cdp, 'F16', 'keyUp');
  await expect(player.getByTestId('audio-state')).toHaveText('Paused');
  expect((await media(player)).paused).toBe(true);
  // ctrl+alt+space toggles play and types nothing into the field.
  await search.press('Control+Alt+Space');
  await expect(player.getByTestId('audio-state')).toHaveText('Playing');
  await search.press('Control+Alt+Space');
  await expect(player.getByTestId('audio-state')).toHaveText('Paused');
  expect(await search.inputValue()).toBe(typed);

  // F13 held for one second on the fake clock, paused: 9 steps of 1100 ms back.
  await player.getByRole('slider', { name: 'Position' }).focus();
  await player.getByRole('slider', { name: 'Position' }).press('End');
  await player.getByRole('slider', { name: 'Position' }).press('PageDown');
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  const before = await currentTime(player);
  expect(before).toBeGreaterThan(REWIND_HELD_1S_PAUSED_MS / 1000);
  await pedal(cdp, 'F13', 'rawKeyDown');
  await page.clock.runFor(1000);
  await pedal(cdp, 'F13', 'keyUp');
  // Released: no more steps.
  await page.clock.runFor(1000);
  const after = await currentTime(player);
  expect(before - after).toBeCloseTo(REWIND_HELD_1S_PAUSED_MS / 1000, 1);
  await page.clock.resume();

  // The stream answers a Range request with 206 and the right Content-Range.
  const whole = await page.request.get(`/api/Audio/opus?jobId=${job.jobId}`);
  expect(whole.status()).toBe(200);
  const total = (await whole.body()).length;
  const part = await page.request.get(`/api/Audio/opus?jobId=${job.jobId}`, {
    headers: { Range: 'bytes=100-1099' },
  });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-range']).toBe(`bytes 100-1099/${total}`);
  expect((await part.body()).length).toBe(1000);

  const axe = await new AxeBuilder({ page })
    .include('[data-testid="audio-player"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

/** A wav of `seconds` of a 440 Hz tone, 16 kHz, 16-bit mono PCM. */
function toneWav(seconds: number, rate = 16_000): Buffer {
  const samples = Math.round(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Picks an option of a Select by its text (the first when none is named). */
async function choose(page: Page, label: RegExp, name?: string): Promise<void> {
  const select = page.getByRole('combobox', { name: label });
  await expect(select).toBeEnabled();
  await select.click();
  const option = name ? page.getByRole('option', { name, exact: true }) : page.getByRole('option').first();
  const text = (await option.textContent())!.trim();
  await option.click();
  await expect(select).toHaveValue(text);
}

async function fillCreateForm(page: Page, facility: string, file: string): Promise<void> {
  await choose(page, /^Client facility/, facility);
  await choose(page, /^Dictator/);
  await choose(page, /^Work type/);
  await page.locator('input[type="file"]').setInputFiles(file);
}

test('Create with Audio: a wav upload creates a job with playable opus audio; a bad upload creates nothing', async ({
  page,
}, testInfo) => {
  // The navigation's legacy path leads to the page.
  await signIn(page, MANAGER, '/job/createwithaudio');
  await expect(page).toHaveURL(/\/audio\/create$/);
  await expect(page.getByRole('heading', { name: 'Create with Audio' })).toBeVisible();
  await expect(page).toHaveTitle('Create with Audio - Quill');
  const { cs } = await structureJobIds(page);
  const facilities = (await (await page.request.get('/api/audio/createoptions')).json()) as {
    name: string;
    corporateStructureId: number;
  }[];
  const facility = facilities.find((f) => f.corporateStructureId === cs)!.name;
  const before = await allCount(page, cs);

  // A text file named x.wav: the server's message at the file, nothing created.
  const bad = testInfo.outputPath('x.wav');
  writeFileSync(bad, 'This is not a recording.\n');
  await fillCreateForm(page, facility, bad);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(
    page.getByText('The file is not a supported audio recording (wav, mp3, ogg/opus or m4a).'),
  ).toBeVisible();
  await expect(page.getByTestId('create-audio-done')).toHaveCount(0);
  await page.screenshot({ path: 'artifacts/create-audio-bad-upload.png' });
  await expectAccessible(page, 'Create with Audio after a bad upload');
  expect(await allCount(page, cs)).toBe(before);

  // A 2 s 16 kHz mono wav.
  const wav = testInfo.outputPath('dictation.wav');
  writeFileSync(wav, toneWav(2));
  await page.locator('input[type="file"]').setInputFiles(wav);
  await page.getByRole('checkbox', { name: /STAT/ }).check();
  // The check mark fades in.
  await page.waitForTimeout(300);
  await page.screenshot({ path: 'artifacts/create-audio-form.png' });
  await page.getByRole('button', { name: 'Create' }).click();
  const done = page.getByTestId('create-audio-done');
  await expect(done).toBeVisible({ timeout: 30_000 });
  const jobId = Number(await done.getByTestId('created-job-id').getAttribute('data-job-id'));
  expect(jobId).toBeGreaterThan(0);

  // The opus rendition (the server's task, with ffmpeg) arrives; then it plays.
  const player = done.getByRole('group', { name: `Audio of job ${jobId}` });
  await expect(player).toBeVisible({ timeout: 60_000 });
  expect((await media(player)).src).toContain(`/api/Audio/opus?jobId=${jobId}`);
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => currentTime(player), { timeout: 10_000 }).toBeGreaterThan(0.2);
  await page.screenshot({ path: 'artifacts/create-audio-done.png' });

  // The job is in the list: All, searched by its id.
  await done.getByRole('link', { name: 'Open the job list' }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${cs}/all$`));
  await listReady(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill(String(jobId));
  await expect(page.locator(`tbody tr[data-job-id="${jobId}"]`)).toBeVisible();
  expect(await allCount(page, cs)).toBe(before + 1);
});
