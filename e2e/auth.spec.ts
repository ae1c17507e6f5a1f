import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';

/** Opens `/`, follows the redirects to the sign-in page and signs in. */
async function signIn(page: Page, username: string, password = 'demo') {
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin\?returnUrl=%2Fjobs$/);
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/**
 * /jobs opens the job list's corporate-structure chooser, a modal that cannot be closed without
 * choosing; to use the navigation, open a structure's list directly (a full reload: the tab
 * re-selects its account silently).
 */
async function openJobList(page: Page) {
  const structures = (await (await page.request.get('/api/jobs/getusercs')).json()) as { id: number }[];
  await page.goto(`/jobs/${structures[0]!.id}/pending`);
  await expect(nav(page)).toBeVisible();
}

test('manager signs in from /, picks one of two accounts on Select User, and lands on the job list', async ({
  page,
}) => {
  const visited: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest()) visited.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin\?returnUrl=%2Fjobs$/);
  expect(visited).toContain('/api/account/scheme/local');
  await expect(page).toHaveTitle('Sign In - Quill');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await expect(page.getByLabel('User name')).toBeFocused();
  await expectAccessible(page);
  await page.screenshot({ path: 'artifacts/signin.png', fullPage: true });

  await page.getByLabel('User name').fill('manager');
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Select User' })).toBeVisible();
  await expect(page).toHaveTitle('Select User - Quill');
  const accounts = page.getByRole('radio');
  await expect(accounts).toHaveCount(2);
  for (const radio of await accounts.all()) {
    const label = await page.locator(`label[for="${await radio.getAttribute('id')}"]`).textContent();
    expect(label).toMatch(/ - Manager$/);
  }
  await expect(nav(page)).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: 'artifacts/select-user.png', fullPage: true });

  // Keyboard only: the first account has focus; Space picks it, Tab and Enter confirm.
  await expect(accounts.first()).toBeFocused();
  await page.keyboard.press('Space');
  await expect(accounts.first()).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/jobs/);
  await expect(nav(page)).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Quill' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: /^Job Search/ })).toBeVisible();
  for (const menu of ['Upload', 'User', 'My Account'])
    await expect(nav(page).getByRole('button', { name: menu })).toBeVisible();
  await expect(nav(page).getByRole('button', { name: 'Help' })).toBeVisible();

  await openJobList(page);
  await expect(page.getByRole('heading', { name: 'Select User' })).toHaveCount(0);
  // The dropdowns, by keyboard: Enter opens, the items are the permitted ones.
  await nav(page).getByRole('button', { name: 'Upload' }).focus();
  await page.keyboard.press('Enter');
  const upload = page.getByRole('menu');
  await expect(upload.getByRole('menuitem')).toHaveText([/^Patient/, 'Schedule', /^Create with Audio/]);
  await expect(upload).toHaveCSS('opacity', '1'); // faded in
  await page.screenshot({ path: 'artifacts/nav-upload-menu.png' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(nav(page).getByRole('button', { name: 'Upload' })).toBeFocused();

  await nav(page).getByRole('button', { name: 'My Account' }).click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
    /^My Profile/,
    'My productivity',
    'Sign Out',
  ]);
  await expect(page.getByRole('menu')).toHaveCSS('opacity', '1');
  await page.screenshot({ path: 'artifacts/nav-account-menu.png' });
  await expectAccessible(page);
});

test('dictator is selected automatically and sees no Upload menu and no User items', async ({ page }) => {
  await signIn(page, 'dictator');
  await expect(nav(page)).toBeVisible();
  // One corporate structure: nothing to choose, so no Continue to click; straight to its list.
  await expect(page).toHaveURL(/\/jobs\/\d+\/pending$/);
  await expect(page.getByTestId('record-line')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Select a Corporate Structure' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Change corporate structure' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Select User' })).toHaveCount(0);
  await expect(nav(page).getByRole('button', { name: 'Upload' })).toHaveCount(0);
  await openJobList(page);
  // View only: neither dictatorAdd nor dictatorView, so no User menu at all.
  await expect(nav(page).getByRole('button', { name: 'User' })).toHaveCount(0);
  await expect(nav(page).getByRole('link', { name: /^Job Search/ })).toBeVisible();
  await expect(nav(page).getByTestId('nav-account')).toContainText('Dictator');
});

test('a user without accounts sees "No valid user accounts found"', async ({ page }) => {
  await signIn(page, 'noaccount');
  await expect(page.getByRole('heading', { level: 1, name: 'No valid user accounts found' })).toBeVisible();
  await expect(
    page.getByText('You do not have a user account permitted to use this application'),
  ).toBeVisible();
  await expect(nav(page)).toHaveCount(0);
});

test('Sign Out ends the session: back on the sign-in page, and the API answers 401', async ({ page }) => {
  await signIn(page, 'dictator');
  await expect(nav(page)).toBeVisible();
  expect((await page.request.get('/api/Account/GetUserSummaries')).status()).toBe(200);
  await openJobList(page);
  // Issue 23: a link to the sign-out path (from any site) signs nobody out; only the POST does.
  expect((await page.request.get('/api/account/SignOut')).status()).toBe(404);
  expect((await page.request.get('/api/Account/GetUserSummaries')).status()).toBe(200);

  await nav(page).getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  const after = await page.request.get('/api/Account/GetUserSummaries');
  expect(after.status()).toBe(401);
});

test('a wrong password shows the server message on the form', async ({ page }) => {
  await signIn(page, 'transcriptionist', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('The user name or password is incorrect.');
  await expect(page.getByLabel('Password')).toBeFocused();
  await expect(page.getByLabel('Password')).toHaveValue('');
  await expect(page).toHaveURL(/\/signin/);
});

test('an unknown path shows Error 404 without asking to sign in', async ({ page }) => {
  await page.goto('/no/such/place');
  await expect(page.getByRole('heading', { level: 1, name: 'Error 404' })).toBeVisible();
  await expect(page).toHaveTitle('Error 404 - Quill');
});
