import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 18080);
const baseURL = `http://127.0.0.1:${port}`;

/**
 * End-to-end tests drive the built app (apps/web/dist served by apps/server/dist) in Debian's
 * Chromium. Never `playwright install`: the browser comes from the system.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'artifacts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'artifacts/results.json' }]],
  use: {
    baseURL,
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'off',
    viewport: { width: 1366, height: 900 },
    locale: 'en-US',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node serve.mjs',
    env: { E2E_PORT: String(port) },
    url: `${baseURL}/api/healthcheck/results`,
    // Migrating and seeding the demo data on PGlite; `npm test` runs Vitest beside it (scripts/test.mjs).
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    // Let serve.mjs stop the server and remove its temporary DATA_DIR.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
