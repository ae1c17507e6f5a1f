import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { hasEditableCda, jobFacts, structureJobIds } from './helpers/jobs';
import { signIn, xsrf } from './helpers/signIn';

/*
 * Issue 40, whose document is this: in the job view a clerk imports a document that names another
 * patient (the HL7 Consultation Note, about Eve Betterhalf). The import is refused with the two
 * patients side by side; Cancel imports nothing; Import anyway with a reason stores it. The job
 * then shows a banner above the document, the header's mismatch badge and the hold-queue flag
 * "Document patient differs from the job's patient", and the audit trail keeps the reason.
 * Afterwards the job's own document is imported back (it names the job's patient: the flag goes),
 * so the demo job is left as the other specs know it.
 */

const CONSULTATION = new URL(
  '../apps/server/src/testing/fixtures/cda/Consultation_Note.xml',
  import.meta.url,
);
const FLAG = 'Document patient differs from the job’s patient';
const FLAG_CODE = 'DOCPATIENT';
/** ES: a stage no other spec takes its job from first (they prefer the hold queue). */
const E_SIGNATURE = 11;
const TRANSCRIPTION = 2;

interface Identity {
  mrn: string | null;
  birthDate: string | null;
  sex: string | null;
}
interface DocumentPatientAnswer {
  documentPatient: (Identity & { name: string | null }) | null;
  jobPatient: Identity & { lastName: string | null; firstName: string | null };
}

/** Whether the document names the job's own patient: the name's words, and MRN, birth date and sex where both give them. */
function namesJobPatient({ documentPatient: d, jobPatient: j }: DocumentPatientAnswer): boolean {
  if (!d?.name || !j.lastName || !j.firstName) return false;
  const words = d.name.toLowerCase();
  if (!words.includes(j.lastName.toLowerCase()) || !words.includes(j.firstName.toLowerCase())) return false;
  const same = (a: string | null, b: string | null, read: (v: string) => string) =>
    !a || !b || read(a) === read(b);
  const date = (v: string) => v.replaceAll('-', '').slice(0, 8);
  return (
    same(d.mrn, j.mrn, (v) => v.trim().toLowerCase()) &&
    same(d.birthDate, j.birthDate, date) &&
    same(d.sex, j.sex, (v) => v.trim()[0]!.toUpperCase())
  );
}

/**
 * A job waiting for e-signature (else in transcription) with an editable CDA, not protected, whose
 * document names the job's own patient (no banner before) — the first by id.
 */
async function findJob(page: Page): Promise<number> {
  const { jobIds } = await structureJobIds(page);
  const sorted = [...jobIds].sort((a, b) => a - b);
  for (const stage of [E_SIGNATURE, TRANSCRIPTION]) {
    for (const jobId of sorted.slice(0, 200)) {
      const facts = await jobFacts(page, jobId);
      if (facts.stageId !== stage || facts.isProtected || !facts.patientName) continue;
      if (!(await hasEditableCda(page, jobId))) continue;
      const answer = (await (
        await page.request.get(`/api/job/GetDocumentPatient?jobId=${jobId}`)
      ).json()) as DocumentPatientAnswer;
      if (!namesJobPatient(answer) || /Betterhalf/.test(answer.jobPatient.lastName ?? '')) continue;
      return jobId;
    }
  }
  throw new Error('The demo data has no ES or transcription CDA job whose document names its patient');
}

