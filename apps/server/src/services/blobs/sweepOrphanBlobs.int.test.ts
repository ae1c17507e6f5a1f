import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { ORPHAN_BLOBS } from '@quill/core';
import { getTableName } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOB_REFERENCES } from '../../db/blobReferences.js';
import { attachments, audioFiles, documentVersions, uploads } from '../../db/schema/index.js';
import { scheduleOrphanSweep } from '../../tasks/scheduleOrphanSweep.js';
import { startWorker } from '../../tasks/worker.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildStructure, buildUser } from '../../testing/factories.js';
import { waitFor } from '../../testing/faxTestKit.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';
import { sweepOrphanBlobs } from './sweepOrphanBlobs.js';

const DAY_S = 86_400;

/**
 * Columns whose names look like they could hold a blob key but do not, each with why. A new column
 * that looks like one must be added to BLOB_REFERENCES (or here, saying why not), or the sweep
 * would delete the files it names.
 */
const NOT_BLOB_REFERENCES: Record<string, string> = {
  'app_settings.key': 'the name of a setting',
  'distributions.delivery_key': 'an automatic delivery’s idempotency key (issue 43)',
  'fax_records.idempotency_key': 'a fax task’s idempotency key',
  'fax_requests.request_key': 'a client’s fax request key',
  'interface_messages.dedupe_key': 'an interface message’s control id or delivery key (issue 44)',
  'uploads.file_name': 'the uploaded file’s name as the user’s computer had it',
};
const LOOKS_LIKE_A_BLOB_REFERENCE = /blob|key|path|file|storage|object|location/;

