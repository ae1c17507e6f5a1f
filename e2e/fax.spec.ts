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

/*
 * Issue 18: a bulk fax of two jobs of one client facility shows each job's own contacts, marks a
 * contact of one job as not the other's, and sends the other job to it only after a confirmation
 * naming that job and its patient; the other job's details then say who received it.
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

test('two jobs of one facility: each job’s contacts, the mark, the confirmation, each job’s record', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const cs = await openPending(page);
  const { a, b, contact } = await chooseTwoJobs(page, cs);
  await checkJob(page, a.jobId);
  await checkJob(page, b.jobId);
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await listReady(page);
  await (await openBulkMenu(page)).getByRole('menuitem', { name: 'Fax' }).click();
  const fax = page.getByRole('dialog', { name: 'Fax' });
  await expect(fax.getByRole('button', { name: 'Close the Fax dialog' })).toBeVisible();

  // Each job's own list, headed by its id and (the manager may see it) its patient.
  const ofA = fax.getByRole('group', { name: `Contacts of ${named(a)}`, exact: true });
  const ofB = fax.getByRole('group', { name: `Contacts of ${named(b)}`, exact: true });
  await expect(ofA).toBeVisible();
  await expect(ofB).toBeVisible();
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
  await expect.poll(() => outbox().length - before, { timeout: 30_000 }).toBe(1);

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
