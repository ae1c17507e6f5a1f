import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { cellInList, hasEditableCda, jobFacts, openListTab, structureJobIds } from './helpers/jobs';
import type { DemoUser } from './helpers/signIn';
import { signIn } from './helpers/signIn';

/*
 * Search & Accept ADT (issue 20) against a real server with demo data. The demo has a dictation
 * the ADT feed did not match: a hold-queue job flagged for missing demographics, linked to no
 * patient, whose document names a patient registered in the emergency department without a date
 * of birth. The hold-queue reviewer reads the name in the document, searches the patient by last
 * name, accepts patient, visit and two orders, types the date of birth, changes the dictator (the
 * attending physician follows), saves with recheck — and the job leaves the hold queue with the
 * patient's name in the list.
 */

const HQ_REVIEWER: DemoUser = { username: 'hqreviewer', password: 'demo' };
const MISSING_ADT = 'HQ01';

/** The unmatched dictation: held for missing ADT, no patient name, an editable CDA. */
async function findUnmatchedJob(page: Page, jobIds: number[]): Promise<number> {
  for (const jobId of [...jobIds].sort((a, b) => a - b).slice(0, 120)) {
    const facts = await jobFacts(page, jobId);
    if (facts.stageId !== 3 || facts.patientName) continue;
    if (!facts.holdQueueFlags.some((f) => f.code === MISSING_ADT)) continue;
    if (await hasEditableCda(page, jobId)) return jobId;
  }
  throw new Error('The demo data has no unmatched dictation in the hold queue');
}

interface Dictator {
  userId: number;
  prefix: string | null;
  firstName: string;
  lastName: string;
}

/** A dictator of the job's facility other than the job's, and the name the physician items show. */
async function anotherDictator(page: Page, jobId: number): Promise<{ lastName: string; name: string }> {
  const facts = await jobFacts(page, jobId);
  for (const letter of 'abcdefghijklmnopqrstuvwxyz') {
    const found = (await (
      await page.request.get(
        `/api/jobs/SearchPhysicians?physicianSearchType=0&companyId=${facts.clientFacility.id}&lastName=${letter}`,
      )
    ).json()) as Dictator[];
    const other = found.find((d) => d.userId !== facts.dictator?.userId);
    if (other)
      return {
        lastName: other.lastName,
        name: [other.prefix, other.firstName, other.lastName].filter(Boolean).join(' '),
      };
  }
  throw new Error('The facility has one dictator only');
}

/** The patient's name as the document's header gives it ("given family"). */
async function documentPatient(page: Page, jobId: number): Promise<{ given: string; family: string }> {
  const cda = (await (await page.request.get(`/api/job/getcda?jobId=${jobId}`)).json()) as {
    model: { header: { patientName: string | null } };
  };
  const words = (cda.model.header.patientName ?? '').split(' ');
  return { given: words[0] ?? '', family: words.at(-1) ?? '' };
}

