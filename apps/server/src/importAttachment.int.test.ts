import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { message } from '@quill/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContext } from './createContext.js';
import { attachments, auditLog } from './db/schema/index.js';
import { pdfBytes } from './testing/attachmentTestKit.js';
import { databaseTargets } from './testing/databases.js';
import { buildPatient, buildStructure } from './testing/factories.js';
import { commandWorld } from './testing/processes/commandLine.js';

describe.each(databaseTargets())('npm run import-attachment on $name', (target) => {
  let world: Awaited<ReturnType<typeof commandWorld>>;
  let cf: number;
  let patientId: number;
  let southPatientId: number;

  beforeAll(async () => {
    world = await commandWorld(target, 'importAttachment.ts');
    const ctx = await world.open();
    try {
      const north = await buildStructure(ctx);
      const south = await buildStructure(ctx);
      cf = north.facilities[0]!.id;
      patientId = (await buildPatient(ctx, north.structure.id)).id;
      southPatientId = (await buildPatient(ctx, south.structure.id)).id;
    } finally {
      await closeContext(ctx);
    }
  });
  afterAll(async () => world?.dispose());

  it('stores a file as a facility’s attachment, prints it, refuses bad input, and audits a system action', async () => {
    const file = join(world.dataDir, 'Lab results.pdf');
    const bytes = pdfBytes('potassium 4.1');
    await writeFile(file, bytes);
    const run = await world.run(
      '--facility',
      String(cf),
      '--patient',
      String(patientId),
      '--description',
      'Basic metabolic panel',
      '--date',
      '2026-11-20T09:15:00Z',
      file,
    );
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^Attachment [0-9a-f-]{36} stored as Lab results\.pdf \(\d+ bytes\)\.\n$/);

    const refused = await world.run('--facility', String(cf), '--patient', String(southPatientId), file);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe(message('attachments.import.patientNotFound', { id: southPatientId }));
    const text = join(world.dataDir, 'notes.txt');
    await writeFile(text, 'not an attachment');
    expect((await world.run('--facility', String(cf), text)).stderr.trim()).toBe(
      message('attachments.import.badType'),
    );
    const usage = await world.run(file);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--facility needs a client facility id.');

    const ctx = await world.open();
    try {
      const rows = await ctx.database.db.select().from(attachments);
      expect(rows).toMatchObject([
        {
          clientFacilityId: cf,
          patientId,
          name: 'Lab results.pdf',
          description: 'Basic metabolic panel',
          importedByAccountId: null,
          contextStartAt: new Date('2026-11-20T09:15:00Z'),
        },
      ]);
      expect((await ctx.blobs.get(rows[0]!.blobKey)).equals(bytes)).toBe(true);
      const audits = await ctx.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'attachment.import'));
      expect(audits).toMatchObject([{ outcome: 'success', userId: null, accountId: null, patientId }]);
      expect(audits[0]!.detail).toMatchObject({ via: 'cli', clientFacilityId: cf });
    } finally {
      await closeContext(ctx);
    }
    // Four processes each open the database and run migrations: slow on a busy machine.
  }, 240_000);
});
