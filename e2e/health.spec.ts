import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';

/** Matches a check's row header: its name, maybe followed by the Optional marker. */
function checkName(name: string): RegExp {
  return new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( Optional)?$`);
}

interface HealthAnswer {
  applicationName: string;
  machineName?: string;
  version: string;
  results: { name: string; result: boolean; required: boolean; detail: string }[];
}

test('health check page shows the server answer, every required check passing', async ({ page, request }) => {
  const response = await request.get('/api/healthcheck/results');
  expect(response.ok()).toBe(true);
  const answer = (await response.json()) as HealthAnswer;
  const required = answer.results.filter((r) => r.required);
  expect(required.length).toBeGreaterThan(0);
  expect(required.filter((r) => !r.result)).toEqual([]);
  // Issue 23: anyone may ask, but only a signed-in manager is told the machine and what was found.
  expect(answer.machineName).toBeUndefined();

  await page.goto('/healthcheck');
  await expect(page).toHaveTitle('Health Check - Quill');
  await expect(page.getByRole('heading', { level: 1, name: 'Health Check' })).toBeVisible();

  const summary = page.locator('dl');
  await expect(summary.getByText('Quill', { exact: true })).toBeVisible();
  await expect(summary.getByText(answer.version, { exact: true })).toBeVisible();
  await expect(summary.getByText('Machine name')).toHaveCount(0);
  await expect(summary.getByText('All required checks passed')).toBeVisible();

  const table = page.getByRole('table', { name: 'Checks' });
  await expect(table.getByTestId('health-check-row')).toHaveCount(answer.results.length);
  for (const check of answer.results) {
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: checkName(check.name) }) });
    await expect(row).toHaveCount(1);
    const expected = check.required
      ? check.result
        ? 'Pass'
        : 'Fail'
      : check.result
        ? 'Found'
        : 'Not found (optional)';
    await expect(row.getByRole('cell').first()).toHaveText(expected);
    // The detail may carry timings that differ between the two requests; it must not be empty.
    await expect(row.getByRole('cell').nth(1)).not.toBeEmpty();
  }
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(page.getByText(/^Prototype version /)).toBeVisible();

  await page.screenshot({ path: 'artifacts/healthcheck.png', fullPage: true });

  await expectAccessible(page, 'the health check page');
});

test('an unknown path shows the 404 error page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveTitle('Error 404 - Quill');
  await expect(page.getByRole('heading', { level: 1, name: 'Error 404' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Take Me To The Homepage' })).toBeVisible();

  await expectAccessible(page, 'the 404 page');
});
