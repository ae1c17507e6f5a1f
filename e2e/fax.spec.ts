import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
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
import { serverDataDir } from './helpers/dataDir';

/*
 * Issue 18: a bulk fax of two jobs of one client facility shows each job's own contacts, marks a
 * contact of one job as not the other's, and sends the other job to it only after a confirmation
 * naming that job and its patient; the other job's details then say who received it.
 * Issue 39 row 4: by default each job goes only to the contacts chosen in its own list — two jobs
 * faxed to their own contacts are two faxes, each holding only its own job and patient, its cover
 * sheet listing the job, the patient and the pages; sending them together is an explicit choice.
 */

interface Contact {
  name: string;
  faxNumber: string;
  faxFlag: boolean;
  physicianId: number | null;
}

/** A job as the dialog names it to the manager, who may see patient names. */
const named = (r: Row) => (r.patientName ? `job ${r.jobId} (${r.patientName})` : `job ${r.jobId}`);
const digits = (n: string) => n.replace(/\s+/g, '');
const sameContact = (a: Contact, b: Contact) =>
  a.physicianId !== null && a.physicianId === b.physicianId && digits(a.faxNumber) === digits(b.faxNumber);

/** Two pending jobs of one facility with a PDF, the first with a valid contact the second lacks. */
async function chooseTwoJobs(page: Page, cs: string) {
  const rows = await pendingRows(page, cs);
  const contactsOf = async (jobId: number) =>
    (await (await page.request.get(`/api/jobs/getContactListForJob?jobId=${jobId}`)).json()) as Contact[];
  const byFacility = new Map<number, Row[]>();
  for (const r of rows)
    byFacility.set(r.clientFacilityId, [...(byFacility.get(r.clientFacilityId) ?? []), r]);
  for (const candidates of byFacility.values()) {
    const withPdf: { row: Row; contacts: Contact[] }[] = [];
    for (const row of candidates.slice(0, 8)) {
      // A Word job needs LibreOffice for its PDF; the demo has a few.
      if (!(await page.request.get(`/api/file/Download/${row.jobId}.pdf`)).ok()) continue;
      withPdf.push({ row, contacts: await contactsOf(row.jobId) });
    }
    for (const a of withPdf)
      for (const b of withPdf) {
        if (a === b) continue;
        const contact = a.contacts.find((c) => c.faxFlag && !b.contacts.some((o) => sameContact(c, o)));
        if (contact) return { a: a.row, b: b.row, contact };
      }
  }
  throw new Error(`No facility with two faxable jobs of different contacts (${rows.length} rows)`);
}

/** Checks the two jobs in the list and opens the Fax dialog for them. */
async function openFax(page: Page, a: Row, b: Row) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await checkJob(page, a.jobId);
  await checkJob(page, b.jobId);
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await listReady(page);
  await (await openBulkMenu(page)).getByRole('menuitem', { name: 'Fax' }).click();
  return page.getByRole('dialog', { name: 'Fax' });
}

/** Two pending jobs of one facility with a PDF, of different patients, each with a valid contact of its own. */
async function chooseTwoOwnContacts(page: Page, cs: string) {
  const rows = await pendingRows(page, cs);
  const contactsOf = async (jobId: number) =>
    (await (await page.request.get(`/api/jobs/getContactListForJob?jobId=${jobId}`)).json()) as Contact[];
  const lastName = (r: Row) => r.patientName?.split(',')[0]?.trim() ?? '';
  const byFacility = new Map<number, Row[]>();
  for (const r of rows)
    byFacility.set(r.clientFacilityId, [...(byFacility.get(r.clientFacilityId) ?? []), r]);
  const own = (of: Contact[], other: Contact[]) =>
    of.find(
      (c) =>
        c.faxFlag && !other.some((o) => sameContact(c, o) || digits(o.faxNumber) === digits(c.faxNumber)),
    );
  for (const candidates of byFacility.values()) {
    const withPdf: { row: Row; contacts: Contact[] }[] = [];
    for (const row of candidates.filter((r) => lastName(r)).slice(0, 8)) {
      if (!(await page.request.get(`/api/file/Download/${row.jobId}.pdf`)).ok()) continue;
      withPdf.push({ row, contacts: await contactsOf(row.jobId) });
    }
    for (const a of withPdf)
      for (const b of withPdf) {
        if (a === b || lastName(a.row) === lastName(b.row)) continue;
        const ofA = own(a.contacts, b.contacts);
        const ofB = own(b.contacts, a.contacts);
        if (ofA && ofB) return { a: a.row, b: b.row, ofA, ofB };
      }
  }
  throw new Error(
    `No facility with two faxable jobs of different patients and contacts (${rows.length} rows)`,
  );
}

/** The text of a fax in the outbox (`first`: only that page), by poppler's pdftotext. */
function faxText(document: string, first?: number): string {
  const range = first ? ['-f', String(first), '-l', String(first)] : [];
  return execFileSync(
    'pdftotext',
    ['-layout', ...range, join(serverDataDir(), 'fax-outbox', document), '-'],
    {
      encoding: 'utf8',
    },
  );
}

