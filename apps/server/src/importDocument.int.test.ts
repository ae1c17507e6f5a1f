import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { message } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configWith } from './config.js';
import { type AppContext, closeContext, createContext } from './context.js';
import { auditLog, documentVersions, jobs } from './db/schema/index.js';
import { createLogger } from './system/logger.js';
import { CDA_FIXTURE_DIR } from './testing/cdaFixtures.js';
import { databaseTargets, type TestDatabase } from './testing/databases.js';
import { buildJob, buildStructure } from './testing/factories.js';

const here = dirname(fileURLToPath(import.meta.url));
const CLI = join(here, 'importDocument.ts');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe.each(databaseTargets())('npm run import-document on $name', (target) => {
  let dataDir: string;
  let testDb: TestDatabase | undefined;
  let env: Record<string, string>;
  let jobId: number;
  const open = (): Promise<AppContext> =>
    createContext(configWith(env), createLogger({ LOG_LEVEL: 'silent' }));
  const cli = (...args: string[]): Promise<Run> =>
    new Promise((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', CLI, ...args],
        { cwd: join(here, '..'), env: { ...process.env, ...env }, timeout: 120_000 },
        (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
      );
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'quill-import-cli-'));
    env = { DATA_DIR: dataDir, DEMO_SEED: 'false', LOG_LEVEL: 'silent' };
    if (target.name === 'postgres') {
      testDb = await target.create();
      env.DATABASE_URL = testDb.url!;
    }
    const ctx = await open();
    try {
      const { facilities } = await buildStructure(ctx);
      jobId = (await buildJob(ctx, facilities[0]!)).id;
    } finally {
      await closeContext(ctx);
    }
  });
  afterAll(async () => {
    await testDb?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores a CDA file as the job’s new version, prints it, and audits a system action', async () => {
    const run = await cli('--job', String(jobId), join(CDA_FIXTURE_DIR, 'Operative_Note.xml'));
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.trim()).toBe(
      message('documents.import.imported', { jobId, version: 2, format: 'CDA' }),
    );

    const bad = join(dataDir, 'notes.txt');
    await writeFile(bad, 'not a document');
    const refused = await cli('--job', String(jobId), bad);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe(message('documents.import.unsupported'));

    const usage = await cli(bad);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--job needs a job id.');

    const ctx = await open();
    try {
      const versions = await ctx.database.db
        .select()
        .from(documentVersions)
        .where(eq(documentVersions.jobId, jobId));
      expect(versions).toMatchObject([
        { version: 2, format: 'CDA', source: 'import', createdByAccountId: null },
      ]);
      const [job] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, jobId));
      expect(job).toMatchObject({ version: 2, documentType: 'CDA' });
      const audits = await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.jobId, jobId), eq(auditLog.action, 'document.import')));
      expect(audits).toMatchObject([{ outcome: 'success', userId: null, accountId: null }]);
      expect(audits[0]!.detail).toMatchObject({ version: 2, format: 'CDA', via: 'cli' });
    } finally {
      await closeContext(ctx);
    }
    // Three processes each open the database and run migrations: slow on a busy machine.
  }, 180_000);
});
