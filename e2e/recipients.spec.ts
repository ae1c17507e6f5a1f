import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { listReady, openBulkMenu } from './helpers/bulkList';
import { hasEditableCda, type JobFacts, jobFacts, structureJobIds } from './helpers/jobs';
import { signIn } from './helpers/signIn';

/*
 * Issue 21: the manager changes who a document goes to. On a job whose work type allows 1 to 2
 * addressees: two addressees (Add disabled at the second), a third refused as an addressee, the
 * patient once, a custom physician saved to the directory and found again, one removed; the save
 * keeps exactly that, and the fax dialog of the job list offers the new recipients.
 */

interface DirectoryPhysician {
  userId: number;
  prefix: string | null;
  firstName: string | null;
  middleInitial: string | null;
  lastName: string | null;
  suffix: string | null;
  accessCode: string | null;
  fax: string | null;
}

const CLOSED = new Set([11, 12, 16]);
const nameOf = (p: DirectoryPhysician) =>
  [p.prefix, p.firstName, p.middleInitial, p.lastName, p.suffix]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The demo's job for the Recipients card: 1 to 2 addressees, none yet, an editable CDA. */
async function findJob(page: Page): Promise<{ cs: number; job: JobFacts }> {
  const { cs, jobIds } = await structureJobIds(page);
  for (const jobId of [...jobIds].sort((a, b) => a - b)) {
    const job = await jobFacts(page, jobId);
    const wt = job.workType;
    if (!wt?.enableAddressee || wt.minAddressees !== 1 || wt.maxAddressees !== 2) continue;
    if (CLOSED.has(job.stageId) || job.stageId === 410 || job.isProtected) continue;
    if (job.recipients.some((r) => r.isAddressee && !r.removed)) continue;
    if (await hasEditableCda(page, jobId)) return { cs, job };
  }
  throw new Error('The demo has no job whose work type allows 1 to 2 addressees and that has none');
}

/** Three physicians of the facility with fax numbers that are not the job's recipients yet. */
async function faxablePhysicians(page: Page, job: JobFacts): Promise<DirectoryPhysician[]> {
  const taken = new Set(
    (job.recipients as unknown as { userId: number; removed: boolean }[])
      .filter((r) => !r.removed)
      .map((r) => r.userId),
  );
  const found: DirectoryPhysician[] = [];
  for (const letter of 'bcdfghklmprstw') {
    const list = (await (
      await page.request.get(
        `/api/jobs/SearchPhysicians?physicianSearchType=3&companyId=${job.clientFacility.id}&q=${letter}`,
      )
    ).json()) as DirectoryPhysician[];
    for (const p of list)
      if (
        p.fax &&
        p.lastName &&
        p.firstName &&
        !taken.has(p.userId) &&
        !found.some((f) => f.lastName === p.lastName)
      )
        found.push(p);
    if (found.length >= 3) return found.slice(0, 3);
  }
  throw new Error('The facility has too few physicians with fax numbers');
}

/** Opens the modal with `add`, searches "Last, First" and confirms the physician. */
async function addFromDirectory(page: Page, add: Locator, p: DirectoryPhysician, type: string) {
  await add.click();
  const modal = page.getByRole('dialog', { name: `Search for ${type}` });
  await expect(modal).toBeVisible();
  await modal.getByRole('combobox', { name: 'Search physicians' }).fill(`${p.lastName}, ${p.firstName}`);
  await modal
    .getByRole('option', { name: new RegExp(`^${literal(nameOf(p))}\\b`) })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: `${type} physician Select` })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

