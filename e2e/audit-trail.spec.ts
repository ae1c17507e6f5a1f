import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { hasEditableCda, type JobFacts, jobFacts, structureJobIds } from './helpers/jobs';
import { MANAGER, signIn, xsrf } from './helpers/signIn';

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

/*
 * Issue 39 rows 7 and 8: the trail reads the facility's clock with its zone (the browser here is
 * in Tokyo), says "Played the audio" only once the audio was played — opening the job loads the
 * player, which is not a playback — and names every action in words ("Accepted the ADT data",
 * never "Call adt.accept").
 */
/** An instant as MM/DD/YYYY HH:mm:ss and the zone's abbreviation, on `timeZone`'s wall clock. */
function facilityClock(at: string, timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  });
  const p = Object.fromEntries(format.formatToParts(new Date(at)).map((part) => [part.type, part.value]));
  return `${p.month}/${p.day}/${p.year} ${p.hour}:${p.minute}:${p.second} ${p.timeZoneName}`;
}

test.describe('an honest audit trail', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('no play on opening the job, one on Play; facility time with zone; ADT accept in words', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signIn(page, MANAGER, '/jobs');
    const { jobIds } = await structureJobIds(page);
    let jobId = 0;
    let patientId = 0;
    let companyId = 0;
    for (const id of [...jobIds].sort((a, b) => b - a).slice(0, 200)) {
      const options = (await (await page.request.get(`/api/job/audiooptions?jobId=${id}`)).json()) as {
        audioURL: string | null;
      };
      if (!options.audioURL) continue;
      const facts = (await jobFacts(page, id)) as JobFacts & { patientId: number | null };
      if (facts.isProtected || !facts.patientId || [13, 16].includes(facts.stageId)) continue;
      const trail = await (await page.request.get(`/api/job/audittrail?jobId=${id}`)).text();
      if (trail.includes('job.audio.play')) continue;
      jobId = id;
      patientId = facts.patientId;
      companyId = facts.clientFacility.id;
      break;
    }
    expect(jobId, 'a demo job with audio and a patient, never played').toBeGreaterThan(0);

    const streamed = page.waitForResponse((r) => r.url().includes('/api/Audio/'));
    await page.goto(`/job/${jobId}`);
    const player = page.getByRole('group', { name: `Audio of job ${jobId}` });
    await expect(player).toBeVisible();
    await streamed;

    const button = page.getByRole('button', { name: 'Audit trail' });
    const dialog = page.getByRole('dialog', { name: `Audit trail of job ${jobId}` });
    const rows = dialog.getByTestId('audit-trail').locator('tbody tr');
    const trailTexts = async () => {
      await button.click();
      await expect(rows.first()).toBeVisible();
      const texts = await rows.allInnerTexts();
      return texts;
    };
    const closeTrail = async () => {
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    };

    let texts = await trailTexts();
    expect(texts.join('\n')).toContain('Loaded the audio into the player');
    expect(texts.filter((t) => t.includes('Played the audio'))).toEqual([]);
    // The facility's clock with its zone (America), not the browser's (Tokyo, JST), not UTC.
    const when = (await rows.first().locator('td').first().textContent())?.trim() ?? '';
    expect(when).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d (EST|EDT|CST|CDT)$/);
    // Issue 42: exactly one of the trail's instants on the facility's clock (read here with Intl).
    const { timeZone } = (await jobFacts(page, jobId)) as JobFacts & { timeZone: string };
    const answer = (await (await page.request.get(`/api/job/audittrail?jobId=${jobId}`)).json()) as {
      rows: { at: string }[];
    };
    expect(answer.rows.map((r) => facilityClock(r.at, timeZone))).toContain(when);
    await closeTrail();

    const played = page.waitForResponse((r) => r.url().includes('/api/job/audioplayed') && r.ok());
    await player.getByRole('button', { name: 'Play', exact: true }).click();
    await played;
    await player.getByRole('button', { name: 'Pause', exact: true }).click();

    // Accept the job's own patient through Search & Accept's call: an adt.accept row.
    const headers = await xsrf(page);
    const booking = (await (
      await page.request.post('/api/job/bookoutjob', { data: { jobId }, headers })
    ).json()) as { bookingCookie: string };
    const accepted = await page.request.post('/api/job/acceptadt', {
      data: { jobId, companyId, bookingCookie: booking.bookingCookie, adtSearchResult: { patientId } },
      headers,
    });
    expect(accepted.ok(), await accepted.text()).toBe(true);
    await page.request.post(
      `/api/job/cancelbooking?jobId=${jobId}&bookingCookie=${encodeURIComponent(booking.bookingCookie)}`,
      { headers },
    );

    texts = await trailTexts();
    expect(texts.filter((t) => t.includes('Played the audio'))).toHaveLength(1);
    expect(texts.join('\n')).toContain('Accepted the ADT data');
    expect(texts.filter((t) => /\tCall |^Call /m.test(t) || t.includes('Call adt.accept'))).toEqual([]);
    await page.screenshot({ path: 'artifacts/audit-trail-honest.png', fullPage: true });
    await expectAccessible(page, 'the audit trail dialog (facility time, played audio)');
    await closeTrail();
  });
});
