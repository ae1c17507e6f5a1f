import { expect, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';
import { MANAGER, signIn } from './helpers/signIn';

/*
 * Issue 26: as manager add a transcriptionist with two permissions; the new user sets a password
 * through the one-time link, signs in and works with exactly those permissions (no Fax); then
 * changes the password in My Profile and signs in with the new one.
 */
test('manager adds a user who sets a password by the link, has exactly the permissions given, and changes it in My Profile', async ({
  page,
  browser,
}) => {
  const userName = `tara${Date.now().toString(36)}`;
  await signIn(page, MANAGER, '/profile');
  await page.getByRole('button', { name: 'User' }).click();
  await page.getByRole('menuitem', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Search users' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toContainText('transcriptionist');
  await expectAccessible(page, 'Search users');

  await page.getByRole('link', { name: 'Add user' }).click();
  await page.getByLabel(/^User name/).fill(userName);
  await page.getByLabel(/^Name/).fill('Tara New');
  await page.getByLabel('View jobs: see the job list and open jobs').check();
  await page.getByLabel('Edit jobs: book out, save and move jobs').check();
  await expectAccessible(page, 'Add user');
  await page.screenshot({ path: 'artifacts/users-add.png', fullPage: true });
  await page.getByRole('button', { name: 'Add user', exact: true }).click();
  const link = (await page.getByTestId('password-link').textContent())!;
  expect(link).toMatch(/\/setpassword#token=/);

  // The new user, in a browser of their own.
  const context = await browser.newContext();
  const tara = await context.newPage();
  await tara.goto(link);
  await expect(tara.getByText(`Choose the password you will sign in with as ${userName}.`)).toBeVisible();
  await tara.getByLabel(/^New password(?! again)/).fill('Password1234!');
  await tara.getByLabel(/^New password again/).fill('Password1234!');
  await tara.getByRole('button', { name: 'Set password' }).click();
  await expect(tara.getByRole('alert')).toHaveText(
    'This password is on a list of common or breached passwords. Choose another.',
  );
  await tara.getByLabel(/^New password(?! again)/).fill('lamp river stone ward');
  await tara.getByLabel(/^New password again/).fill('lamp river stone ward');
  await tara.getByRole('button', { name: 'Set password' }).click();
  await expect(tara.getByText('Your password is set. Sign in with it now.')).toBeVisible();
  await expectAccessible(tara, 'Set password');
  await tara.goto('about:blank');
  await tara.goto(link);
  await expect(tara.getByRole('alert')).toHaveText(
    'This link has expired or has already been used. Ask your manager for a new one.',
  );

  await signIn(tara, { username: userName, password: 'lamp river stone ward' }, '/jobs');
  const settings = await (await tara.request.get('/api/settings/user')).json();
  expect([...settings.permissions].sort()).toEqual(['jobEdit', 'jobView']);
  // No User menu (no dictatorView/dictatorAdd); the Fax bulk action is disabled, saying why.
  await expect(tara.getByRole('button', { name: 'User' })).toHaveCount(0);
  const row = tara.locator('tbody tr[data-job-id]').first();
  await expect(row).toBeVisible();
  await row.getByRole('checkbox').check();
  await tara.getByTestId('bulk-actions').click();
  await expect(tara.getByRole('menu').getByTestId('bulk-fax')).toHaveAttribute('aria-disabled', 'true');
  await tara.keyboard.press('Escape');

  // My Profile: change the password, then sign in with the new one.
  await tara.getByRole('button', { name: 'My Account' }).click();
  await tara.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(tara.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await tara.getByLabel(/^Current password/).fill('lamp river stone ward');
  await tara.getByLabel(/^New password(?! again)/).fill('harbour kettle violin');
  await tara.getByLabel(/^New password again/).fill('harbour kettle violin');
  await tara.getByRole('button', { name: 'Change password' }).click();
  await expect(
    tara.getByText('Your password was changed. Any other session of yours was signed out.'),
  ).toBeVisible();
  await expectAccessible(tara, 'My Profile');
  await tara.screenshot({ path: 'artifacts/users-my-profile.png', fullPage: true });
  await context.close();

  const again = await browser.newContext();
  const check = await again.newPage();
  await signIn(check, { username: userName, password: 'harbour kettle violin' }, '/profile');
  await expect(check.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await again.close();

  // The manager sees the new user and can disable them.
  await page.goto('/users');
  await page.getByLabel('Name or user name').fill(userName);
  await page.getByLabel('Name or user name').press('Enter');
  await page.getByRole('link', { name: userName }).click();
  await expect(page.getByRole('heading', { name: `User ${userName}` })).toBeVisible();
  await expect(page.getByLabel('Fax documents')).not.toBeChecked();
  await page.getByRole('button', { name: 'Disable user' }).click();
  await expect(page.getByText('This user is disabled and cannot sign in.')).toBeVisible();
  await page.screenshot({ path: 'artifacts/users-edit.png', fullPage: true });
});
