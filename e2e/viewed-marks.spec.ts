import { expect, test } from '@playwright/test';
import { checkJob, listReady, openBulkMenu, openPending, pendingRows } from './helpers/bulkList';

/*
 * Issue 39 row 10 (spec 01 §2): the PDF and RTF pills of a row turn green once the job has been
 * viewed in that format — right after it is opened from the list, not only after a reload.
 */
test('the PDF and RTF viewed marks turn green right after the documents are opened', async ({ page }) => {
  test.setTimeout(180_000);
  const cs = await openPending(page);
  const rows = (await pendingRows(page, cs)) as (Awaited<ReturnType<typeof pendingRows>>[number] & {
    pdfViewed: boolean;
    rtfViewed: boolean;
  })[];
  const row = rows.find((r) => !r.pdfViewed && !r.rtfViewed);
  expect(row, 'a pending job the manager has not viewed').toBeDefined();
  const jobId = row!.jobId;

  await checkJob(page, jobId);
  const line = page.locator(`tbody tr[data-job-id="${jobId}"]`);
  const pdf = line.getByRole('img', { name: /^PDF (not )?viewed$/ });
  const rtf = line.getByRole('img', { name: /^RTF (not )?viewed$/ });
  await expect(pdf).toHaveAccessibleName('PDF not viewed');
  await expect(rtf).toHaveAccessibleName('RTF not viewed');

  const served = page.waitForResponse(
    (r) => r.url().toLowerCase().includes(`/api/file/download/${jobId}.pdf`),
    {
      timeout: 90_000,
    },
  );
  await (await openBulkMenu(page)).getByRole('menuitem', { name: 'View as PDF' }).click();
  const viewer = page.getByRole('dialog', { name: 'Selected Documents' });
  await expect(viewer).toBeVisible();
  expect((await served).status()).toBe(200);
  await expect(pdf).toHaveAccessibleName('PDF viewed');
  await expect(pdf).toHaveAttribute('data-on', 'true');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(rtf).toHaveAccessibleName('RTF not viewed');

  const download = page.waitForEvent('download', { timeout: 90_000 });
  await (await openBulkMenu(page)).getByRole('menuitem', { name: 'View as RTF' }).click();
  await download;
  await expect(rtf).toHaveAccessibleName('RTF viewed');
  await expect(rtf).toHaveAttribute('data-on', 'true');
  await page.screenshot({ path: 'artifacts/viewed-marks.png' });

  // What the server recorded: the next load of the list says the same.
  await page.reload();
  await listReady(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill(String(jobId));
  await expect(pdf).toHaveAccessibleName('PDF viewed');
  await expect(rtf).toHaveAccessibleName('RTF viewed');
});
