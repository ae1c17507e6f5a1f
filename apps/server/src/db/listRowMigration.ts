import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JOB_LIST_ROW_LAYOUT, jobListRowFunctionSql, listRowFormat } from '@quill/core';
import { migrationsFolder } from './client.js';

const FUNCTION_START = 'CREATE OR REPLACE FUNCTION jobs_list_row()';
const FUNCTION_END = 'END $$;';

/** The statement of a migration's text that installs jobs_list_row, or null when it has none. */
export function listRowFunctionOf(migration: string): string | null {
  const start = migration.indexOf(FUNCTION_START);
  if (start < 0) return null;
  const end = migration.indexOf(FUNCTION_END, start);
  return end < 0 ? null : migration.slice(start, end + FUNCTION_END.length);
}

/** The newest migration that installs jobs_list_row: its file name and that statement. */
export function newestListRowFunction(folder = migrationsFolder()): { file: string; sql: string } {
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .reverse();
  for (const file of files) {
    const sql = listRowFunctionOf(readFileSync(join(folder, file), 'utf8'));
    if (sql) return { file, sql };
  }
  throw new Error('no migration installs jobs_list_row');
}

interface Journal {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
}

/**
 * Writes the next migration (and its journal entry), installing JOB_LIST_ROW_LAYOUT's function and
 * rebuilding every kept row with it; answers its file name. A new field that reads a new column
 * of `jobs` needs that column added above the function (ALTER TABLE), by hand.
 */
export function writeListRowMigration(name: string, folder = migrationsFolder()): string {
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
  const last = journal.entries.at(-1)!;
  const idx = last.idx + 1;
  const tag = `${String(idx).padStart(4, '0')}_${name}`;
  const text = [
    `-- The list's record ${listRowFormat(JOB_LIST_ROW_LAYOUT)} (rules/jobList/jobListRowLayout.ts), written by`,
    '-- jobListRowFunctionSql; every kept row is rebuilt by the trigger with it.',
    jobListRowFunctionSql(JOB_LIST_ROW_LAYOUT),
    '--> statement-breakpoint',
    'UPDATE jobs SET list_row = NULL;',
    '',
  ].join('\n');
  writeFileSync(join(folder, `${tag}.sql`), text);
  journal.entries.push({ ...last, idx, when: last.when + 1000, tag });
  writeFileSync(journalPath, JSON.stringify(journal, null, 2));
  return `${tag}.sql`;
}
