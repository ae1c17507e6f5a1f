import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { folderSizes, MAX_FOLDER_FILES } from './folderSize.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const filesIn = (folder: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({ path: `${folder}/f${i}.ts`, text: '' }));

describe('folder size (issue 42)', () => {
  it('allows 30 files side by side and refuses 31, naming the folder and its count', () => {
    expect(folderSizes(filesIn('apps/server/src/services/a', MAX_FOLDER_FILES))).toEqual([]);
    const found = folderSizes(filesIn('apps/server/src/services/a', MAX_FOLDER_FILES + 1));
    expect(found).toEqual([
      {
        path: 'apps/server/src/services/a',
        line: 1,
        message:
          'parts: a source folder holds at most 30 files side by side (split it by area) (ARCHITECTURE §2)',
        detail: '31 files',
      },
    ]);
  });

  it('counts a folder without its sub-folders', () => {
    const files = [...filesIn('apps/web/src/x', 20), ...filesIn('apps/web/src/x/y', 20)];
    expect(folderSizes(files)).toEqual([]);
  });

  it('makes `npm run lint` fail on a folder of 31 files', () => {
    const root = mkdtempSync(join(tmpdir(), 'quill-folder-'));
    try {
      const folder = join(root, 'apps/server/src/services/big');
      mkdirSync(folder, { recursive: true });
      for (let i = 0; i <= MAX_FOLDER_FILES; i++) writeFileSync(join(folder, `f${i}.ts`), 'export {};\n');
      const run = spawnSync(process.execPath, [join(here, '..', 'lintParts.mjs'), root], {
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('at most 30 files side by side');
      expect(run.stderr).toContain('apps/server/src/services/big:1  31 files');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
