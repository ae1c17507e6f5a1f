import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cdaFixtures } from './cdaFixtures.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const SKIP = new Set(['node_modules', 'dist', 'data', 'artifacts', '.git', '.vite']);

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|mjs|js|json)$/.test(entry.name)) yield path;
  }
}

/** A plain clone has nothing beside it: code and tests must not read `../shared`. */
describe('the repository on its own', () => {
  it('no code or test reads files outside the repository', () => {
    const outside = /\.\.\/shared|['"]shared['"]\s*,\s*['"]fixtures['"]/;
    const offenders: string[] = [];
    for (const top of ['apps', 'packages', 'e2e', 'bench', 'scripts']) {
      for (const file of sourceFiles(join(ROOT, top))) {
        const code = readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line));
        if (code.some((line) => outside.test(line))) offenders.push(relative(ROOT, file));
      }
    }
    expect(offenders).toEqual([]);
  });

  it('the C-CDA fixtures the document tests use are in the repository', () => {
    expect(cdaFixtures().map((f) => f.name)).toEqual([
      'Consultation_Note.xml',
      'Discharge_Summary.xml',
      'History_and_Physical.xml',
      'Operative_Note.xml',
      'Progress_Note.xml',
    ]);
  });
});
