import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { STRUCTURE } from './helpers/jobs';
import { type DemoUser, MANAGER, signIn, xsrf } from './helpers/signIn';

/*
 * Issue 18 (7, 8): every bulk action and job control is shown, enabled and explained only as the
 * account may use it (one rule, @quill/core/rules/jobList/actionGates, also enforced by the server), and a
 * job that does not exist reads "not found". Demo accounts: the dictator is view only
 * (jobView, jobViewDetails, jobViewText, adtView); the manager has every permission.
 */

const DICTATOR: DemoUser = { username: 'dictator', password: 'demo' };

/** The structure's id and the rows of its All queue (through the API). */
async function allRows(page: Page): Promise<{ cs: number; rows: { jobId: number; stageName: string }[] }> {
  const structures = (await (await page.request.get('/api/jobs/getusercs')).json()) as {
    id: number;
    companyNameId: string;
  }[];
  const cs = (structures.find((s) => STRUCTURE.test(s.companyNameId)) ?? structures[0])!.id;
  const cfs = (await (await page.request.get(`/api/settings/cfs/${cs}`)).json()) as number[];
  const rows: { jobId: number; stageName: string }[] = [];
  for (let i = 0; i < cfs.length; i += 4) {
    const batch = cfs.slice(i, i + 4).join(',');
    rows.push(...(await (await page.request.get(`/api/jobs/alljobs?corpId=${cs}&cfs=${batch}`)).json()));
  }
  return { cs, rows };
}

/** The text the element's aria-describedby names. */
async function description(locator: Locator): Promise<string | null> {
  const id = await locator.getAttribute('aria-describedby');
  if (!id) return null;
  return locator.page().locator(`[id="${id}"]`).textContent();
}

test('the view-only dictator: Fax, Mark as Printed and Clear are disabled, saying why; the server refuses them', async ({
  page,
}) => {
  await signIn(page, DICTATOR, '/jobs');
  const { cs, rows } = await allRows(page);
  await page.goto(`/jobs/${cs}/pending`);
  await expect(page.getByTestId('record-line')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.locator('tbody tr[data-job-id]').first().getByRole('checkbox').check();
  await page.getByTestId('bulk-actions').click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu).toHaveCSS('opacity', '1');

  const reasons: [string, string][] = [
    ['bulk-fax', 'You do not have the required permissions to fax a job'],
    ['bulk-mark-printed', 'You do not have permission to mark jobs as printed.'],
    ['bulk-clear', 'You do not have permission to clear manually distributed jobs from the list'],
  ];
  for (const [testId, reason] of reasons) {
    const item = menu.getByTestId(testId);
    await expect(item).toHaveAttribute('aria-disabled', 'true');
    expect(await description(item)).toBe(reason);
  }
  for (const testId of ['bulk-view-pdf', 'bulk-save', 'bulk-copy', 'bulk-print-preview'])
    await expect(menu.getByTestId(testId)).not.toHaveAttribute('aria-disabled', 'true');
  await menu.getByTestId('bulk-fax').hover();
  await expect(page.getByRole('tooltip', { name: reasons[0]![1] })).toBeVisible();
  await page.screenshot({ path: 'artifacts/permissions-dictator-bulk-menu.png' });
  await expectAccessible(page, 'the bulk menu', '[role="menu"]');
  // A click on a disabled action opens nothing (forced: Playwright will not click aria-disabled).
  await menu.getByTestId('bulk-clear').click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The server refuses the same (403) whatever the page offers.
  const jobId = rows[0]!.jobId;
  const headers = await xsrf(page);
  const printed = await page.request.post('/api/jobs/printed', {
    data: { jobIds: [jobId], copiesType: 0 },
    headers,
  });
  expect(printed.status()).toBe(403);
  expect((await printed.json()).error.message).toBe(reasons[1]![1]);
  expect((await page.request.post('/api/jobs/completejobs', { data: [jobId], headers })).status()).toBe(403);
  expect(
    (
      await page.request.post('/api/jobs/Fax', { data: { jobIds: [jobId], recipients: [] }, headers })
    ).status(),
  ).toBe(403);
});

test('Edit on a Finished job is disabled and says why; /job/99999999 reads not found', async ({ page }) => {
  await signIn(page, MANAGER, '/jobs');
  const { rows } = await allRows(page);
  const finished = rows.find((r) => r.stageName === 'Finished');
  expect(finished, 'a Finished job in the demo data').toBeDefined();
  await page.goto(`/job/${finished!.jobId}`);
  const edit = page.getByRole('button', { name: 'Edit', exact: true });
  await expect(edit).toBeVisible();
  const reason = `Job ${finished!.jobId} is Finished and can no longer be edited.`;
  await expect(page.getByText(reason)).toBeVisible();
  await expect(edit).toBeDisabled();
  expect(await description(edit)).toBe(reason);
  await page.screenshot({ path: 'artifacts/permissions-finished-job.png' });
  await expectAccessible(page, 'the job controls', '[role="group"]');

  await page.goto('/job/99999999');
  await expect(page.getByText('Job 99999999 was not found.')).toBeVisible();
  await expect(page.getByText('You are not permitted to access this job')).toHaveCount(0);
});