test('manager sets addressees within 1 to 2, the patient once, a saved custom physician; the fax offers them', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  const { cs, job } = await findJob(page);
  const [first, second, third] = await faxablePhysicians(page, job);

  await page.goto(`/job/${job.jobId}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByText('Editing', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Recipients', exact: true }).click();
  const card = page.getByRole('region', { name: 'Recipients' });
  const addressees = card.locator('section[data-section="addressees"]');
  const copies = card.locator('section[data-section="copies"]');
  await expect(addressees.getByText('1 to 2 required')).toBeVisible();
  await expect(addressees.getByRole('status')).toHaveText('Not enough (min 1)');

  // Two addressees: Add Addressee is disabled at the second.
  const addAddressee = card.getByRole('button', { name: 'Add Addressee' });
  await addFromDirectory(page, addAddressee, first!, 'Addressee');
  await expect(addressees.getByRole('status')).toHaveText('');
  await addFromDirectory(page, addAddressee, second!, 'Addressee');
  await expect(addressees.getByRole('status')).toHaveText('Maximum added (2)');
  await expect(addAddressee).toBeDisabled();

  // A third through Carbon Copies cannot move to the addressees.
  await addFromDirectory(page, card.getByRole('button', { name: 'Add Carbon Copy' }), third!, 'Carbon Copy');
  await copies.getByRole('button', { name: `Move ${nameOf(third!)} to Addressees` }).click();
  await expect(page.getByText('The maximum number of addressees is reached.')).toBeVisible();
  await expect(copies.getByText(nameOf(third!), { exact: true })).toBeVisible();
  await expect(addressees.getByRole('listitem')).toHaveCount(2);

  // The patient once: a patient already among the recipients is removed and included again.
  const patientRow = card.getByRole('listitem').filter({ hasText: 'The Patient' });
  if ((await patientRow.count()) > 0)
    await patientRow.getByRole('button', { name: 'Remove The Patient' }).click();
  await copies.getByRole('button', { name: 'Include Patient' }).click();
  await expect(copies.getByRole('listitem').filter({ hasText: 'The Patient' })).toHaveCount(1);
  for (const include of await card.getByRole('button', { name: 'Include Patient' }).all())
    await expect(include).toBeDisabled();

  // A physician missing from the directory: Add Custom, then Confirm and Save.
  const stamp = String(Date.now()).slice(-6);
  const custom = { first: 'Imogen', last: `Farthing${stamp}`, fax: '973 555 0188', code: `E2E${stamp}` };
  await card.getByRole('button', { name: 'Add Carbon Copy' }).click();
  let modal = page.getByRole('dialog', { name: 'Search for Carbon Copy' });
  await modal.getByRole('button', { name: 'Add Custom' }).click();
  modal = page.getByRole('dialog', { name: 'Edit Custom Carbon Copy' });
  await expect(modal.getByRole('button', { name: 'Confirm and Save' })).toBeDisabled();
  await modal.getByRole('textbox', { name: 'First Name', exact: true }).fill(custom.first);
  await modal.getByRole('textbox', { name: 'Last Name', exact: true }).fill(custom.last);
  // A fax number as people write it is not one a fax can be sent to: said at once, nothing saved.
  const faxBox = modal.getByRole('textbox', { name: 'Fax', exact: true });
  await faxBox.fill('(973) 555-0188');
  await expect(
    modal.getByText('Fax may hold only digits and spaces, for example 973 555 0188'),
  ).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Confirm and Save' })).toBeDisabled();
  await faxBox.fill(custom.fax);
  await modal.getByRole('textbox', { name: 'Access Code', exact: true }).fill(custom.code);
  await page.screenshot({ path: 'artifacts/recipients-custom.png', fullPage: true });
  await expectAccessible(page, 'the Physician modal with a custom physician', '[role="dialog"]');
  await modal.getByRole('button', { name: 'Confirm and Save' }).click();
  await expect(page.getByText(`${custom.first} ${custom.last} was saved to the system`)).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  const customName = `${custom.first} ${custom.last}`;
  await expect(copies.getByText(customName, { exact: true })).toBeVisible();

  // Found again by search (its access code), and refused as already added.
  await card.getByRole('button', { name: 'Add Carbon Copy' }).click();
  modal = page.getByRole('dialog', { name: 'Search for Carbon Copy' });
  await modal.getByRole('combobox', { name: 'Search physicians' }).fill(custom.code);
  await modal.getByRole('option', { name: `${customName} (${custom.code})` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByText('Recipient already added')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  // Remove the third; the card as it will be saved.
  await copies.getByRole('button', { name: `Remove ${nameOf(third!)}` }).click();
  await expect(card.getByText(nameOf(third!), { exact: true })).toHaveCount(0);
  await page.screenshot({ path: 'artifacts/recipients-card.png', fullPage: true });
  await expectAccessible(page, 'the Recipients card');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Save only' }).click();
  await expect(page.getByText(new RegExp(`^Job ${job.jobId} was saved: version \\d+, `))).toBeVisible({
    timeout: 30_000,
  });
  const saved = (await jobFacts(page, job.jobId)).recipients as unknown as {
    userId: number;
    isAddressee: boolean;
    isPatient: boolean;
    removed: boolean;
    lastName: string | null;
  }[];
  const live = saved.filter((r) => !r.removed);
  expect(
    live
      .filter((r) => r.isAddressee)
      .map((r) => r.userId)
      .sort(),
  ).toEqual([first!.userId, second!.userId].sort());
  expect(live.filter((r) => r.isPatient)).toHaveLength(1);
  expect(live.some((r) => r.lastName === custom.last && !r.isAddressee)).toBe(true);
  expect(live.some((r) => r.userId === third!.userId)).toBe(false);
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page).toHaveURL(/\/jobs/);

  // The job list's fax dialog offers the job's new contacts, and not the removed one.
  await page.goto(`/jobs/${cs}/all`);
  await listReady(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill(String(job.jobId));
  const row = page.locator(`tbody tr[data-job-id="${job.jobId}"]`);
  await expect(row).toBeVisible();
  await row.getByRole('checkbox').check();
  await (await openBulkMenu(page)).getByRole('menuitem', { name: 'Fax' }).click();
  const fax = page.getByRole('dialog', { name: 'Fax' });
  const contacts = fax.getByRole('group', { name: new RegExp(`^Contacts of job ${job.jobId}\\b`) });
  await expect(contacts).toBeVisible();
  for (const name of [first!.lastName!, second!.lastName!, custom.last])
    await expect(contacts.getByRole('checkbox', { name: new RegExp(literal(name)) })).toBeVisible();
  await expect(contacts.getByRole('checkbox', { name: new RegExp(literal(third!.lastName!)) })).toHaveCount(
    0,
  );
  await expectAccessible(page, 'the Fax dialog with the new contacts', '[role="dialog"]');
  await page.screenshot({ path: 'artifacts/recipients-fax.png' });
});
