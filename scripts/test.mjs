// npm test: lint (Biome and the part rules), type check, unit and integration tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), build, then end-to-end tests in Debian's Chromium. Ends with one
// plain summary line "tests: N passed, N failed".
//
// Two lanes run side by side (docs/decisions/platform.md "Suite time"): lint, type check and Vitest
// in one, the build and the end-to-end tests in the other. The end-to-end tests are one serial
// worker that mostly waits on the browser and the server, so on two cores they leave room for
// Vitest. The first lane runs at a lower priority (nice 10): the browser tests, whose waits are
// what the whole run waits for, get a core when they need one and Vitest takes the rest. The
// first lane's output streams; the second's is printed as each of its steps ends, so the two
// never interleave line by line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, 'e2e', 'artifacts');
mkdirSync(resultsDir, { recursive: true });

const failures = [];
let passed = 0;
let failed = 0;

/**
 * Runs one step; `buffered`: its output is held and printed when it ends; `niceness`: its process
 * (and what it starts) yields the cores to the other lane. Answers whether it passed.
 */
function step(name, cmd, args, { buffered = false, niceness = 0, ...opts } = {}) {
  const started = Date.now();
  const held = [];
  const write = (text) => (buffered ? held.push(Buffer.from(text)) : process.stdout.write(text));
  write(`\n=== ${name}\n`);
  return new Promise((resolve) => {
    // Through nice(1) (coreutils), so the step's process has its priority before it starts others.
    const [file, argv] = niceness ? ['nice', ['-n', String(niceness), cmd, ...args]] : [cmd, args];
    const child = spawn(file, argv, {
      cwd: root,
      stdio: ['ignore', buffered ? 'pipe' : 'inherit', buffered ? 'pipe' : 'inherit'],
      ...opts,
    });
    if (buffered) for (const out of [child.stdout, child.stderr]) out.on('data', (chunk) => held.push(chunk));
    let ended = false;
    const end = (ok) => {
      if (ended) return;
      ended = true;
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      if (!ok) failures.push(name);
      write(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${secs} s)\n`);
      if (buffered) process.stdout.write(Buffer.concat(held));
      resolve(ok);
    };
    child.on('error', (error) => {
      write(`${name}: ${error.message}\n`);
      end(false);
    });
    child.on('close', (code) => end(code === 0));
  });
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

// Playwright empties e2e/artifacts when it starts, after the build: long before Vitest writes this.
const vitestJson = join(resultsDir, 'vitest.json');
const e2eJson = join(resultsDir, 'results.json');
// Before the lanes start: installing Chromium, when missing, prints to the console itself.
const chromium = ensureChromium();

async function checksAndUnitTests() {
  const lane = { niceness: 10 };
  await step('lint (Biome, part rules)', 'npm', ['run', '--silent', 'lint'], lane);
  await step('type check', 'npm', ['run', '--silent', 'typecheck'], lane);
  const unitOk = await step(
    'unit and integration tests (Vitest)',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
    lane,
  );
  if (!countVitest(vitestJson) && !unitOk) failed += 1;
}

async function buildAndEndToEnd() {
  if (!(await step('build', 'npm', ['run', '--silent', 'build'], { buffered: true }))) return;
  if (!chromium) {
    failures.push('chromium');
    return;
  }
  const e2eOk = await step('end-to-end tests (Playwright, Chromium)', 'npx', ['playwright', 'test'], {
    cwd: join(root, 'e2e'),
    buffered: true,
  });
  if (!countPlaywright(e2eJson) && !e2eOk) failed += 1;
}

await Promise.all([checksAndUnitTests(), buildAndEndToEnd()]);

if (failedTests.length)
  process.stdout.write(`\nFailed tests:\n${failedTests.map((t) => `  ${t}`).join('\n')}\n`);
process.stdout.write(`\n${failures.length ? `Failed steps: ${failures.join(', ')}` : 'All steps passed.'}\n`);
process.stdout.write(`tests: ${passed} passed, ${failed} failed\n`);
process.exit(failures.length || failed ? 1 : 0);