test('two jobs faxed to their own contacts: two faxes, each only its own job and patient, covers complete', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const cs = await openPending(page);
  const { a, b, ofA, ofB } = await chooseTwoOwnContacts(page, cs);
  const fax = await openFax(page, a, b);
  // Each job only to the recipients chosen in its own list, unless the user chooses otherwise.
  await expect(
    fax.getByRole('radio', { name: 'Each job only to the recipients chosen in its own list' }),
  ).toBeChecked();
  const ofJob = (r: Row) => fax.getByRole('group', { name: `Contacts of ${named(r)}`, exact: true });
  const labelOf = (c: Contact) => `${c.name} ${c.faxNumber}`.trim();
  await ofJob(a)
    .getByRole('checkbox', { name: labelOf(ofA) })
    .check();
  await ofJob(b)
    .getByRole('checkbox', { name: labelOf(ofB) })
    .check();
  const plan = fax.getByTestId('fax-plan').getByRole('listitem');
  await expect(plan).toHaveCount(2);
  await expect(plan.filter({ hasText: `${ofA.name} (${ofA.faxNumber}): ${named(a)}` })).toHaveCount(1);
  await expect(plan.filter({ hasText: `${ofB.name} (${ofB.faxNumber}): ${named(b)}` })).toHaveCount(1);
  await page.screenshot({ path: 'artifacts/fax-per-job.png' });
  await fax.getByTestId('fax-plan').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'artifacts/fax-per-job-plan.png' });
  await expectAccessible(page, 'the Fax dialog, jobs one by one', '[role="dialog"]');

  const before = new Set(outbox().map((e) => e.document));
  // Everyone is a contact of the job chosen for them: no question, the faxes are queued.
  await fax.getByRole('button', { name: 'Fax', exact: true }).click();
  await expect(page.getByText('Job successfully queued for faxing')).toBeVisible();
  await expect(fax).toBeHidden();
  const fresh = () => outbox().filter((e) => !before.has(e.document));
  await expect.poll(() => fresh().length, { timeout: 90_000 }).toBe(2);
  const sent = fresh();
  const lastName = (r: Row) => r.patientName!.split(',')[0]!.trim();
  for (const [job, other, to] of [
    [a, b, ofA],
    [b, a, ofB],
  ] as const) {
    const envelope = sent.find((e) => e.to.faxNumber === digits(to.faxNumber))!;
    expect(envelope.jobIds).toEqual([job.jobId]);
    const text = faxText(envelope.document);
    expect(text).toContain(lastName(job));
    expect(text).not.toContain(lastName(other));
    // The cover sheet: this job, its patient and its pages — and no other job.
    const cover = faxText(envelope.document, 1);
    const rows = [...cover.matchAll(/^\s*(\d+)\s+(\S.*?)\s{2,}(\d+)\s*$/gm)].map((m) => [Number(m[1]), m[2]]);
    expect(rows).toEqual([[job.jobId, job.patientName]]);
    expect(cover).toMatch(/Total pages\s+\d+ \(this cover sheet included\)/);
  }
  const first = sent.find((e) => e.jobIds[0] === a.jobId)!;
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    join(serverDataDir(), 'fax-outbox', first.document),
    'artifacts/fax-cover-per-job',
  ]);
});

test('two jobs of one facility: each job’s contacts, the mark, the confirmation, each job’s record', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const cs = await openPending(page);
  const { a, b, contact } = await chooseTwoJobs(page, cs);
  const fax = await openFax(page, a, b);
  await expect(fax.getByRole('button', { name: 'Close the Fax dialog' })).toBeVisible();

  // Each job's own list, headed by its id and (the manager may see it) its patient.
  const ofA = fax.getByRole('group', { name: `Contacts of ${named(a)}`, exact: true });
  const ofB = fax.getByRole('group', { name: `Contacts of ${named(b)}`, exact: true });
  await expect(ofA).toBeVisible();
  await expect(ofB).toBeVisible();
  // Sending one recipient both jobs is the explicit choice to send them together.
  await fax.getByRole('radio', { name: 'All jobs together to every chosen recipient' }).check();
  const label = `${contact.name} ${contact.faxNumber}`.trim();
  const row = ofA.getByRole('listitem').filter({ has: page.getByRole('checkbox', { name: label }) });
  await expect(row.getByTestId('fax-not-contact')).toHaveText(`Not a contact of job ${b.jobId}`);
  await expect(ofB.getByRole('checkbox', { name: label })).toHaveCount(0);
  await row.getByRole('checkbox', { name: label }).check();
  await page.screenshot({ path: 'artifacts/fax-two-jobs.png' });
  await expectAccessible(page, 'the Fax dialog', '[role="dialog"]');

  // Faxing asks first, naming job B and its patient; Back sends nothing.
  const before = outbox().length;
  await fax.getByRole('button', { name: 'Fax', exact: true }).click();
  const confirm = fax.getByTestId('fax-confirm-outside');
  await expect(confirm.getByRole('listitem')).toHaveText([`${contact.name} would receive ${named(b)}`]);
  await page.screenshot({ path: 'artifacts/fax-two-jobs-confirm.png' });
  await expectAccessible(page, 'the outside-contacts confirmation', '[role="dialog"]');
  await fax.getByRole('button', { name: 'Back' }).click();
  await expect(row.getByRole('checkbox', { name: label })).toBeChecked();
  await fax.getByRole('button', { name: 'Fax', exact: true }).click();
  await fax.getByRole('button', { name: 'Fax anyway' }).click();
  await expect(page.getByText('Job successfully queued for faxing')).toBeVisible();
  await expect(fax).toBeHidden();
  await expect.poll(() => outbox().length - before, { timeout: 90_000 }).toBe(1);

  // Each job's details name who received its fax, and whether that was its own contact.
  const faxesOf = async (jobId: number) =>
    (await (await page.request.get(`/api/jobs/jobdetails?jobId=${jobId}`)).json()).faxes as {
      recipientName: string;
      faxNumber: string;
      contactOfJob: boolean;
    }[];
  expect((await faxesOf(a.jobId)).at(-1)).toMatchObject({
    recipientName: contact.name,
    faxNumber: digits(contact.faxNumber),
    contactOfJob: true,
  });
  expect((await faxesOf(b.jobId)).at(-1)).toMatchObject({
    recipientName: contact.name,
    faxNumber: digits(contact.faxNumber),
    contactOfJob: false,
  });
});
