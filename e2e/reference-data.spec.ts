import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { type DemoUser, MANAGER, signIn } from './helpers/signIn';

const TRANSCRIPTIONIST: DemoUser = { username: 'transcriptionist', password: 'demo' };

const SECTIONS = [
  'Work types',
  'Departments',
  'Locations',
  'Physicians',
  'Hold-queue rules',
  'ADT data',
  'ADT searches',
] as const;

/*
 * Issue 26: the Reference data page — reached from User ▸ Reference data, every section by
 * keyboard (the tabs take the arrow keys), each with 0 serious axe violations and a screenshot.
 */
test('a manager walks every reference data section by keyboard; each is accessible', async ({ page }) => {
  await signIn(page, MANAGER, '/profile');
  await page.getByRole('button', { name: 'User' }).click();
  await page.getByRole('menuitem', { name: 'Reference data' }).click();
  await expect(page.getByRole('heading', { name: 'Reference data' })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Reference data sections' });
  await tabs.getByRole('tab', { name: SECTIONS[0] }).focus();
  for (const [i, name] of SECTIONS.entries()) {
    if (i > 0) await page.keyboard.press('ArrowRight');
    const tab = tabs.getByRole('tab', { name });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(tab).toBeFocused();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('table')).toBeVisible();
    await expect(panel.getByRole('button', { name: /^Add/ }).first()).toBeVisible();
    await expectAccessible(page, `Reference data ▸ ${name}`);
    await page.screenshot({
      path: `artifacts/reference-${name.toLowerCase().replace(/\W+/g, '-')}.png`,
      fullPage: true,
    });
  }
  // The address keeps the section: a reload opens it again.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'ADT searches' })).toHaveAttribute('aria-selected', 'true');
});

test('an account with User Search only sees reference data but is offered no change', async ({ page }) => {
  await signIn(page, TRANSCRIPTIONIST, '/reference');
  await expect(page.getByRole('heading', { name: 'Reference data' })).toBeVisible();
  await expect(page.getByText(/changing it needs the User Add permission/)).toBeVisible();
  for (const name of SECTIONS) {
    await page.getByRole('tab', { name }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('table')).toBeVisible();
    await expect(panel.getByRole('button', { name: /^(Add|Edit|Delete|Disable|Merge)/ })).toHaveCount(0);
  }
  await expectAccessible(page, 'Reference data, read only');
});
