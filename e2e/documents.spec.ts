import { expect, type Page, test } from '@playwright/test';
import yauzl from 'yauzl';
import { expectAccessible } from './helpers/axe';
import {
  checkJob,
  listReady,
  openBulkMenu,
  openPending,
  outbox,
  pendingRows,
  type Row,
} from './helpers/bulkList';

/*
 * Acceptance of the job list's bulk actions (spec 01 §4, §5, §7, §8) in Chromium against the real
 * server and demo data, signed in as the manager (every permission), in the pending queue:
 * check 3 jobs → view as PDF → save as zip → fax to a contact and a custom recipient → clear a
 * Finished and an unfinished job → 11 checked jobs are too many.
 */

interface Recipient {
  name: string;
  faxNumber: string;
  faxFlag: boolean;
}

/**
 * Three jobs of the queue of one client facility that have a PDF, the first with a contact whose
 * fax number is valid; a Finished and an unfinished job of the queue for clearing.
 */
async function chooseJobs(page: Page, cs: string) {
  const rows = await pendingRows(page, cs);
  const unfinished = rows.find((r) => r.stageName !== 'Finished');
  expect(unfinished, 'an unfinished job in the pending queue').toBeDefined();
  const byFacility = new Map<number, Row[]>();
  for (const r of rows)
    byFacility.set(r.clientFacilityId, [...(byFacility.get(r.clientFacilityId) ?? []), r]);
  for (const candidates of byFacility.values()) {
    const withPdf: Row[] = [];
    let contact: Recipient | undefined;
    for (const r of candidates) {
      if (withPdf.length === 3) break;
      // A Word job needs LibreOffice for its PDF; the demo has a few.
      const pdf = await page.request.get(`/api/file/Download/${r.jobId}.pdf`);
      if (!pdf.ok()) continue;
      if (withPdf.length === 0) {
        const contacts = (await (
          await page.request.get(`/api/jobs/getContactListForJob?jobId=${r.jobId}`)
        ).json()) as Recipient[];
        contact = contacts.find((c) => c.faxFlag);
        if (!contact) continue;
      }
      withPdf.push(r);
    }
    if (withPdf.length < 3 || !contact) continue;
    const finished =
      withPdf.find((r) => r.stageName === 'Finished') ?? rows.find((r) => r.stageName === 'Finished');
    expect(finished, 'a Finished job in the pending queue').toBeDefined();
    return {
      jobIds: withPdf.map((r) => r.jobId),
      contact,
      finished: finished!.jobId,
      unfinished: unfinished!,
    };
  }
  throw new Error(
    `No client facility with three jobs that have a PDF and a fax contact (${rows.length} rows)`,
  );
}

