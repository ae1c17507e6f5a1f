// Starts the built server for the end-to-end tests on a fresh, throw-away DATA_DIR and removes that
// directory again when the server stops (Playwright ends it with SIGTERM, a person with Ctrl+C).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const main = resolve(here, '../apps/server/dist/main.js');
if (!existsSync(main)) {
  console.error(`serve.mjs: ${main} is missing; run "npm run build" at the repository root first.`);
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'quill-e2e-'));
const port = process.env.E2E_PORT ?? '18080';
// Tests that check what the server wrote (DATA_DIR/fax-outbox) find DATA_DIR here (helpers/dataDir.ts).
const dataDirFile = join(tmpdir(), `quill-e2e-${port}.data-dir`);
writeFileSync(dataDirFile, dataDir);
let removed = false;
function removeDataDir() {
  if (removed) return;
  removed = true;
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 3, retryDelay: 100 });
  rmSync(dataDirFile, { force: true });
}

const child = spawn(process.execPath, [main], {
  stdio: 'inherit',
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: port,
    DATA_DIR: dataDir,
    DEMO_SEED: 'true',
    DEMO_JOBS: process.env.DEMO_JOBS ?? '400',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
});

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // The server may have had the signal already (same process group); sending it again is harmless.
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    // Whatever happens, do not outlive the caller's patience.
    setTimeout(() => {
      child.kill('SIGKILL');
    }, 10_000).unref();
  });
}

child.on('exit', (code, signal) => {
  removeDataDir();
  process.exit(code ?? (signal ? 0 : 1));
});
child.on('error', (error) => {
  console.error('serve.mjs: could not start the server:', error);
  removeDataDir();
  process.exit(1);
});
process.on('exit', removeDataDir);
