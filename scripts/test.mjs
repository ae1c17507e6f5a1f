// npm test: lint (Biome and the part rules), type check, unit and integration tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), build, then end-to-end tests in Debian's Chromium. Ends with one
// plain summary line "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, 'e2e', 'artifacts');
mkdirSync(resultsDir, { recursive: true });

const failures = [];
let passed = 0;
let failed = 0;

function step(name, cmd, args, opts = {}) {
  process.stdout.write(`\n=== ${name}\n`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status !== 0) failures.push(name);
  process.stdout.write(`=== ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} (${secs} s)\n`);
  return r.status === 0;
}

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return true;
  if (process.getuid?.() !== 0) {
    process.stderr.write('Debian chromium is missing: install it with `apt-get install chromium`.\n');
    return false;
  }
  process.stdout.write('Installing Debian chromium (missing)…\n');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  return (
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status === 0 &&
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env }).status === 0
  );
}

/** Names of the failed tests, repeated at the end: CI keeps only the tail of the output. */
const failedTests = [];

function countVitest(file) {
  if (!existsSync(file)) return false;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  for (const suite of r.testResults ?? []) {
    const path = suite.name?.slice(root.length + 1);
    for (const t of suite.assertionResults ?? [])
      if (t.status === 'failed')
        failedTests.push(`${path} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((t) => t.status === 'failed'))
      failedTests.push(`${path}: ${firstLine(suite.message)}`);
  }
  passed += r.numPassedTests ?? 0;
  failed +=
    (r.numFailedTests ?? 0) + (r.numTotalTestSuites && r.success === false && !r.numFailedTests ? 1 : 0);
  return true;
}

function firstLine(text) {
  return String(text ?? '')
    .split('\n')[0]
    .slice(0, 300);
}

function countPlaywright(file) {
  if (!existsSync(file)) return false;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      if (!spec.ok) failedTests.push(`e2e/${spec.file}:${spec.line} › ${spec.title}`);
    for (const inner of suite.suites ?? []) walk(inner);
  };
  for (const suite of r.suites ?? []) walk(suite);
  passed += r.stats?.expected ?? 0;
  failed += (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0);
  return true;
}

process.stdout.write(
  process.env.TEST_DATABASE_URL
    ? 'Database tests run on PGlite and on PostgreSQL (TEST_DATABASE_URL).\n'
    : 'Database tests run on PGlite (set TEST_DATABASE_URL to run them on PostgreSQL too).\n',
);

step('lint (Biome, part rules)', 'npm', ['run', '--silent', 'lint']);
step('type check', 'npm', ['run', '--silent', 'typecheck']);
const vitestJson = join(resultsDir, 'vitest.json');
const unitOk = step('unit and integration tests (Vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (!countVitest(vitestJson) && !unitOk) failed += 1;

if (step('build', 'npm', ['run', '--silent', 'build'])) {
  if (ensureChromium()) {
    const e2eJson = join(resultsDir, 'results.json');
    const e2eOk = step('end-to-end tests (Playwright, Chromium)', 'npx', ['playwright', 'test'], {
      cwd: join(root, 'e2e'),
    });
    if (!countPlaywright(e2eJson) && !e2eOk) failed += 1;
  } else {
    failures.push('chromium');
  }
}

if (failedTests.length)
  process.stdout.write(`\nFailed tests:\n${failedTests.map((t) => `  ${t}`).join('\n')}\n`);
process.stdout.write(`\n${failures.length ? `Failed steps: ${failures.join(', ')}` : 'All steps passed.'}\n`);
process.stdout.write(`tests: ${passed} passed, ${failed} failed\n`);
process.exit(failures.length || failed ? 1 : 0);
