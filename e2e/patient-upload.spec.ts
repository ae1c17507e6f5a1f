import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { jobFacts, type ListRow, structureJobIds, structureRows } from './helpers/jobs';
import { pdfText } from './helpers/pdf';
import { MANAGER, signIn, xsrf } from './helpers/signIn';
import { previewJobRow, uploadToPreview } from './helpers/upload';

/*
 * Upload ▸ Patient (issue 20) against a real server with demo data: the manager uploads a CSV of
 * patients and visits as Excel saves it (a UTF-8 byte-order mark, quoted fields holding commas),
 * maps its headings, sees it processed — and the ADT search then finds those patients.
 */

const CSV = Buffer.from(
  '\uFEFFMRN,Patient Name,Birth Date,Sex,Visit,Admitted,Insurance,Notes\r\n' +
    'E2E-PU-1,"Zielinski, Marta Ann",03/15/1972,F,E2E-V-1,03/01/2026 08:30,"Blue Cross, Blue Shield","Allergies: latex, penicillin"\r\n' +
    'E2E-PU-2,"Zielinska, Ewa",11/02/1980,F,E2E-V-2,03/02/2026 10:00,Aetna,\r\n',
  'utf8',
);

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const LAST_NAME = { segment: 'PID', field: 5, component: 1 };
const MRN = { segment: 'PID', field: 3, component: 1 };

/** searchadt's patients (their values' raw text) for one field of the facility's patient search. */
async function searchPatients(
  page: Page,
  job: { jobId: number; facilityId: number },
  field: typeof LAST_NAME,
  value: string,
) {
  const res = await page.request.post('/api/job/searchadt', {
    headers: await xsrf(page),
    data: {
      companyId: job.facilityId,
      jobId: job.jobId,
      identifier: 'patient',
      inputAdtData: [{ hl7Identifier: field, value }],
    },
  });
  return {
    status: res.status(),
    patients: res.ok() ? ((await res.json()).patient as { value: { raw: string | null }[] }[]) : [],
  };
}

/** A job of a facility that offers the patient search (one demo facility has none). */
async function jobWithPatientSearch(page: Page) {
  const { jobIds } = await structureJobIds(page);
  const tried = new Set<number>();
  for (const jobId of jobIds.slice(0, 40)) {
    const facilityId = (await jobFacts(page, jobId)).clientFacility.id;
    if (tried.has(facilityId)) continue;
    tried.add(facilityId);
    const job = { jobId, facilityId };
    if ((await searchPatients(page, job, LAST_NAME, 'Zq')).status === 200) return job;
  }
  throw new Error('no facility with a patient search');
}

async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

function unmappedHeadings(page: Page): Locator {
  return page.getByTestId('sample-heading').filter({ has: page.getByRole('img', { name: 'Not mapped' }) });
}

/** What each heading the server could not map by its name is mapped to (an ADT definition, a format). */
async function mapHeading(page: Page, label: string) {
  const dateFormat = page.getByRole('combobox', { name: /^Date format/ });
  if (label === 'Patient Name') {
    await choose(page, /^Composite name format/, 'LastName, FirstName MiddleName');
  } else if (label === 'Birth Date') {
    await choose(page, /^ADT definition/, /\(PID 7\.1\)$/);
    await choose(page, /^Date format/, /^MM\/dd\/yyyy$/);
  } else if (label === 'Admitted') {
    await choose(page, /^ADT definition/, /\(PV1 44\.1\)$/);
    await choose(page, /^Date format/, /^MM\/dd\/yyyy HH:mm$/);
  } else if (label === 'Visit') await choose(page, /^ADT definition/, /\(PID 18\.1\)$/);
  else if (label === 'Insurance') await choose(page, /^ADT definition/, /\(IN1 4\.1\)$/);
  else if (await dateFormat.isVisible()) await choose(page, /^Date format/, /./);
  else await choose(page, /^ADT definition/, 'Ignore');
}

