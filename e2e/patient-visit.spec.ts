import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { hasEditableCda, jobFacts, structureJobIds } from './helpers/jobs';
import { type DemoUser, signIn } from './helpers/signIn';

/*
 * The Patient & Visit and Orders panels (spec 02 §2/§4, issue 20) against a real server with demo
 * data: as the hold-queue reviewer open a hold-queue job of a facility with orders, show its
 * patient details, remove and add back an optional field, and add and remove an order.
 */

const HQ_REVIEWER: DemoUser = { username: 'hqreviewer', password: 'demo' };

interface JobAdt {
  orderTemplate: unknown;
  orderData: unknown[];
}

/** A hold-queue job with an editable CDA whose facility uses orders. */
async function findJobWithOrders(page: Page): Promise<number> {
  const { jobIds } = await structureJobIds(page);
  for (const jobId of jobIds.slice(0, 400)) {
    if ((await jobFacts(page, jobId)).stageId !== 3) continue;
    if (!(await hasEditableCda(page, jobId))) continue;
    const adt = (await (await page.request.get(`/api/job/getadtdata?jobId=${jobId}`)).json()) as JobAdt;
    if (adt.orderTemplate) return jobId;
  }
  throw new Error('The demo data has no hold-queue job of a facility with orders');
}

test('Patient & Visit: remove and add back an optional field; Orders: add and remove an order', async ({
  page,
}) => {
  await signIn(page, HQ_REVIEWER, '/jobs');
  const jobId = await findJobWithOrders(page);
  await page.goto(`/job/${jobId}`);

  await page.getByRole('button', { name: 'Patient & Visit' }).click();
  const panel = page.getByRole('region', { name: 'Patient Details' });
  await expect(panel.getByRole('group', { name: 'Mandatory' })).toBeVisible();
  await expect(panel.getByRole('group', { name: 'Additional' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Add Field' })).toBeDisabled();
  await page.screenshot({ path: 'artifacts/patient-visit.png', fullPage: true });
  await expectAccessible(page, 'the Patient & Visit panel');

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(panel.getByRole('button', { name: 'Revert' })).toBeEnabled();
  // An optional field: one shown is removed (back in Add Field) and added again; else one is
  // added from Add Field and removed.
  const removers = panel.getByRole('button', { name: /^Remove / });
  const addField = panel.getByRole('button', { name: 'Add Field' });
  if ((await removers.count()) > 0) {
    const field = ((await removers.first().getAttribute('aria-label')) ?? '').replace(/^Remove /, '');
    await removers.first().click();
    await expect(panel.getByRole('textbox', { name: field, exact: true })).toHaveCount(0);
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await addField.click();
    await page.getByRole('menuitem', { name: field, exact: true }).click();
    await expect(panel.getByLabel(field, { exact: true })).toBeFocused();
  } else {
    await addField.click();
    const field = (await page.getByRole('menuitem').first().textContent()) ?? '';
    await page.getByRole('menuitem', { name: field, exact: true }).click();
    await expect(panel.getByLabel(field, { exact: true })).toBeFocused();
    await panel.getByRole('button', { name: `Remove ${field}`, exact: true }).click();
    await expect(panel.getByLabel(field, { exact: true })).toHaveCount(0);
  }
  await expectAccessible(page, 'the Patient & Visit panel in edit mode');

  await page.getByRole('button', { name: 'Orders', exact: true }).click();
  const orders = page.getByRole('region', { name: 'Orders' });
  const rows = orders.getByRole('table', { name: 'Orders of this job' }).locator('tbody tr');
  const before = await rows.count();
  await orders.getByRole('button', { name: 'Add Order' }).click();
  await expect(rows).toHaveCount(before + 1);
  await expect(orders.getByRole('button', { name: `Show order ${before + 1}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await orders.getByLabel('Order Number', { exact: true }).fill('E2E-ORDER-1');
  await expect(rows.last()).toContainText('E2E-ORDER-1');
  await page.screenshot({ path: 'artifacts/orders.png', fullPage: true });
  await expectAccessible(page, 'the Orders panel');
  await orders.getByRole('button', { name: 'Remove Order' }).click();
  await expect(rows).toHaveCount(before);

  // Leave without saving: the unsaved-changes guard knows the panels' edits.
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByText('This job has changes that are not saved. Leave and lose them?')).toBeVisible();
  await page.getByRole('button', { name: 'Leave' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/job/${jobId}$`));
});