test('import another patient’s document: both patients side by side, cancel or confirm with a reason; banner and flag', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  const jobId = await findJob(page);
  const before = await jobFacts(page, jobId);
  expect(before.holdQueueFlags.map((f) => f.code)).not.toContain(FLAG_CODE);
  const own = await page.request.get(`/api/file/Download/${jobId}.xml`);
  expect(own.status()).toBe(200);
  const ownXml = Buffer.from(await own.body());

  await page.goto(`/job/${jobId}`);
  await expect(page.getByRole('textbox', { name: 'Job text' })).toBeVisible();
  const banner = page.getByRole('region', { name: 'The document names another patient' });
  await expect(banner).toHaveCount(0);

  const choose = async () => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import document' }).click();
    await (await chooser).setFiles({
      name: 'Consultation_Note.xml',
      mimeType: 'application/xml',
      buffer: readFileSync(CONSULTATION),
    });
  };

  // Refused: the two patients side by side; Cancel imports nothing.
  await choose();
  const ask = page.getByRole('dialog', { name: 'Import a document about another patient?' });
  await expect(ask).toBeVisible({ timeout: 30_000 });
  const comparison = ask.getByRole('table', { name: 'Patient in the document and in the job' });
  await expect(comparison.getByRole('row', { name: /^Name/ })).toContainText('Eve Betterhalf');
  await expect(comparison.getByRole('row', { name: /^Name/ })).toContainText(before.patientName!);
  await expect(comparison.getByRole('row', { name: /^Name/ })).toContainText('Differs');
  await expect(ask.getByTestId('document-patient-refusal')).toContainText('Nothing was imported');
  await page.screenshot({ path: 'artifacts/document-patient-refused.png', fullPage: true });
  await expectAccessible(page, 'the import refused for another patient');
  await ask.getByRole('button', { name: 'Cancel, import nothing' }).click();
  await expect(ask).toBeHidden();
  expect((await jobFacts(page, jobId)).version).toBe(before.version);

  // Again: Import anyway asks for the reason first, then stores the document.
  await choose();
  await expect(ask).toBeVisible({ timeout: 30_000 });
  await ask.getByRole('button', { name: 'Import anyway' }).click();
  await expect(ask.getByText('Give a reason for importing the document')).toBeVisible();
  const reason = 'Dictated under the mother’s chart; the ward confirmed the document is for this visit';
  await ask.getByLabel('Reason for importing').fill(reason);
  await ask.getByRole('button', { name: 'Import anyway' }).click();
  await expect(ask).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText(`Imported the document into job ${jobId} as version`)).toBeVisible();

  // The banner above the document, the header's badge, and the hold-queue flag.
  await expect(banner).toBeVisible({ timeout: 30_000 });
  await expect(banner).toContainText('The document is about Eve Betterhalf');
  await expect(
    page.getByRole('region', { name: 'Job details' }).getByTestId('identity-mismatch'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Document', exact: true }).click();
  const flags = page.getByRole('list', { name: 'Hold Queue flags' });
  await expect(flags).toContainText(FLAG);
  const after = await jobFacts(page, jobId);
  expect(after.version).toBeGreaterThan(before.version);
  expect(after.holdQueueFlags.map((f) => f.code)).toContain(FLAG_CODE);
  // The view has reloaded the job once its controls are back.
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeEnabled();
  await page.screenshot({ path: 'artifacts/document-patient-banner.png', fullPage: true });
  await expectAccessible(page, 'the job view with the document-patient banner and flag');

  // The audit trail keeps the reason.
  await page.getByRole('button', { name: 'Audit trail' }).click();
  const trail = page.getByRole('dialog', { name: `Audit trail of job ${jobId}` });
  await expect(trail.getByTestId('audit-trail')).toContainText(
    `Imported a document whose patient differs from the job’s patient (Name`,
  );
  await expect(trail.getByTestId('audit-trail')).toContainText(`Reason: ${reason}`);
  await page.screenshot({ path: 'artifacts/document-patient-audit.png', fullPage: true });
  await page.keyboard.press('Escape');

  // The job's own document back: it names the job's patient, so the flag goes and the banner with it.
  const back = await page.request.post(`/api/job/importDocument/${jobId}`, {
    multipart: { file: { name: `${jobId}.xml`, mimeType: 'application/xml', buffer: ownXml } },
    headers: await xsrf(page),
  });
  expect(back.status(), await back.text()).toBe(201);
  expect(((await back.json()) as { patientCheck: string }).patientCheck).not.toBe('confirmed');
  expect((await jobFacts(page, jobId)).holdQueueFlags.map((f) => f.code)).not.toContain(FLAG_CODE);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Job text' })).toBeVisible();
  await expect(banner).toHaveCount(0);
});
