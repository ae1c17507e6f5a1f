import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type BinaryJobListHeader,
  decodeBinaryJobListRows,
  JOB_LIST_ROW_LAYOUT,
  jobListRowFunctionSql,
  type ListRowLayout,
} from '@quill/core';
import { LAYOUT_WITH_WORD_COUNT } from '@quill/core/testing/binaryJobList';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../demo/seed.js';
import { FsBlobStore } from '../storage/fsBlobStore.js';
import { databaseTargets } from '../testing/databases.js';
import { type Database, migrationsFolder } from './client.js';
import { listRowFunctionOf } from './listRowMigration.js';

/** A header naming nothing: the rows' fields are what these tests compare. */
const bareHeader = (count: number): BinaryJobListHeader => ({
  format: 'binary-2',
  count,
  dateFormat: 'YYYY-MM-DD',
  timeFormat: 'HH:mm',
  ...{ dictators: {}, patients: {}, workTypes: {}, departments: {}, locations: {}, facilities: {} },
  ...{ statTargets: {}, timeZones: {}, notes: {}, flags: {}, viewed: {} },
});

/** The list row generated from a layout, on the demo data: the database writes, the decoder reads. */
describe.each(databaseTargets())('the list row of a layout on $name', (target) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let blobDir: string;

  beforeAll(async () => {
    ({ database, dispose } = await target.create());
    blobDir = await mkdtemp(join(tmpdir(), 'quill-list-row-'));
    await seedDemo(database, new FsBlobStore(blobDir), { jobs: 240 });
  }, 300_000);
  afterAll(async () => {
    await dispose?.();
    if (blobDir) await rm(blobDir, { recursive: true, force: true });
  });

  /** Every job's id and kept row, in id order. */
  async function keptRows(): Promise<{ ids: number[]; bytes: Uint8Array[] }> {
    const { rows } = await database.executeSql('select id, list_row from jobs order by id');
    return {
      ids: rows.map((r) => Number(r.id)),
      bytes: rows.map((r) => new Uint8Array(r.list_row as Uint8Array)),
    };
  }

  /** Installs a jobs_list_row function and has the trigger rewrite every kept row with it. */
  async function rewriteWith(functionSql: string): Promise<void> {
    await database.executeSql(functionSql);
    await database.executeSql('update jobs set list_row = null');
  }

  function decode(bytes: Uint8Array[], layout: ListRowLayout) {
    const all = new Uint8Array(bytes.reduce((n, b) => n + b.length, 0));
    let at = 0;
    for (const b of bytes) {
      all.set(b, at);
      at += b.length;
    }
    return decodeBinaryJobListRows(bareHeader(bytes.length), new DataView(all.buffer), layout);
  }

  it('writes, with the function the layout makes, the bytes migration 0026 wrote for every demo job', async () => {
    // The demo has no copies and a date of service on every job: some get the other.
    await database.executeSql(`update jobs set original_job_id = case when id % 5 = 0 then id - 1 end,
      date_of_service = case when id % 7 <> 0 then date_of_service end`);
    const now = await keptRows();
    expect(now.ids.length).toBeGreaterThan(200);
    // Each field is present on some jobs and missing on others (or false and true).
    const { rows } = await database.executeSql(`select
      bool_and(original_job_id is null) or bool_and(original_job_id is not null) as "originalJobId",
      bool_and(signed_at is null) or bool_and(signed_at is not null) as "signedAt",
      bool_and(stat is null) or bool_and(stat is not null) as "stat",
      bool_and(finished_at is null) or bool_and(finished_at is not null) as "finishedAt",
      bool_and(date_of_service is null) or bool_and(date_of_service is not null) as "dateOfService",
      bool_and(department_id is null) or bool_and(department_id is not null) as "departmentId",
      bool_and(faxed) or bool_and(not faxed) as "faxed"
      from jobs`);
    expect(Object.entries(rows[0]!).filter(([, uniform]) => uniform)).toEqual([]);
    const migration0026 = await readFile(join(migrationsFolder(), '0026_tat_list_row.sql'), 'utf8');
    await rewriteWith(listRowFunctionOf(migration0026)!);
    const before = await keptRows();
    await rewriteWith(jobListRowFunctionSql(JOB_LIST_ROW_LAYOUT));
    expect(before).toEqual(now);
    expect(await keptRows()).toEqual(now);
  });

  it('adds a column with one edit of the layout and a migration: the new field and every other read back', async () => {
    const today = decode((await keptRows()).bytes, JOB_LIST_ROW_LAYOUT);
    // The migration: the new column of jobs, and the function of the edited layout.
    await database.executeSql('alter table jobs add column word_count int');
    await database.executeSql('update jobs set word_count = id % 1000 * 3 where id % 4 <> 0');
    await rewriteWith(jobListRowFunctionSql(LAYOUT_WITH_WORD_COUNT));
    const { ids, bytes } = await keptRows();
    expect(bytes[0]!.length).toBe(80);
    const added = decode(bytes, LAYOUT_WITH_WORD_COUNT);
    expect(added.map((row) => row.field('wordCount'))).toEqual(
      ids.map((id) => (id % 4 ? (id % 1000) * 3 : null)),
    );
    expect(added.map((row) => row.toJSON())).toEqual(today.map((row) => row.toJSON()));
    for (const { name } of JOB_LIST_ROW_LAYOUT.fields)
      expect(
        added.map((row) => row.field(name)),
        name,
      ).toEqual(today.map((row) => row.field(name)));
  });
});
