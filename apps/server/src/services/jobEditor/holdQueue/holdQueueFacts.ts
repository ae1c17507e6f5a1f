import type { DocumentPatient, HoldQueueFacts } from '@quill/core';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import type { Db } from '../../../db/client.js';
import { type documentVersions, holdQueueRules, type jobs, recipients } from '../../../db/schema/index.js';
import { documentRefusal } from '../../../documents/documentRefusal.js';
import { loadAdtDefinitions } from '../../adt/adtDefinitions.js';
import { jobAdtValues } from '../../adt/jobAdtValues.js';
import { loadWorkType } from '../jobRows.js';

type Job = typeof jobs.$inferSelect;

/** The enabled hold-queue rules of the job's client facility, in code order. */
export async function facilityRules(db: Db, clientFacilityId: number) {
  return db
    .select({
      code: holdQueueRules.code,
      description: holdQueueRules.description,
      kind: holdQueueRules.kind,
      params: holdQueueRules.params,
    })
    .from(holdQueueRules)
    .where(and(eq(holdQueueRules.clientFacilityId, clientFacilityId), eq(holdQueueRules.enabled, true)))
    .orderBy(asc(holdQueueRules.code));
}

/**
 * What the CDA text says for the rules (documents/cda/cdaFacts.ts), read on a document thread;
 * null for no CDA text.
 */
export async function readDocumentFacts(
  ctx: AppContext,
  xml: string | null,
): Promise<HoldQueueFacts['document']> {
  if (xml === null) return null;
  try {
    return await ctx.documents.run('cdaFacts', { xml });
  } catch (err) {
    throw documentRefusal(err) ?? err;
  }
}

/** Who a stored CDA or Word document says it is about (issue 39), read on a document thread; null for none. */
export async function readDocumentPatient(
  ctx: AppContext,
  doc: Pick<typeof documentVersions.$inferSelect, 'format' | 'blobKey'> | undefined,
): Promise<DocumentPatient | null> {
  if (doc?.format !== 'CDA' && doc?.format !== 'DOCX') return null;
  try {
    return await ctx.documents.run('documentPatient', {
      stored: await ctx.blobs.get(doc.blobKey),
      storedFormat: doc.format,
    });
  } catch (err) {
    throw documentRefusal(err) ?? err;
  }
}

/**
 * readDocumentFacts of the CDA text (`xml`), or — a Word document has none — the patient name its
 * text gives (issue 39: the identity rule runs on Word jobs too; its sections are not read).
 */
export async function readJobDocumentFacts(
  ctx: AppContext,
  doc: Pick<typeof documentVersions.$inferSelect, 'format' | 'blobKey'> | undefined,
  xml: string | null,
): Promise<HoldQueueFacts['document']> {
  if (xml !== null || doc?.format !== 'DOCX') return readDocumentFacts(ctx, xml);
  const patient = await readDocumentPatient(ctx, doc);
  return { patientName: patient?.name ?? null, sections: [] };
}

/**
 * The facts the rules look at for a job as stored in `db` (inside a save: after its job data was
 * written) and what the CDA text it has or would have says (readDocumentFacts; null for none). The ADT values are the
 * job's, over the patient's registered name and MRN (services/adt/jobAdtValues).
 */
export async function holdQueueFacts(
  db: Db,
  job: Job,
  document: HoldQueueFacts['document'],
): Promise<HoldQueueFacts> {
  const adt = await jobAdtValues(db, job);
  // The job's own items as the panel shows them (a facility row replaces its structure's); an
  // order's mandatory fields are the Orders panel's to require, not this rule's.
  const definitions = await loadAdtDefinitions(db, job);
  const live = await db
    .select({ isAddressee: recipients.isAddressee })
    .from(recipients)
    .where(and(eq(recipients.jobId, job.id), eq(recipients.removed, false)));
  const workType = job.workTypeId ? await loadWorkType(db, job, job.workTypeId) : undefined;
  return {
    adt,
    mandatoryFields: definitions.values.filter((d) => d.row.mandatory).map((d) => d.key),
    addresseeCount: live.filter((r) => r.isAddressee).length,
    workType: workType ?? null,
    hasDictator: job.dictatorId !== null,
    document,
  };
}
