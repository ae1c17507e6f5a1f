import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { message } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContext } from './context.js';
import { auditLog, documentVersions, jobs } from './db/schema/index.js';
import { CDA_FIXTURE_DIR } from './testing/cdaFixtures.js';
import { commandWorld } from './testing/commandLine.js';
import { databaseTargets } from './testing/databases.js';
import { buildJob, buildStructure } from './testing/factories.js';

describe.each(databaseTargets())('npm run import-document on $name', (target) => {
  let world: Awaited<ReturnType<typeof commandWorld>>;
  let jobId: number;
  const cli = (...args: string[]) => world.run(...args);
  const open = () => world.open();

  beforeAll(async () => {
    world = await commandWorld(target, 'importDocument.ts');
    const ctx = await open();
    try {
      const { facilities } = await buildStructure(ctx);
      jobId = (await buildJob(ctx, facilities[0]!)).id;
    } finally {
      await closeContext(ctx);
    }
  });
  afterAll(async () => world?.dispose());

  it('stores a CDA file as the job’s new version, prints it, and audits a system action', async () => {
    const run = await cli('--job', String(jobId), join(CDA_FIXTURE_DIR, 'Operative_Note.xml'));
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.trim()).toBe(
      message('documents.import.imported', { jobId, version: 2, format: 'CDA' }),
    );

    const bad = join(world.dataDir, 'notes.txt');
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
