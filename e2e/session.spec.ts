import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, request, test } from '@playwright/test';
import { expectAccessible } from './helpers/axe';

/*
 * Spec 01 §4 "Session" against a server of its own whose sessions end after 30 idle seconds
 * (SESSION_IDLE_SECONDS=30), so the server's answer to the Idle heartbeat is at most 30 and the
 * Session Timeout modal shows at once. The page runs on Playwright's fake clock.
 */

const here = dirname(fileURLToPath(import.meta.url));
const IDLE_SECONDS = 30;

let server: ChildProcess | undefined;
let dataDir: string | undefined;
let base = '';

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the session-test server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms`);
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'quill-e2e-session-'));
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [resolve(here, '../apps/server/dist/main.js')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_SEED: 'true',
      DEMO_JOBS: '50',
      SESSION_IDLE_SECONDS: String(IDLE_SECONDS),
      LOG_LEVEL: 'warn',
    },
  });
  await waitForHealth(`${base}/api/healthcheck/results`, server, 150_000);
});

test.afterAll(async () => {
  const child = server;
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 3, retryDelay: 100 });
});

/** Signs the dictator in (one account, selected automatically) and opens a job list. */
async function signInAsDictator(page: Page) {
  await page.goto(`${base}/`);
  await page.getByLabel('User name').fill('dictator');
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const structures = (await (await page.request.get(`${base}/api/jobs/getusercs`)).json()) as {
    id: number;
  }[];
  await page.goto(`${base}/jobs/${structures[0]!.id}/pending`);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // Let the list finish loading: jumping the clock would time its requests out.
  await page.waitForLoadState('networkidle');
  // Park the pointer: this is the user's last activity before going idle.
  await page.mouse.move(8, 880);
}

/** Goes idle for 131 s and answers the remaining seconds the Idle heartbeat reported. */
async function goIdle(page: Page): Promise<number> {
  const idle = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/heartbeat/Idle');
  await page.clock.fastForward(131_000);
  return (await (await idle).json()) as number;
}

test('an idle session warns with a progress bar, then expires: signed out, and the modal cannot be closed', async ({
  page,
}) => {
  await page.clock.install();
  await signInAsDictator(page);
  const cookie = (await page.context().cookies(base)).find((c) => c.name === 'quill_session');
  expect(cookie).toBeTruthy();

  await expect(page.locator('tbody tr[data-job-id]').first()).toBeVisible();
  const remaining = await goIdle(page);
  expect(remaining).toBeGreaterThan(0);
  expect(remaining).toBeLessThanOrEqual(IDLE_SECONDS);

  const warning = page.getByRole('dialog', { name: 'Session Timeout' });
  await expect(warning).toBeVisible();
  const bar = warning.getByRole('progressbar', { name: 'Time remaining before you are signed out' });
  await expect(bar).toBeVisible();
  const percent = Number(await bar.getAttribute('aria-valuenow'));
  expect(percent).toBeGreaterThan(0);
  expect(percent).toBeLessThanOrEqual(Math.round((IDLE_SECONDS / 240) * 100));
  await expect(warning.getByRole('button', { name: 'Stay signed in' })).toBeVisible();
  await expect(warning).toHaveCSS('opacity', '1'); // faded in
  await page.screenshot({ path: 'artifacts/session-timeout.png' });
  await expectAccessible(page, 'the Session Timeout modal');

  const signOut = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/account/SignOut');
  await page.clock.fastForward(remaining * 1000);
  await signOut;
  const expired = page.getByRole('dialog', { name: 'Your session has expired' });
  await expect(expired).toBeVisible();
  await expect(warning).toBeHidden();

  // Neither Escape nor a click outside closes it.
  await page.keyboard.press('Escape');
  await page.mouse.click(20, 860);
  await page.clock.fastForward(5_000);
  await expect(expired).toBeVisible();
  await expect(expired.getByRole('button', { name: 'Sign in again' })).toBeVisible();
  await expect(expired).toHaveCSS('opacity', '1');
  // The list behind the modal is hidden, not only covered: nothing of it can be read.
  await expect(page.locator('table')).toBeHidden();
  await expect(page.locator('main')).toBeHidden();
  await page.screenshot({ path: 'artifacts/session-expired.png' });
  await expectAccessible(page, 'the session-expired modal');

  // The old session cookie is refused by the API.
  const stranger = await request.newContext({
    baseURL: base,
    extraHTTPHeaders: { cookie: `quill_session=${cookie!.value}` },
  });
  expect((await stranger.get('/api/Account/GetUserSummaries')).status()).toBe(401);
  await stranger.dispose();
  expect((await page.request.get(`${base}/api/Account/GetUserSummaries`)).status()).toBe(401);

  // Sign in again returns to the same page through the sign-in scheme.
  await expired.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(/\/signin\?returnUrl=%2Fjobs%2F\d+%2Fpending$/);
});

test('activity after the warning closes it and sends the Active heartbeat', async ({ page }) => {
  await page.clock.install();
  await signInAsDictator(page);
  await goIdle(page);
  const warning = page.getByRole('dialog', { name: 'Session Timeout' });
  await expect(warning).toBeVisible();

  const active = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/heartbeat/Active');
  await page.mouse.move(400, 300);
  await active;
  await expect(warning).toBeHidden();
  // The session lives on: the server's idle clock was reset.
  const res = await page.request.get(`${base}/api/heartbeat/Idle`);
  expect(res.status()).toBe(200);
  expect(await res.json()).toBeGreaterThan(IDLE_SECONDS - 5);
});
