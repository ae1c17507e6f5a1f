import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { auditLog } from '../db/schema/index.js';
import { recordAudit } from '../services/audit/recordAudit.js';
import { databaseTargets } from '../testing/databases.js';
import { buildJob } from '../testing/factories.js';
import { editorSuite } from '../testing/jobEditorTestKit.js';

/** Issue 23, row 7 of the probe's table: each part failed before and passes now. */
describe.each(databaseTargets())(
  'issue 23 row 7: refusals audited, five reads audited, trail append-only ($name)',
  (target) => {
    const s = editorSuite(target);

    const rowsAbout = (jobId: number) =>
      s.t.ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.jobId, jobId), eq(auditLog.userId, s.w.editors[0]!.user.id)));

    it('an other-tenant read that answers 404 writes a notFound row naming the job and its tenant', async () => {
      const southJob = await buildJob(s.t.ctx, s.w.south.facilities[0]!);
      expect((await s.ed.get(`/api/job/GetJobDetails?jobId=${southJob.id}`)).statusCode).toBe(404);
      expect(await rowsAbout(southJob.id)).toMatchObject([
        {
          action: 'jobEditor.details',
          outcome: 'notFound',
          accountId: s.w.editors[0]!.accounts[0]!.id,
          corporateStructureId: s.w.south.structure.id,
          ip: '127.0.0.1',
        },
      ]);
    });

    it('GetDocumentAvailability, getjobversion, audiooptions, getDepartmentsByJobId and getLocationsByJobId are audited', async () => {
      const job = await s.w.makeJob();
      for (const url of [
        `/api/job/GetDocumentAvailability?jobId=${job.id}`,
        `/api/job/getjobversion?jobId=${job.id}`,
        `/api/job/audiooptions?jobId=${job.id}`,
        `/api/job/getDepartmentsByJobId/${job.id}`,
        `/api/job/getLocationsByJobId/${job.id}`,
      ]) {
        expect((await s.ed.get(url)).statusCode, url).toBe(200);
      }
      const rows = await rowsAbout(job.id);
      expect(rows.map((r) => [r.action, r.outcome, r.patientId])).toEqual([
        ['job.availability.read', 'success', s.w.patient.id],
        ['job.version.read', 'success', s.w.patient.id],
        ['job.audio.options', 'success', s.w.patient.id],
        ['job.departments.read', 'success', s.w.patient.id],
        ['job.locations.read', 'success', s.w.patient.id],
      ]);
    });

    it('UPDATE and DELETE of audit_log fail on the application’s own connection', async () => {
      await recordAudit(s.t.ctx, { action: 'job.view.read', outcome: 'success' });
      const refused = (statement: ReturnType<typeof sql>) =>
        s.t.ctx.database.db.execute(statement).then(
          () => 'succeeded',
          (err: Error) => String((err.cause as Error | undefined)?.message),
        );
      expect(await refused(sql`update audit_log set outcome = 'failure'`)).toMatch(/append-only/);
      expect(await refused(sql`delete from audit_log`)).toMatch(/append-only/);
    });
  },
);

// PostgreSQL only (TEST_DATABASE_URL): PGlite has one role, its superuser, held by the triggers.
const postgres = databaseTargets().filter((target) => target.name === 'postgres');
const baseUrl = process.env.TEST_DATABASE_URL;
describe.each(postgres)(
  '$name: the role Quill connects as has no UPDATE, DELETE or TRUNCATE on the trail',
  () => {
    const role = `quill_app_${randomBytes(5).toString('hex')}`;
    const admin = () => new pg.Client({ connectionString: baseUrl });

    afterAll(async () => {
      const c = admin();
      await c.connect();
      await c.query(`drop database if exists ${role} with (force)`);
      await c.query(`drop role if exists ${role}`);
      await c.end();
    });

    it('even with the triggers switched off by their owner', async () => {
      const c = admin();
      await c.connect();
      await c.query(`create role ${role} login nosuperuser`);
      await c.query(`create database ${role} owner ${role}`);
      await c.end();
      const url = new URL(baseUrl!);
      url.username = role;
      url.pathname = `/${role}`;
      const database = await openDatabase({ url: url.toString() });
      try {
        await migrateDatabase(database);
        await recordAudit({ database }, { action: 'job.view.read', outcome: 'success' });
        await database.db.execute(sql`alter table audit_log disable trigger audit_log_no_change`);
        await database.db.execute(sql`alter table audit_log disable trigger audit_log_no_truncate`);
        for (const statement of [
          sql`update audit_log set outcome = 'failure'`,
          sql`delete from audit_log`,
          sql`truncate audit_log cascade`,
        ]) {
          const code = await database.db.execute(statement).then(
            () => 'succeeded',
            (err: Error) => (err.cause as { code?: string } | undefined)?.code,
          );
          expect(code).toBe('42501'); // insufficient_privilege
        }
      } finally {
        await database.close();
      }
    });
  },
);
