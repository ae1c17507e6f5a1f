import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JOB_LIST_ROW_LAYOUT, jobListRowFunctionSql } from '@quill/core';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client.js';
import { newestListRowFunction, writeListRowMigration } from './listRowMigration.js';

describe('the list row migration', () => {
  const copy = mkdtempSync(join(tmpdir(), 'quill-list-row-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('installs the function JOB_LIST_ROW_LAYOUT makes (else: npm run db:list-row -w @quill/server -- <name>)', () => {
    expect(newestListRowFunction().sql).toBe(jobListRowFunctionSql(JOB_LIST_ROW_LAYOUT));
  });

  it('is written as the next migration, with its journal entry, by db:list-row', () => {
    cpSync(migrationsFolder(), copy, { recursive: true });
    const file = writeListRowMigration('word_counts', copy);
    const journal = JSON.parse(readFileSync(join(copy, 'meta', '_journal.json'), 'utf8'));
    const last = journal.entries.at(-1);
    expect(`${last.tag}.sql`).toBe(file);
    expect(last.idx).toBe(journal.entries.at(-2).idx + 1);
    expect(newestListRowFunction(copy)).toEqual({ file, sql: jobListRowFunctionSql(JOB_LIST_ROW_LAYOUT) });
    expect(readFileSync(join(copy, file), 'utf8')).toContain('UPDATE jobs SET list_row = NULL;');
  });
});