test('accept the patient, visit and two orders of an unmatched dictation, complete it and release it', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signIn(page, HQ_REVIEWER, '/jobs');
  const { cs, jobIds } = await structureJobIds(page);
  const jobId = await findUnmatchedJob(page, jobIds);
  const patient = await documentPatient(page, jobId);
  const listed = `${patient.family}, ${patient.given}`;

  // The hold queue lists the job without a patient name.
  const list = await openListTab(context, HQ_REVIEWER);
  expect(await cellInList(list, `/jobs/${cs}/hq`, jobId, 'patientName')).toBe('');

  await page.goto(`/job/${jobId}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByText('Editing', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Patient & Visit' }).click();
  const panel = page.getByRole('region', { name: 'Patient Details' });
  const mandatory = panel.getByRole('group', { name: 'Mandatory' });
  await expect(mandatory.getByLabel('Last Name', { exact: true })).toHaveValue('');

  // Search by last name (Enter runs it), choose patient, visit and two orders.
  await panel.getByRole('button', { name: 'Search', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Search & Accept ADT' });
  await expect(modal.getByText('Please search for a patient, visit or order.')).toBeVisible();
  await modal.getByLabel('Last Name', { exact: true }).fill(patient.family.slice(0, 4));
  await modal.getByLabel('Last Name', { exact: true }).press('Enter');
  const patients = modal.getByRole('table', { name: 'Patients' });
  await expect(patients).toBeVisible();
  // The walk-in: the document's name, and no date of birth on file.
  const walkIn = patients.getByRole('radio', {
    name: new RegExp(`^Choose patient \\S+ ${patient.family} ${patient.given}( [A-Za-z]+)? [FMU]$`),
  });
  // Keyboard only from here to Accept: Space chooses a row, Enter presses Accept.
  const press = async (choice: Locator, key = 'Space') => {
    await choice.focus();
    await page.keyboard.press(key);
  };
  await press(walkIn);
  await expect(walkIn).toBeChecked();
  const visits = modal.getByRole('table', { name: 'Visits' });
  const orders = modal.getByRole('table', { name: 'Orders' });
  const visitChoices = visits.getByRole('radio');
  let twoOrders = false;
  for (let v = 0; v < (await visitChoices.count()) && !twoOrders; v++) {
    await press(visitChoices.nth(v));
    await expect(visitChoices.nth(v)).toBeChecked();
    twoOrders = (await orders.getByRole('checkbox').count()) === 2;
  }
  expect(twoOrders, 'a visit of the walk-in has two orders').toBe(true);
  await press(orders.getByRole('checkbox').nth(0));
  await press(orders.getByRole('checkbox').nth(1));
  await expect(orders.getByRole('checkbox', { checked: true })).toHaveCount(2);
  const accept = modal.getByRole('button', { name: 'Accept Patient, Visit & Order(s)' });
  await expect(accept).toBeEnabled();
  await page.screenshot({ path: 'artifacts/adt-search.png', fullPage: true });
  await expectAccessible(page, 'the Search & Accept ADT modal');
  await press(accept, 'Enter');
  await expect(modal).toBeHidden();

  // The accepted values are in the panel; the header names the patient; the date of birth is missing.
  await expect(mandatory.getByLabel('Last Name', { exact: true })).toHaveValue(patient.family);
  await expect(mandatory.getByLabel('First Name', { exact: true })).toHaveValue(patient.given);
  await expect(mandatory.getByLabel('Visit Number', { exact: true })).not.toHaveValue('');
  const header = page.getByRole('region', { name: 'Job details' });
  await expect(header).toContainText(listed);
  const dob = mandatory.getByLabel('Date of Birth', { exact: true });
  await expect(dob).toHaveValue('');
  await dob.fill('1961-07-04');

  // The Orders panel has the two accepted orders.
  await page.getByRole('button', { name: 'Orders', exact: true }).click();
  const ordersTable = page
    .getByRole('region', { name: 'Orders' })
    .getByRole('table', { name: 'Orders of this job' });
  await expect(ordersTable.locator('tbody tr')).toHaveCount(2);
  await page.screenshot({ path: 'artifacts/adt-orders.png', fullPage: true });

  // A new dictator: the attending physician follows.
  await page.getByRole('button', { name: 'Patient & Visit' }).click();
  const attending = panel.getByLabel('Attending Physician', { exact: true });
  const attendingBefore = await attending.inputValue();
  await page.getByRole('button', { name: 'Document', exact: true }).click();
  const other = await anotherDictator(page, jobId);
  const dictator = page
    .getByRole('region', { name: 'Document Details' })
    .getByRole('combobox', { name: /^Dictator/ });
  await dictator.fill(other.lastName);
  await page
    .getByRole('option', { name: new RegExp(`^${other.name}\\b`) })
    .first()
    .click();
  const chosen = other.name;
  await page.getByRole('button', { name: 'Patient & Visit' }).click();
  await expect(attending).toHaveValue(chosen);
  expect(chosen).not.toBe(attendingBefore);
  await expect(dob).toHaveValue('1961-07-04');
  await page.screenshot({ path: 'artifacts/adt-accepted.png', fullPage: true });
  await expectAccessible(page, 'the Patient & Visit panel after Accept ADT');

  // Save and recheck: no rule triggers any more, so the job leaves the hold queue.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Save and recheck' }).click();
  // The save has ended once its outcome is shown (the stage reads 410 while the job is booked).
  await expect(page.getByText(new RegExp(`^Job ${jobId} was saved: version \\d+, `))).toBeVisible({
    timeout: 30_000,
  });
  const saved = await jobFacts(page, jobId);
  expect([3, 410]).not.toContain(saved.stageId);
  expect(saved.holdQueueFlags).toEqual([]);
  expect(await cellInList(list, `/jobs/${cs}/hq`, jobId, 'patientName')).toBeNull();
  expect(await cellInList(list, `/jobs/${cs}/all`, jobId, 'patientName')).toBe(listed);
});
