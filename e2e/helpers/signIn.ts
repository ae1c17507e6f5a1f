import { expect, type Page } from '@playwright/test';

/** A demo sign-in (password "demo", see the server's README). */
export interface DemoUser {
  username: string;
  password: string;
  /** Which account to pick on Select User when the user has several. */
  account?: RegExp;
}

export const MANAGER: DemoUser = { username: 'manager', password: 'demo', account: /Meridian Valley Health/ };

async function xsrfToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('The server set no XSRF-TOKEN cookie');
  return decodeURIComponent(cookie.value);
}

/** The header a write through `page.request` sends, as the app does (the CSRF check). */
export async function xsrf(page: Page): Promise<Record<string, string>> {
  return { 'X-XSRF-TOKEN': await xsrfToken(page) };
}

/**
 * Signs in through the API, as the sign-in page would: a GET for the XSRF cookie, then
 * POST /api/account/login and POST /api/Account/SetUserSummary/{memberId} with the token.
 */
export async function signInThroughApi(page: Page, user: DemoUser): Promise<void> {
  await page.request.get('/api/account/authenticated');
  const headers = { 'X-XSRF-TOKEN': await xsrfToken(page) };
  const login = await page.request.post('/api/account/login', {
    data: { username: user.username, password: user.password },
    headers,
  });
  expect(login.ok(), `login as ${user.username}`).toBe(true);
  const summaries = (await (await page.request.get('/api/Account/GetUserSummaries')).json()) as {
    member: string;
    memberId: number;
  }[];
  const summary = summaries.find((s) => !user.account || user.account.test(s.member)) ?? summaries[0];
  if (!summary) throw new Error(`${user.username} has no accounts`);
  const set = await page.request.post(`/api/Account/SetUserSummary/${summary.memberId}`, { headers });
  expect(set.ok(), 'SetUserSummary').toBe(true);
}

/**
 * Picks the account on Select User if the app asks (a user with several accounts). Done as soon as
 * the tab has an account instead: the app picked it by itself (one account, or this tab's earlier
 * choice) and remembers it in sessionStorage (apps/web/src/lib/storage.ts). Waiting for the
 * heading alone cost every such sign-in the whole 5 s (docs/decisions/platform.md "Suite time").
 */
export async function selectAccountIfAsked(page: Page, user: DemoUser): Promise<void> {
  const heading = page.getByRole('heading', { name: 'Select User' });
  const asked = await Promise.any([
    heading.waitFor({ timeout: 5_000 }).then(() => true),
    page
      .waitForFunction(() => sessionStorage.getItem('quill-member-id') !== null, undefined, {
        timeout: 5_000,
      })
      .then(() => false),
  ]).catch(() => false);
  if (!asked) return;
  await page
    .getByRole('radio', { name: user.account ?? /./ })
    .first()
    .check();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(heading).toBeHidden();
}

/**
 * Signs in as a person would, on /signin ('User name', 'Password', Enter); while that page is
 * not there yet, through the API instead. Then opens `path` and picks the account if asked.
 */
export async function signIn(page: Page, user: DemoUser = MANAGER, path = '/jobs'): Promise<void> {
  await page.goto('/signin');
  const userName = page.getByLabel('User name');
  const hasPage = await userName.waitFor({ timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (hasPage) {
    await userName.fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByLabel('Password').press('Enter');
    await expect(userName).toBeHidden();
  } else {
    await signInThroughApi(page, user);
  }
  await page.goto(path);
  await selectAccountIfAsked(page, user);
}
