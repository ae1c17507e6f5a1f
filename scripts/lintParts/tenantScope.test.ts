import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tenantScopeViolations } from './tenantScope.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const MESSAGE =
  'parts: tenant scope is read only in services/tenantScope (use its scoped functions) (ARCHITECTURE §2)';
const reading = [
  "import type { Auth } from '../auth/resolveSession.js';",
  'export const ids = (auth: Auth) => auth.corporateStructureIds;',
  'export const row = { corporateStructureIds: [1] };',
].join('\n');
const at = (path: string, text: string) =>
  tenantScopeViolations([{ path, text }]).map((v: { path: string; line: number; message: string }) => [
    v.path,
    v.line,
    v.message,
  ]);

describe('tenant scope in one place (lintParts/tenantScope)', () => {
  it('fails a service that reads corporateStructureIds, as a property or a key, naming each line', () => {
    const path = 'apps/server/src/services/jobList/listThings.ts';
    expect(at(path, reading)).toEqual([
      [path, 2, MESSAGE],
      [path, 3, MESSAGE],
    ]);
    expect(at('apps/web/src/features/x.tsx', 'const { corporateStructureIds } = props;')).toHaveLength(1);
  });

  it('passes the scope module, test files, comments and strings', () => {
    expect(at('apps/server/src/services/tenantScope/inScope.ts', reading)).toEqual([]);
    expect(at('apps/server/src/services/jobList/listThings.test.ts', reading)).toEqual([]);
    expect(at('apps/server/src/testing/kit.ts', reading)).toEqual([]);
    const mentions =
      "// corporateStructureIds\nexport const s = 'corporateStructureIds';\n/** corporateStructureIds */";
    expect(at('apps/server/src/services/jobList/listThings.ts', mentions)).toEqual([]);
  });

  it('makes `npm run lint` fail naming the file and line', { timeout: 60_000 }, () => {
    const root = mkdtempSync(join(tmpdir(), 'quill-scope-'));
    try {
      const dir = join(root, 'apps/server/src/services/jobList');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'listThings.ts'), reading);
      const run = spawnSync(process.execPath, [join(here, '..', 'lintParts.mjs'), root], {
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('parts: tenant scope is read only in services/tenantScope');
      expect(run.stderr).toContain('apps/server/src/services/jobList/listThings.ts:2');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