describe.each(databaseTargets())('the orphan blob sweep on $name (issue 41)', (target) => {
  let t: TestApp;
  let world: { jobId: number; accountId: number; facilityId: number };

  const age = (key: string, seconds: number) => {
    const then = new Date(Date.now() - seconds * 1000);
    return utimes(join(t.dataDir, 'blobs', ...key.split('/')), then, then);
  };
  const put = async (text: string, prefix: string, ageSeconds = 2 * DAY_S) => {
    const blob = await t.ctx.blobs.putContent(Buffer.from(text), { prefix, extension: 'bin' });
    if (ageSeconds) await age(blob.key, ageSeconds);
    return blob;
  };
  const stored = async () => {
    const keys: string[] = [];
    for await (const b of t.ctx.blobs.list()) keys.push(b.key);
    return keys;
  };
  /** One old file named by a row of each referencing table. */
  const referencedFiles = async (tag: string) => {
    const { db } = t.ctx.database;
    const doc = await put(`document ${tag}`, 'documents');
    await db.insert(documentVersions).values({
      jobId: world.jobId,
      version: 1,
      isDraft: tag === 'b',
      format: 'CDA',
      blobKey: doc.key,
      size: doc.size,
      source: 'import',
    });
    const audio = await put(`audio ${tag}`, 'audio');
    await db.insert(audioFiles).values({
      jobId: world.jobId,
      codec: `wav-${tag}`,
      mimeType: 'audio/wav',
      blobKey: audio.key,
      size: audio.size,
    });
    const attachment = await put(`attachment ${tag}`, 'attachments');
    await db.insert(attachments).values({
      clientFacilityId: world.facilityId,
      name: 'Lab results.pdf',
      description: 'Outside laboratory results',
      mimeType: 'application/pdf',
      blobKey: attachment.key,
      size: attachment.size,
      contextStartAt: new Date(),
    });
    const upload = await put(`upload ${tag}`, 'uploads');
    await db.insert(uploads).values({
      accountId: world.accountId,
      kind: 'SCHEDULE',
      fileName: 'schedule.csv',
      blobKey: upload.key,
      size: upload.size,
      status: 'done',
    });
    return {
      documentVersions: doc.key,
      audioFiles: audio.key,
      attachments: attachment.key,
      uploads: upload.key,
    };
  };

  beforeAll(async () => {
    t = await createTestApp(target);
    const { structure, facilities } = await buildStructure(t.ctx);
    const user = await buildUser(t.ctx, { accounts: [{ companyId: structure.id }] });
    const job = await buildJob(t.ctx, facilities[0]!);
    world = { jobId: job.id, accountId: user.accounts[0]!.id, facilityId: facilities[0]!.id };
  });
  afterAll(async () => t?.close());

  it('removes an old file no row names, keeps a recent one and every file a row names', async () => {
    const referenced = await referencedFiles('a');
    const oldOrphan = await put('refused import', 'documents');
    const recentOrphan = await put('save in flight', 'documents', 0);
    // A write cut short (kill -9 between the temporary file and its rename) leaves a .tmp file.
    await t.ctx.blobs.put('documents/ab/cut-short.xml.0a1b2c.tmp', Buffer.from('half'));
    await age('documents/ab/cut-short.xml.0a1b2c.tmp', 2 * DAY_S);

    const run = await sweepOrphanBlobs(t.ctx);

    expect(run).toEqual({ examined: 7, recent: 1, referenced: 4, removed: 2, next: null });
    expect((await stored()).sort()).toEqual([...Object.values(referenced), recentOrphan.key].sort());
    expect(await t.ctx.blobs.exists(oldOrphan.key)).toBe(false);
    // Each kind of reference kept its file, with its bytes.
    for (const [table, key] of Object.entries(referenced)) {
      expect((await t.ctx.blobs.get(key)).toString(), table).toMatch(
        /^(document|audio|attachment|upload) a$/,
      );
    }
    // The recent orphan goes once it is older than the grace period.
    await age(recentOrphan.key, ORPHAN_BLOBS.graceSeconds + 60);
    expect(await sweepOrphanBlobs(t.ctx)).toMatchObject({ removed: 1, referenced: 4, recent: 0 });
    expect((await stored()).sort()).toEqual(Object.values(referenced).sort());
  });

  it('keeps an old orphan that a save stores again (same content) before the sweep removes it', async () => {
    const reused = await put('the same bytes again', 'documents');
    // The sweep listed it old; a transaction then stores the same content (the key it will name).
    await t.ctx.blobs.putContent(Buffer.from('the same bytes again'), {
      prefix: 'documents',
      extension: 'bin',
    });
    const run = await sweepOrphanBlobs(t.ctx);
    expect(run.removed).toBe(0);
    expect(await t.ctx.blobs.exists(reused.key)).toBe(true);
    await age(reused.key, 2 * DAY_S);
    expect((await sweepOrphanBlobs(t.ctx)).removed).toBe(1);
  });

  it('looks at a bounded number of files per run and resumes where the last run stopped', async () => {
    const referenced = Object.values(await referencedFiles('b'));
    const orphans: string[] = [];
    for (let i = 0; i < 7; i++) orphans.push((await put(`orphan ${i}`, i % 2 ? 'audio' : 'uploads')).key);
    const before = await stored();
    expect(before).toHaveLength(referenced.length * 2 + orphans.length);

    const runs = [];
    let after: string | undefined;
    do {
      const run = await sweepOrphanBlobs(t.ctx, {
        filesPerRun: 5,
        checkBatch: 2,
        ...(after ? { after } : {}),
      });
      runs.push(run);
      after = run.next ?? undefined;
    } while (after && runs.length < 10);

    expect(runs.map((r) => r.examined)).toEqual([5, 5, 5]);
    expect(runs.at(-1)!.next).toBeNull();
    expect(runs.reduce((n, r) => n + r.removed, 0)).toBe(orphans.length);
    expect(runs.reduce((n, r) => n + r.referenced, 0)).toBe(8);
    expect((await stored()).sort()).toEqual(before.filter((k) => !orphans.includes(k)).sort());
  });

  it('runs as a queue task: one per interval however many workers offer it, and it removes the orphans', async () => {
    const orphan = await put('left by a killed server', 'attachments');
    const first = await scheduleOrphanSweep(t.ctx);
    expect(first).toEqual(expect.any(String));
    // A second server's worker offers it in the same interval: the queue keeps the first only.
    expect(await scheduleOrphanSweep(t.ctx)).toBeNull();
    const worker = await startWorker(t.ctx);
    try {
      await waitFor(
        async () => !(await t.ctx.blobs.exists(orphan.key)),
        'the sweep task to remove the orphan',
      );
      await waitFor(
        async () => (await t.ctx.tasks.boss.getJobById('sweepOrphanBlobs-v1', first!))?.state === 'completed',
        'the sweep task to complete',
      );
    } finally {
      await worker.stop();
    }
  });

  it('declares every column that looks like a blob reference (a missing one would lose files)', async () => {
    const { rows } = await t.ctx.database.executeSql(
      `select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`,
    );
    const looksLikeOne = rows
      .map((r) => `${r.table_name}.${r.column_name}`)
      .filter((c) => LOOKS_LIKE_A_BLOB_REFERENCE.test(c.split('.')[1]!));
    const declared = BLOB_REFERENCES.map(({ table, column }) => `${getTableName(table)}.${column.name}`);
    expect(looksLikeOne.filter((c) => !(c in NOT_BLOB_REFERENCES)).sort()).toEqual([...declared].sort());
    // Every declared column and exception exists (a renamed column is noticed here too).
    for (const c of [...declared, ...Object.keys(NOT_BLOB_REFERENCES)]) expect(looksLikeOne).toContain(c);
  });
});
