import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import yauzl from 'yauzl';
import type { AppContext } from '../../context.js';
import { documentVersions, jobs, physicians, recipients } from '../../db/schema/index.js';
import { CDA_FIXTURE_DIR } from './cdaFixtures.js';

type Ctx = Pick<AppContext, 'database' | 'blobs'>;

/** A CDA fixture of src/testing/fixtures/cda (real HL7 C-CDA examples). */
export function cdaFixture(name = 'Progress_Note'): Buffer {
  return readFileSync(join(CDA_FIXTURE_DIR, `${name}.xml`));
}

/** Gives a job a current CDA document (version 1), as the intake stores one. */
export async function attachCda(ctx: Ctx, jobId: number, xml: Buffer = cdaFixture()): Promise<void> {
  const blob = await ctx.blobs.putContent(xml, { prefix: 'documents', extension: 'xml' });
  await ctx.database.db.insert(documentVersions).values({
    jobId,
    version: 1,
    format: 'CDA',
    blobKey: blob.key,
    size: blob.size,
    source: 'import',
  });
  await ctx.database.db.update(jobs).set({ documentType: 'CDA' }).where(eq(jobs.id, jobId));
}

/** A physician of a corporate structure who receives documents by `method`. */
export async function buildPhysician(
  ctx: Ctx,
  corporateStructureId: number,
  name: { first: string; last: string; credentials?: string },
  method: 'print' | 'fax' | 'electronic',
) {
  const [p] = await ctx.database.db
    .insert(physicians)
    .values({
      corporateStructureId,
      firstName: name.first,
      lastName: name.last,
      credentials: name.credentials ?? null,
      distributionMethod: method,
    })
    .returning();
  return p!;
}

/** Adds recipients to a job in order. */
export async function addRecipients(
  ctx: Ctx,
  jobId: number,
  rows: Omit<typeof recipients.$inferInsert, 'jobId' | 'ordinal'>[],
): Promise<void> {
  await ctx.database.db.insert(recipients).values(rows.map((r, ordinal) => ({ ...r, jobId, ordinal })));
}

/** The entries of a zip (name → bytes), read back with yauzl. */
export function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/**
 * Two corporate structures with jobs for the document calls: `docJob` (pending, on the manual
 * list; recipients Dr Print by print, Dr Fax by fax, the patient by print, and a removed one),
 * `finishedJob` (Finished, one print recipient), `bareJob` (a document, no recipients),
 * `audioOnly` (pending, a print recipient, no document) and `southJob` (another tenant's).
 */
export async function seedDocumentScene(ctx: Ctx) {
  const { buildJob, buildPatient, buildStructure } = await import('../factories.js');
  const north = await buildStructure(ctx, { name: 'North', facilities: 2 });
  const south = await buildStructure(ctx, { name: 'South', facilities: 1 });
  const [f1, f2] = north.facilities;
  const patient = await buildPatient(ctx, north.structure.id, { first: 'Ada', last: 'Lovelace' });
  const drPrint = await buildPhysician(
    ctx,
    north.structure.id,
    { first: 'Paula', last: 'Print', credentials: 'MD' },
    'print',
  );
  const drFax = await buildPhysician(ctx, north.structure.id, { first: 'Felix', last: 'Fax' }, 'fax');
  const drGone = await buildPhysician(ctx, north.structure.id, { first: 'Gina', last: 'Gone' }, 'print');
  const dictator = await buildPhysician(ctx, north.structure.id, { first: 'Dan', last: 'Dictator' }, 'print');

  const docJob = await buildJob(ctx, f1!, {
    stageId: 9,
    onManualList: true,
    patientId: patient.id,
    dictatorId: dictator.id,
  });
  await attachCda(ctx, docJob.id);
  await addRecipients(ctx, docJob.id, [
    { physicianId: drPrint.id, isAddressee: true, distributionMethod: 'print' },
    { physicianId: drFax.id, distributionMethod: 'fax' },
    { isPatient: true, distributionMethod: 'print' },
    { physicianId: drGone.id, distributionMethod: 'print', removed: true },
  ]);
  const finishedJob = await buildJob(ctx, f2!, { stageId: 13 });
  await attachCda(ctx, finishedJob.id, cdaFixture('Consultation_Note'));
  await addRecipients(ctx, finishedJob.id, [{ physicianId: drPrint.id, distributionMethod: 'print' }]);
  const bareJob = await buildJob(ctx, f1!, { stageId: 13 });
  await attachCda(ctx, bareJob.id);
  const audioOnly = await buildJob(ctx, f1!, { stageId: 9, onManualList: true });
  await addRecipients(ctx, audioOnly.id, [{ physicianId: drPrint.id, distributionMethod: 'print' }]);
  const southJob = await buildJob(ctx, south.facilities[0]!, { stageId: 9, onManualList: true });
  await attachCda(ctx, southJob.id);
  return {
    north,
    south,
    ids: {
      docJob: docJob.id,
      finishedJob: finishedJob.id,
      bareJob: bareJob.id,
      audioOnly: audioOnly.id,
      southJob: southJob.id,
    },
  };
}