test('manager uploads patients and visits (BOM, quoted commas), maps the headings, and the ADT search finds them', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, MANAGER);
  const job = await jobWithPatientSearch(page);
  expect((await searchPatients(page, job, LAST_NAME, 'Zielinsk')).patients).toEqual([]);
  const structures = (await (await page.request.get('/api/jobs/getusercs')).json()) as { id: number }[];
  await page.goto(`/jobs/${structures[0]!.id}/pending`);

  // Upload ▸ Patient: Quill's own page (no legacy host in this installation).
  await nav(page).getByRole('button', { name: 'Upload' }).click();
  await page.getByRole('menuitem', { name: /^Patient/ }).click();
  await expect(page).toHaveURL(/\/patient\/upload$/);
  await expect(page.getByRole('heading', { name: 'Patient Upload' })).toBeVisible();
  await expect(page).toHaveTitle('Patient Upload - Quill');

  // The job's facility, found by its id.
  const facility = page.getByRole('combobox', { name: /^Client facility/ });
  await facility.click();
  await facility.pressSequentially(String(job.facilityId), { delay: 30 });
  await page
    .getByRole('option', { name: new RegExp(`\\(${job.facilityId}\\)$`) })
    .first()
    .click();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'patients.csv', mimeType: 'text/csv', buffer: CSV });
  await choose(page, /^Action/, 'Update');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();

  // Step 2: the byte-order mark is not part of the first heading; quoted commas stay in one cell.
  await expect(page.getByText(/^Heading 1 of 8$/)).toBeVisible({ timeout: 30_000 });
  const sample = page.getByRole('table', { name: 'Sample data of the file' });
  await expect(page.getByTestId('sample-heading').first()).toHaveText('MRN');
  await expect(sample.getByRole('cell', { name: 'Zielinski, Marta Ann', exact: true })).toBeVisible();
  await expect(sample.getByRole('cell', { name: 'Blue Cross, Blue Shield', exact: true })).toBeVisible();
  await expect(sample.getByRole('cell', { name: 'Allergies: latex, penicillin', exact: true })).toBeVisible();

  for (let guard = 0; guard < 8 && (await unmappedHeadings(page).count()) > 0; guard++) {
    const heading = unmappedHeadings(page).first();
    const label = (await heading.textContent())?.trim() ?? '';
    await heading.click();
    await expect(page.getByRole('textbox', { name: 'File heading' })).toHaveValue(label);
    await mapHeading(page, label);
  }
  await expect(unmappedHeadings(page)).toHaveCount(0);
  const submitHeadings = page.getByRole('button', { name: 'Submit', exact: true });
  await expect(submitHeadings).not.toHaveAttribute('aria-disabled', 'true');
  await page.getByTestId('sample-heading').first().click();
  await page.screenshot({ path: '/tmp/patient-upload-step2.png', fullPage: true });
  await expectAccessible(page);

  await submitHeadings.click();
  // Issue 39: what it will add is shown first; nothing is applied before Apply these changes.
  const preview = page.getByTestId('schedule-upload-preview');
  await expect(preview.getByTestId('schedule-preview-counts')).toHaveText(
    '2 patients added, 0 changed; 2 visits added, 0 changed, 0 deleted; 0 rows skipped.',
    { timeout: 60_000 },
  );
  expect((await searchPatients(page, job, LAST_NAME, 'Zielinsk')).patients).toEqual([]);
  await preview.getByRole('button', { name: 'Apply these changes' }).click();
  await expect(page.getByTestId('schedule-upload-status')).toHaveText(
    'Processed 2 rows: 2 patients added, 0 updated; 2 visits added, 0 updated, 0 deleted; 0 rows skipped.',
    { timeout: 60_000 },
  );
  await expect(page.getByTestId('schedule-upload-title')).toHaveText('The file has been processed.');
  await expect(page.getByRole('button', { name: 'Upload another Patient file' })).toBeVisible();
  await page.screenshot({ path: '/tmp/patient-upload-done.png', fullPage: true });
  await expectAccessible(page);

  // The ADT search finds the uploaded patients: by a last-name prefix and by the patient id.
  const byName = await searchPatients(page, job, LAST_NAME, 'zielinsk');
  expect(byName.status).toBe(200);
  expect(byName.patients.map((p) => p.value.map((v) => v.raw).slice(0, 5))).toEqual([
    ['E2E-PU-2', 'Zielinska', 'Ewa', null, '1980-11-02'],
    ['E2E-PU-1', 'Zielinski', 'Marta', 'Ann', '1972-03-15'],
  ]);
  expect((await searchPatients(page, job, MRN, 'E2E-PU-1')).patients).toHaveLength(1);

  // Upload another Patient file: an empty step 1; the recent uploads list this one.
  await page.getByRole('button', { name: 'Upload another Patient file' }).click();
  await expect(facility).toHaveValue('');
  await expect(page.getByTestId('schedule-recent-uploads').getByRole('row').nth(1)).toContainText(
    'patients.csv',
  );

  // The legacy path of the patient upload opens this page.
  await page.goto('/ambulatory/uploadadt');
  await expect(page).toHaveURL(/\/patient\/upload$/);
  await expect(page.getByRole('heading', { name: 'Patient Upload' })).toBeVisible();
});

test('a dictator gets no form at /patient/upload', async ({ page }) => {
  await signIn(page, { username: 'dictator', password: 'demo' });
  await page.goto('/patient/upload');
  await expect(page.getByText('Forbidden')).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Client facility/ })).toHaveCount(0);
});

