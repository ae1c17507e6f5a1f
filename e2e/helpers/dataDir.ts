import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The e2e server's DATA_DIR, which serve.mjs writes down for the tests (a fresh temporary directory). */
export function serverDataDir(): string {
  const port = process.env.E2E_PORT ?? '18080';
  return readFileSync(join(tmpdir(), `quill-e2e-${port}.data-dir`), 'utf8').trim();
}
