import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { functionLength } from './functionLength.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const SERVICE = 'apps/server/src/services/x/doWork.ts';
const MESSAGE =
  'parts: a function in services spans at most 100 lines (split it into named steps) (ARCHITECTURE §2)';

/** A body of `count` lines, each a statement. */
const body = (count: number) => Array.from({ length: count }, (_, i) => `  const v${i} = ${i};`).join('\n');
/** A function declaration spanning exactly `lines` lines (its header and closing brace included). */
const declaration = (lines: number) => `export function doWork() {\n${body(lines - 2)}\n}\n`;

const check = (path: string, text: string) => functionLength([{ path, text }]);

describe('function length in services (issue 42)', () => {
  it('fails a function of 101 lines, naming it and its length', () => {
    const found = check(SERVICE, `// header\n${declaration(101)}`);
    expect(found).toEqual([{ path: SERVICE, line: 2, message: MESSAGE, detail: 'doWork spans 101 lines' }]);
  });

  it('passes a function of 100 lines', () => {
    expect(check(SERVICE, declaration(100))).toEqual([]);
  });

  it('counts an arrow function passed as a callback (a transaction callback)', () => {
    const text = `export async function save(db) {\n  await db.transaction(async (tx) => {\n${body(99)}\n  });\n}\n`;
    const found = check(SERVICE, text);
    // The outer function spans the callback too: both are over the limit.
    expect(found.map((v: { line: number; detail: string }) => [v.line, v.detail])).toEqual([
      [1, 'save spans 103 lines'],
      [2, '<anonymous> spans 101 lines'],
    ]);
  });

  it('counts methods, accessors and constructors', () => {
    const text = `export class Worker {\n  constructor() {\n${body(99)}\n  }\n  get value() {\n${body(99)}\n  }\n  run() {\n${body(99)}\n  }\n}\n`;
    expect(check(SERVICE, text).map((v: { detail: string }) => v.detail)).toEqual([
      'constructor spans 101 lines',
      'value spans 101 lines',
      'run spans 101 lines',
    ]);
  });

  it('exempts test files and files outside services', () => {
    expect(check('apps/server/src/services/x/doWork.test.ts', declaration(150))).toEqual([]);
    expect(check('apps/server/src/routes/x/doWork.ts', declaration(150))).toEqual([]);
    expect(check('apps/web/src/features/x/doWork.ts', declaration(150))).toEqual([]);
  });

  // A new Node process that loads TypeScript: about 1 s alone, several on a busy machine.
  it('makes `npm run lint` fail naming the file and line of a long function', { timeout: 30_000 }, () => {
    const root = mkdtempSync(join(tmpdir(), 'quill-length-'));
    try {
      mkdirSync(join(root, 'apps/server/src/services/x'), { recursive: true });
      writeFileSync(join(root, SERVICE), `// header\n${declaration(101)}`);
      const run = spawnSync(process.execPath, [join(here, '..', 'lintParts.mjs'), root], {
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('parts: a function in services spans at most 100 lines');
      expect(run.stderr).toContain(`${SERVICE}:2  doWork spans 101 lines`);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