/** The entries of a zip: name and first bytes. */
function zipEntries(path: string): Promise<{ name: string; head: string }[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const entries: { name: string; head: string }[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.push({
              name: entry.fileName,
              head: Buffer.concat(chunks).subarray(0, 5).toString('latin1'),
            });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test('check 3 jobs: view, save as zip, fax, clear; 11 jobs are too many', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const cs = await openPending(page);
  const { jobIds, contact, finished, unfinished } = await chooseJobs(page, cs);
  const bulk = page.getByTestId('bulk-actions');
  await expect(bulk).toBeDisabled();

  for (const id of jobIds) await checkJob(page, id);
  await expect(bulk).toContainText('3 jobs selected');
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await listReady(page);

  // The menu.
  const menu = await openBulkMenu(page);
  await expect(menu.getByRole('menuitem')).toHaveText([
    'View as PDF',
    'View as RTF',
    'Save',
    'Copy / Print',
    'Print Preview',
    'Fax',
    'Mark as Printed',
    'Clear from List',
  ]);
  await page.waitForTimeout(400); // the dropdown's fade-in
  await page.screenshot({ path: 'artifacts/documents-bulk-menu.png' });

  // View as PDF: the three jobs' single copies in one PDF, shown in the viewer.
  const pdfAnswer = page.waitForResponse((r) =>
    r.url().includes('/api/file/FormatMultiplePdfJobs/0/false/false'),
  );
  await menu.getByRole('menuitem', { name: 'View as PDF' }).click();
  const viewer = page.getByRole('dialog', { name: 'Selected Documents' });
  await expect(viewer).toBeVisible();
  const answer = await pdfAnswer;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/pdf');
  expect(new URL(answer.url()).searchParams.getAll('jobIds').map(Number)).toEqual(jobIds);
  const viewerEnabled = await page.evaluate(() => navigator.pdfViewerEnabled);
  if (viewerEnabled) {
    const frame = viewer.getByTestId('document-frame');
    await expect(frame).toBeVisible();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
  } else {
    await expect(viewer.getByText('PDF Viewer Disabled')).toBeVisible();
  }
  await page.waitForTimeout(2500); // let the PDF viewer paint before the picture
  await page.screenshot({ path: 'artifacts/documents-viewer.png' });
  await expectAccessible(page, 'the Selected Documents viewer', '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // View as RTF: the RTF is downloaded (a browser cannot show it), no tab is left blank.
  let popups = 0;
  page.on('popup', () => {
    popups += 1;
  });
  const rtfDownload = page.waitForEvent('download');
  await (await openBulkMenu(page)).getByRole('menuitem', { name: 'View as RTF' }).click();
  expect((await rtfDownload).url()).toMatch(/\/api\/file\/downloadrtf\?jobIds=\d+&jobIds=\d+&jobIds=\d+$/);
  expect(popups).toBe(0);

  // Save: PDF by default, Jobs.zip with one PDF per job, named by the job.
  await (await openBulkMenu(page)).getByRole('menuitem', { name: 'Save' }).click();
  const save = page.getByRole('dialog', { name: 'Save Jobs' });
  await expect(save.getByRole('radio', { name: 'PDF' })).toBeChecked();
  await expect(save.getByRole('checkbox', { name: 'Clear from list' })).toBeDisabled();
  const downloading = page.waitForEvent('download');
  await save.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Jobs.zip');
  const zipPath = testInfo.outputPath('Jobs.zip');
  await download.saveAs(zipPath);
  const entries = await zipEntries(zipPath);
  expect(entries).toHaveLength(3);
  for (const id of jobIds) {
    const entry = entries.find((e) => e.name.includes(String(id)));
    expect(entry, `a file named by job ${id} in ${entries.map((e) => e.name).join(', ')}`).toBeDefined();
    expect(entry!.name.toLowerCase().endsWith('.pdf')).toBe(true);
    expect(entry!.head).toBe('%PDF-');
  }
  await expect(save.getByText('Jobs.zip was downloaded.')).toBeVisible();
  await expectAccessible(page, 'the Save Jobs dialog', '[role="dialog"]');
  // In the pending queue the options come alive after the download (both off).
  await expect(save.getByRole('checkbox', { name: 'Clear from list' })).toBeEnabled();
  await expect(save.getByRole('checkbox', { name: 'Sent for printing' })).not.toBeChecked();
  await save.getByRole('button', { name: 'Done' }).click();
  await expect(save).toBeHidden();

  // Copy / Print: the copies open in a new tab, then the jobs can be marked printed.
  await (await openBulkMenu(page)).getByRole('menuitem', { name: 'Copy / Print' }).click();
  const copy = page.getByRole('dialog', { name: 'Copy / Print' });
  await expect(copy.getByRole('radio', { name: /^Single copy/ })).toBeChecked();
  await copy.getByRole('checkbox', { name: 'Cover sheet' }).check();
  await expectAccessible(page, 'the Copy / Print dialog', '[role="dialog"]');
  const popup = page.waitForEvent('popup');
  await copy.getByRole('button', { name: 'Print' }).click();
  const tab = await popup;
  await expect(copy.getByText('The documents were opened in a new tab for printing.')).toBeVisible();
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
  await tab.close();
  await copy.getByRole('button', { name: 'Mark as Printed' }).click();
  await expect(page.getByText('Jobs marked as printed')).toBeVisible();
  await expect(copy).toBeHidden();

  // Fax to the first job's contact and a custom recipient.
  const before = outbox().length;
  await (await openBulkMenu(page)).getByRole('menuitem', { name: 'Fax' }).click();
  const fax = page.getByRole('dialog', { name: 'Fax' });
  const faxButton = fax.getByRole('button', { name: 'Fax', exact: true });
  await expect(faxButton).toBeDisabled();
  // Every recipient gets all three jobs: the explicit choice to send them together (issue 39).
  await fax.getByRole('radio', { name: 'All jobs together to every chosen recipient' }).check();
  // The first job's contact, in the first job's own list (a job's list is headed by its id and patient).
  const firstJobContacts = fax.getByRole('group', { name: new RegExp(`^Contacts of job ${jobIds[0]}\\b`) });
  await firstJobContacts
    .getByRole('checkbox', { name: `${contact.name} ${contact.faxNumber}`.trim() })
    .check();
  await fax.getByLabel('Title').fill('Dr');
  await fax.getByLabel(/^First name/).fill('Casey');
  await fax.getByLabel(/^Last name/).fill('Morrow');
  const add = fax.getByRole('button', { name: 'Add' });
  await expect(add).toBeDisabled();
  await expect(fax.getByText('You must enter a first and last name and a fax number')).toBeVisible();
  await fax.getByLabel(/^Fax number/).fill('555 0100 777');
  await fax.getByLabel(/^Fax number/).press('Enter');
  await expect(fax.getByRole('checkbox', { name: 'Dr Casey Morrow 555 0100 777' })).toBeChecked();
  await expect(fax.getByTestId('fax-selected-count')).toHaveText('2 recipients selected');
  await page.screenshot({ path: 'artifacts/documents-fax.png' });
  await faxButton.click();
  // The custom recipient is no job's contact: faxing needs the confirmation that names the jobs.
  const outside = fax.getByTestId('fax-confirm-outside');
  await expect(
    outside.getByRole('listitem').filter({ hasText: 'Dr Casey Morrow would receive' }),
  ).toContainText(`job ${jobIds[0]}`);
  await fax.getByRole('button', { name: 'Fax anyway' }).click();
  await expect(page.getByText('Job successfully queued for faxing')).toBeVisible();
  await expect(fax).toBeHidden();
  await expect.poll(() => outbox().length - before, { timeout: 30_000 }).toBe(2);
  const sent = outbox();
  expect(sent.map((e) => e.to.faxNumber).sort()).toEqual(
    [contact.faxNumber.replace(/\s+/g, ''), '5550100777'].sort(),
  );
  for (const envelope of sent.slice(-2)) expect([...envelope.jobIds].sort()).toEqual([...jobIds].sort());
  // The jobs show faxed (after a reload of the list, which also unchecks everything).
  await expect(async () => {
    await page.getByRole('button', { name: 'Reload' }).click();
    await listReady(page);
    for (const id of jobIds) {
      await page.getByRole('searchbox', { name: 'Search' }).fill(String(id));
      await expect(
        page.locator(`tbody tr[data-job-id="${id}"]`).getByLabel('Faxed', { exact: true }),
      ).toBeVisible({ timeout: 2_000 });
    }
  }).toPass({ timeout: 30_000 });
  await expect(bulk).toBeDisabled();

  // Clear one Finished and one unfinished job; the Finished one is hidden by the search.
  await checkJob(page, finished);
  await checkJob(page, unfinished.jobId);
  // A job id may match other rows' text too: narrow the search until the Finished job is hidden.
  if ((await page.locator(`tbody tr[data-job-id="${finished}"]`).count()) > 0)
    await page.getByRole('searchbox', { name: 'Search' }).fill(unfinished.patientMRN);
  await expect(page.locator(`tbody tr[data-job-id="${finished}"]`)).toHaveCount(0);
  await expect(page.locator(`tbody tr[data-job-id="${unfinished.jobId}"]`)).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await (await openBulkMenu(page)).getByRole('menuitem', { name: 'Clear from List' }).click();
  const clear = page.getByRole('dialog', { name: 'Clear from List' });
  await expect(
    clear.getByText('Clear the 2 selected jobs from the list? Only Finished jobs are cleared.'),
  ).toBeVisible();
  await expect(
    clear.getByText('1 checked job is hidden by the search and will also be cleared.'),
  ).toBeVisible();
  await expectAccessible(page, 'the Clear from List dialog', '[role="dialog"]');
  await clear.getByRole('button', { name: 'Clear from List' }).click();
  await expect(page.getByText('The selected job was cleared from the list')).toBeVisible();
  const notCleared = `Job ID: ${unfinished.jobId} was not cleared due to: Job is in Pending Distribution`;
  await expect(clear.getByTestId('not-cleared')).toHaveText(notCleared);
  await clear.getByRole('button', { name: 'Close', exact: true }).click();
  await listReady(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill(String(finished));
  await expect(page.locator(`tbody tr[data-job-id="${finished}"]`)).toHaveCount(0);

  // 11 checked jobs: view, save and copy say there are too many. (The job not cleared stays
  // checked; Reload unchecks it.)
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  // The search applies after its 300 ms debounce: wait for the whole first page again, or the
  // checks below could act on the still-filtered one once the reload below comes back sooner.
  await expect(page.locator('tbody tr[data-job-id]')).toHaveCount(10);
  // Wait for the reloaded list itself: right after the click the old table is still shown, and a
  // click on it can land on a row that the reloaded table then moves.
  const reloaded = page.waitForResponse((r) => r.url().includes('/api/jobs/dist'));
  await page.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await listReady(page);
  await expect(page.getByRole('button', { name: 'Reload' })).toBeEnabled();
  await expect(bulk).toBeDisabled();
  await expect(page.getByTestId('select-page')).not.toBeChecked();
  await page.getByTestId('select-page').check();
  const confirm = page.getByRole('dialog', { name: 'Confirm Select All' });
  await confirm.getByRole('button', { name: 'This Page Only' }).click();
  await page.getByRole('button', { name: 'Next page' }).click();
  await page.locator('tbody tr[data-job-id]').first().getByRole('checkbox').check();
  await expect(bulk).toContainText('11 jobs selected');
  const tooMany = await openBulkMenu(page);
  // The menu's note (each disabled item also names the reason as its hidden description).
  await expect(tooMany.getByRole('note')).toHaveText('Too many Jobs are selected (Max 10)');
  for (const name of ['View as PDF', 'View as RTF', 'Save', 'Copy / Print'])
    await expect(tooMany.getByRole('menuitem', { name })).toHaveAttribute('aria-disabled', 'true');
  await tooMany.getByRole('menuitem', { name: 'Save' }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('Too many Jobs are selected (Max 10)');
  await page.waitForTimeout(400);
  await page.screenshot({ path: 'artifacts/documents-too-many.png' });
});
