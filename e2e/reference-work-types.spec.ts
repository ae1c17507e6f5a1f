import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { type JobFacts, jobFacts, structureJobIds } from './helpers/jobs';
import { MANAGER, signIn } from './helpers/signIn';

/*
 * Issue 26: as manager, open User ▸ Reference data, change a work type's addressee maximum in the
 * Work types tab (by keyboard: Enter saves), and see the Recipients card's hint of a job of that
 * work type follow on its next load; then put the limit back and see the hint follow back. The
 * Work types, Departments and Locations tabs and the open form have no serious axe violations.
 */

type WorkType = NonNullable<JobFacts['workType']> & { number: number };
type Job = JobFacts & { workType: WorkType; clientFacility: { id: number; name: string } };

/** The Recipients card's hint for these limits (core's addresseeHint, in its en-US words). */
function hintOf(min: number, max: number): string {
  if (min === max) return `${max} required`;
  return min > 0 ? `${min} to ${max} required` : `Up to ${max} allowed`;
}

/**
 * An open job whose work type has an addressee maximum, other than the 1-to-2 work types the
 * Recipients spec works with (this spec changes the limit for a while).
 */
async function findJob(page: Page): Promise<Job> {
  const { jobIds } = await structureJobIds(page);
  for (const jobId of [...jobIds].sort((a, b) => a - b)) {
    const job = (await jobFacts(page, jobId)) as Job;
    const wt = job.workType;
    if (!wt?.enableAddressee || wt.maxAddressees === null) continue;
    if (wt.minAddressees === 1 && wt.maxAddressees === 2) continue;
    if (wt.maxAddressees >= 99) continue;
    return job;
  }
  throw new Error('The demo has no job whose work type has an addressee maximum');
}

/** Opens the job and its Recipients card; answers the Addressees section. */
async function addresseesOf(page: Page, jobId: number) {
  await page.goto(`/job/${jobId}`);
  await page.getByRole('button', { name: 'Recipients', exact: true }).click();
  const card = page.getByRole('region', { name: 'Recipients' });
  await expect(card).toBeVisible();
  return card.locator('section[data-section="addressees"]');
}

/** On the Reference data page's Work types tab: edit the work type's maximum and save with Enter. */
async function setMaximum(page: Page, job: Job, max: number, shoot = false) {
  const wt = job.workType;
  const table = page.getByRole('table', { name: `Work types of ${job.clientFacility.name}` });
  await expect(table).toBeVisible();
  const row = table.locator(`tr[data-work-type="${wt.number}"]`);
  await row.getByRole('button', { name: `Edit ${wt.number} ${wt.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit work type ${wt.number}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('shared-note')).toContainText('a change applies to all of them');
  const field = dialog.getByRole('textbox', { name: 'Maximum addressees' });
  await field.fill(String(max));
  await expect(dialog.getByTestId('hint-preview')).toHaveText(
    `The Recipients card will say: ${hintOf(wt.minAddressees, max)}`,
  );
  if (shoot) {
    await expectAccessible(page, 'the work type form', '[role="dialog"]');
    await page.screenshot({ path: 'artifacts/reference-work-type-form.png', fullPage: true });
  }
  await field.press('Enter');
  await expect(page.getByText(`The work type ${wt.number} was saved.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell').nth(2)).toHaveText(hintOf(wt.minAddressees, max));
}

test('manager changes a work type’s addressee maximum and the Recipients card’s hint follows, then back', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, MANAGER, '/profile');
  const job = await findJob(page);
  const wt = job.workType;
  const original = wt.maxAddressees!;
  const raised = original + 1;
  const facilityOption = `${job.clientFacility.name} (Meridian Valley Health)`;

  // The hint as it is now.
  let addressees = await addresseesOf(page, job.jobId);
  await expect(addressees.getByText(hintOf(wt.minAddressees, original), { exact: true })).toBeVisible();

  // User ▸ Reference data, the job's facility, Work types.
  await page.getByRole('button', { name: 'User' }).click();
  await page.getByRole('menuitem', { name: 'Reference data' }).click();
  await expect(page.getByRole('heading', { name: 'Reference data' })).toBeVisible();
  const facility = page.getByRole('combobox', { name: 'Facility' });
  await facility.click();
  await page.getByRole('option', { name: facilityOption }).click();
  await expect(page.getByRole('tab', { name: 'Work types' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: `Work types of ${job.clientFacility.name}` })).toBeVisible();
  await expectAccessible(page, 'the Work types tab');
  await page.screenshot({ path: 'artifacts/reference-work-types.png', fullPage: true });
  const referenceUrl = page.url();

  await setMaximum(page, job, raised, true);

  // The next load of the job shows the new limit.
  addressees = await addresseesOf(page, job.jobId);
  await expect(addressees.getByText(hintOf(wt.minAddressees, raised), { exact: true })).toBeVisible();
  await page.screenshot({ path: 'artifacts/reference-recipients-hint.png', fullPage: true });

  // Back to the limit the demo had (other specs share it), and the hint follows back.
  await page.goto(referenceUrl);
  await setMaximum(page, job, original);
  addressees = await addresseesOf(page, job.jobId);
  await expect(addressees.getByText(hintOf(wt.minAddressees, original), { exact: true })).toBeVisible();
  expect((await jobFacts(page, job.jobId)).workType?.maxAddressees).toBe(original);

  // The Departments and Locations tabs.
  await page.goto(referenceUrl);
  for (const [tab, add] of [
    ['Departments', 'Add department'],
    ['Locations', 'Add location'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('table', { name: `${tab} of ${job.clientFacility.name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: add })).toBeVisible();
    await expectAccessible(page, `the ${tab} tab`);
    await page.screenshot({ path: `artifacts/reference-${tab.toLowerCase()}.png`, fullPage: true });
  }
});
