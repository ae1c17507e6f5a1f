import { expect, type Locator, type Page } from '@playwright/test';

/*
 * Issue 39: the upload pages (Schedule Upload, Patient Upload) up to their preview — a facility,
 * a CSV, the action Update, each heading mapped — and the preview's rows of one job.
 */

async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

const unmapped = (page: Page) =>
  page.getByTestId('sample-heading').filter({ has: page.getByRole('img', { name: 'Not mapped' }) });

/**
 * Uploads `csv` on `path` for the facility, maps what the server did not (composite names as
 * "LastName, FirstName MiddleName", dates as MM/dd/yyyy, a visit heading to PID 18.1, the rest
 * ignored), submits, and waits for the preview. Answers the preview region.
 */
export async function uploadToPreview(
  page: Page,
  opts: { path: string; facilityId: number; fileName: string; csv: string },
): Promise<Locator> {
  await page.goto(opts.path);
  const facility = page.getByRole('combobox', { name: /^Client facility/ });
  await facility.click();
  await facility.pressSequentially(String(opts.facilityId), { delay: 30 });
  await page
    .getByRole('option', { name: new RegExp(`\\(${opts.facilityId}\\)$`) })
    .first()
    .click();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: opts.fileName, mimeType: 'text/csv', buffer: Buffer.from(opts.csv) });
  await choose(page, /^Action/, 'Update');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText(/^Heading 1 of \d+$/)).toBeVisible({ timeout: 30_000 });
  for (let guard = 0; guard < 10 && (await unmapped(page).count()) > 0; guard++) {
    const heading = unmapped(page).first();
    const label = (await heading.textContent())?.trim() ?? '';
    await heading.click();
    await expect(page.getByRole('textbox', { name: 'File heading' })).toHaveValue(label);
    if (await page.getByRole('combobox', { name: /^Composite name format/ }).isVisible())
      await choose(page, /^Composite name format/, 'LastName, FirstName MiddleName');
    else if (await page.getByRole('combobox', { name: /^Date format/ }).isVisible())
      await choose(page, /^Date format/, /^MM\/dd\/yyyy$/);
    else if (/visit/i.test(label)) await choose(page, /^ADT definition/, /\(PID 18\.1\)$/);
    else await choose(page, /^ADT definition/, 'Ignore');
  }
  // A prefilled date heading keeps its guessed format; the birth date is MM/dd/yyyy here.
  await expect(unmapped(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const preview = page.getByTestId('schedule-upload-preview');
  await expect(preview).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('schedule-upload-title')).toHaveText(
    'Check the changes: nothing has been applied yet.',
  );
  return preview;
}

/** The preview's row of one job (its id is the row's heading). */
export const previewJobRow = (preview: Locator, jobId: number) =>
  preview
    .getByTestId('schedule-preview-jobs')
    .getByRole('row')
    .filter({ has: preview.page().getByRole('rowheader', { name: String(jobId), exact: true }) });