/** Issue 39: stages an upload never changes a job in (rules/schedule/uploadFinal), or any job with a signed date. */
const FINAL_STAGES = new Set([4, 5, 6, 7, 8, 9, 10, 13, 16]);
const isFinal = (r: ListRow) => FINAL_STAGES.has(r.stageId) || Boolean(r.signedDate);
const birthDate = (text: string) => /Date of birth (\d{2}\/\d{2}\/\d{4})/.exec(text)?.[1] ?? null;

/** A patient with a Finished job and a job still in work, both with a PDF that prints the birth date. */
async function patientWithFinishedAndOpenJobs(page: Page) {
  const { rows } = await structureRows(page);
  const byMrn = new Map<string, ListRow[]>();
  for (const r of rows.filter((x) => x.patientMRN))
    byMrn.set(r.patientMRN, [...(byMrn.get(r.patientMRN) ?? []), r]);
  for (const [mrn, jobs] of byMrn) {
    const finished = jobs.find((j) => j.stageId === 13);
    const open = jobs.find((j) => !isFinal(j) && j.stageId !== 410);
    if (!finished || !open) continue;
    const pdfs = await Promise.all(
      [finished, open].map(async (j) => (await page.request.get(`/api/file/download/${j.jobId}.pdf`)).ok()),
    );
    if (!pdfs.every(Boolean)) continue;
    const date = birthDate(await pdfText(page, finished.jobId));
    if (date && birthDate(await pdfText(page, open.jobId)) === date)
      return { mrn, finished: finished.jobId, open: open.jobId, date };
  }
  throw new Error('the demo has no patient with a Finished and an open job with documents');
}

test('issue 39: a patient upload previews first; a Finished job is not changed and its PDF keeps the old birth date', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, MANAGER);
  const patient = await patientWithFinishedAndOpenJobs(page);
  const newDate = patient.date === '01/15/1950' ? '01/16/1950' : '01/15/1950';
  const facilityId = (await jobFacts(page, patient.finished)).clientFacility.id;

  const preview = await uploadToPreview(page, {
    path: '/patient/upload',
    facilityId,
    fileName: 'birth-date.csv',
    csv: `MRN,DOB\r\n${patient.mrn},${newDate}\r\n`,
  });
  // The preview shows the change; nothing is applied yet — both documents print the old date.
  const [y, m, d] = [newDate.slice(6), newDate.slice(0, 2), newDate.slice(3, 5)];
  const [oy, om, od] = [patient.date.slice(6), patient.date.slice(0, 2), patient.date.slice(3, 5)];
  const change = `Birth date (PID 7.1): ${oy}-${om}-${od} → ${y}-${m}-${d}`;
  await expect(previewJobRow(preview, patient.finished)).toContainText(change);
  await expect(previewJobRow(preview, patient.finished)).toContainText('Not changed: final');
  await expect(previewJobRow(preview, patient.open)).toContainText(change);
  await expect(previewJobRow(preview, patient.open)).toContainText('Will change');
  await expect(preview.getByTestId('schedule-preview-job-counts')).toHaveText(
    /^\d+ jobs will change; [1-9]\d* final jobs will not be changed\.$/,
  );
  await expect(preview.getByRole('table', { name: 'Patients, visits and orders' })).toContainText(
    `Patient ${patient.mrn}`,
  );
  expect(birthDate(await pdfText(page, patient.open))).toBe(patient.date);
  expect(birthDate(await pdfText(page, patient.finished))).toBe(patient.date);
  await previewJobRow(preview, patient.finished).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/patient-upload-preview.png', fullPage: true });
  await expectAccessible(page);

  // Apply these changes, by keyboard.
  await preview.getByRole('button', { name: 'Apply these changes' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('schedule-upload-title')).toHaveText('The file has been processed.', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('schedule-upload-effect-final')).toContainText(String(patient.finished));
  await page.screenshot({ path: '/tmp/patient-upload-applied.png', fullPage: true });
  expect(birthDate(await pdfText(page, patient.finished))).toBe(patient.date);
  expect(birthDate(await pdfText(page, patient.open))).toBe(newDate);

  // Revert stays: the open job prints the old date again; the Finished job never changed.
  const effect = page.getByTestId('schedule-upload-effect');
  await effect.getByRole('button', { name: 'Revert the upload birth-date.csv' }).click();
  await effect.getByTestId('schedule-revert-confirm').getByRole('button', { name: 'Revert' }).click();
  await expect(effect.getByText('Reverted', { exact: true })).toBeVisible();
  expect(birthDate(await pdfText(page, patient.open))).toBe(patient.date);
  expect(birthDate(await pdfText(page, patient.finished))).toBe(patient.date);
});
