import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENDPOINTS, enUS } from '@quill/core';
import { describe, expect, it } from 'vitest';

const SERVER_SRC = fileURLToPath(new URL('../../', import.meta.url));

/** The server's own source files (tests and test kits left out). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'testing' ? [] : sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** A call that writes an audit row with an action among its arguments. */
const AUDIT_CALL = /\b(\w*[aA]udit\w*|changeLockedBooking)\(/g;
const LITERAL = /'([a-z][A-Za-z]*(?:\.[A-Za-z]+)+)'/g;

/**
 * The string literals passed straight to an audit call (`auditJob(ctx, auth, job, 'adt.accept', …)`,
 * both sides of `own ? 'wopi.lock' : 'wopi.lock.refresh'`), not those of calls or objects nested in
 * it; `auditReference` writes `reference.<its action>`.
 */
function callActions(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(AUDIT_CALL)) {
    let depth = 1;
    let top = '';
    for (let i = m.index + m[0].length; i < text.length && depth > 0; i++) {
      const c = text[i]!;
      if ('({['.includes(c)) depth += 1;
      else if (')}]'.includes(c)) depth -= 1;
      else if (depth === 1) top += c;
    }
    const prefix = m[1] === 'auditReference' ? 'reference.' : '';
    for (const l of top.matchAll(LITERAL)) found.push(prefix + l[1]);
  }
  return found;
}

/** Every action name the server writes (grep of its sources): `action: '…'` and audit calls' arguments. */
function serverActions(): Set<string> {
  const actions = new Set<string>();
  for (const file of sourceFiles(SERVER_SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\baction:\s*'([a-z][A-Za-z.]*)'/g)) actions.add(m[1]!);
    for (const action of callActions(text)) actions.add(action);
  }
  return actions;
}

describe('every audit action reads in words (issue 39 row 8)', () => {
  const actions = serverActions();

  it('finds the actions the server writes, in every way it writes them', () => {
    for (const known of [
      'adt.accept', // auditJob(…, 'adt.accept', …) over several lines
      'job.audio.play',
      'wopi.lock.refresh', // a ternary's second branch
      'fax.sent', // auditEach
      'reference.department.add', // auditReference's prefix
      'signin', // action: 'signin'
    ])
      expect(actions, known).toContain(known);
    expect(actions.size).toBeGreaterThan(80);
  });

  it('has a wording in the catalogue for each, not the words of a refused call', () => {
    const worded: Record<string, string> = enUS.auditTrail.actions;
    const unworded = [...actions].filter((a) => !worded[a]);
    expect(unworded).toEqual([]);
  });

  it('names every area of the endpoint table in words, for the refused calls it audits', () => {
    const areas: Record<string, string> = enUS.auditTrail.areas;
    expect(Object.keys(ENDPOINTS).filter((a) => !areas[a])).toEqual([]);
  });
});
