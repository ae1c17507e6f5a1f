import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cdaFixtures } from './documents/cdaFixtures.js';

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

  it('every locked package supports the oldest Node the engines field allows (npm ci warns of none)', () => {
    // semver is npm's own range logic (hoisted in node_modules by many of our dependencies).
    const semver = createRequire(import.meta.url)('semver') as {
      minVersion(range: string): { version: string } | null;
      satisfies(version: string, range: string): boolean;
    };
    const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    const oldest = semver.minVersion(root.engines.node)!.version;
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
    };
    const refusing = Object.entries(lock.packages)
      .filter(([, p]) => !Array.isArray(p.engines) && p.engines?.node)
      .filter(([, p]) => !semver.satisfies(oldest, (p.engines as { node: string }).node))
      .map(([name, p]) => `${name} (${(p.engines as { node: string }).node})`);
    expect(refusing).toEqual([]);
  });
});
