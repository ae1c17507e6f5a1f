import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigSchema, loadConfig } from './config.js';

/** The rows of the README's configuration table: variable name and the default column as written. */
function readmeSettings(): Map<string, string> {
  const readme = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');
  const rows = new Map<string, string>();
  for (const m of readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| ([^|]*) \|/gm)) rows.set(m[1]!, m[2]!.trim());
  return rows;
}

describe('the README configuration table', () => {
  it('lists every setting of config.ts, and nothing else', () => {
    expect([...readmeSettings().keys()].sort()).toEqual(Object.keys(ConfigSchema.shape).sort());
  });

  it('gives each setting the default config.ts applies', () => {
    const defaults = loadConfig({}) as unknown as Record<string, unknown>;
    for (const [name, written] of readmeSettings()) {
      const actual = defaults[name];
      if (actual === undefined) {
        expect(written, name).toMatch(/^(unset|package version)/);
      } else {
        expect(written, name).toBe(`\`${String(actual)}\``);
      }
    }
  });
});
