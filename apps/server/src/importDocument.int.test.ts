import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DOCUMENT_PATIENT_FLAG_CODE, message, STAGES } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContext } from './createContext.js';
import { auditLog, documentVersions, jobFlags, jobs } from './db/schema/index.js';
import { databaseTargets } from './testing/databases.js';
import { CDA_FIXTURE_DIR } from './testing/documents/cdaFixtures.js';
import { buildJob, buildPatient, buildStructure } from './testing/factories.js';
import { commandWorld } from './testing/processes/commandLine.js';

describe.each(databaseTargets())('npm run import-document on $name', (target) => {
  let world: Awaited<ReturnType<typeof commandWorld>>;
  let jobId: number;
  let zoeJob: number;
  let finishedJob: number;
  const cli = (...args: string[]) => world.run(...args);
  const open = () => world.open();

  beforeAll(async () => {
    world = await commandWorld(target, 'importDocument.ts');
    const ctx = await open();
    try {
      const { facilities } = await buildStructure(ctx);
      jobId = (await buildJob(ctx, facilities[0]!)).id;
      const zoe = await buildPatient(ctx, facilities[0]!.corporateStructureId, {
        first: 'Zoë',
        last: 'Ørsted',
      });
      zoeJob = (await buildJob(ctx, facilities[0]!, { patientId: zoe.id })).id;
      finishedJob = (await buildJob(ctx, facilities[0]!, { stageId: STAGES.finished.id })).id;
    } finally {
      await closeContext(ctx);
    }
  });
  afterAll(async () => world?.dispose());

  it('stores a CDA file as the job’s new version, prints it, and audits a system action', async () => {
    const run = await cli('--job', String(jobId), join(CDA_FIXTURE_DIR, 'Operative_Note.xml'));
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.trim()).toBe(
      `${message('documents.import.imported', { jobId, version: 2, format: 'CDA' })}\n${message('documentPatient.notCompared')}`,
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

  it('refuses another patient’s document unless --confirm-patient gives a reason, and a Finished job', async () => {
    const consult = join(CDA_FIXTURE_DIR, 'Consultation_Note.xml');
    const refused = await cli('--job', String(zoeJob), consult);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      `The document is about another patient than job ${zoeJob} (Name: Eve Betterhalf in the document, Ørsted, Zoë in the job)`,
    );
    expect(refused.stderr).toContain(message('documentPatient.cliConfirm'));

    const reason = 'Engine mislabelled the dictation; checked with the ward';
    const confirmed = await cli('--job', String(zoeJob), '--confirm-patient', reason, consult);
    expect(confirmed).toMatchObject({ code: 0, stderr: '' });
    expect(confirmed.stdout).toContain(
      message('documentPatient.confirmed', { flag: message('documentPatient.flag') }),
    );

    const finished = await cli('--job', String(finishedJob), consult);
    expect(finished.code).toBe(2);
    expect(finished.stderr.trim()).toBe(
      message('job.closedStage', { jobId: finishedJob, stage: 'Finished' }),
    );

    const ctx = await open();
    try {
      const stored = (id: number) =>
        ctx.database.db.select().from(documentVersions).where(eq(documentVersions.jobId, id));
      expect(await stored(zoeJob)).toMatchObject([{ version: 2, source: 'import' }]);
      expect(await stored(finishedJob)).toEqual([]);
      const [audit] = await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.jobId, zoeJob), eq(auditLog.action, 'job.document.patientConfirmed')));
      expect(audit).toMatchObject({ outcome: 'success', userId: null });
      expect(audit!.detail).toEqual({ version: 2, parts: ['name'], reason });
      const flags = await ctx.database.db.select().from(jobFlags).where(eq(jobFlags.jobId, zoeJob));
      expect(flags.map((f) => f.code)).toEqual([DOCUMENT_PATIENT_FLAG_CODE]);
    } finally {
      await closeContext(ctx);
    }
  }, 180_000);
});
