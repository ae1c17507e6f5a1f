import type { HoldQueueFacts } from '@quill/core';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { holdQueueRules, type jobs, recipients } from '../../../db/schema/index.js';
import { blocksText } from '../../../documents/cda/narrative.js';
import { type CdaSection, readCda } from '../../../documents/cda/readCda.js';
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

/** A section's text with that of its subsections: a section that only holds subsections is not empty. */
function sectionFacts(sections: readonly CdaSection[]): { title: string; text: string }[] {
  return sections.flatMap((s) => {
    const nested = sectionFacts(s.sections);
    const text = [blocksText(s.blocks), ...nested.map((n) => n.text)].join(' ').trim();
    return [{ title: s.title, text }, ...nested];
  });
}

/** What the CDA text says for the rules: the header's patient name and each section's text. */
export function documentFacts(xml: string | null): HoldQueueFacts['document'] {
  if (xml === null) return null;
  const doc = readCda(xml);
  return { patientName: doc.header.patient.name, sections: sectionFacts(doc.sections) };
}

/**
 * The facts the rules look at for a job as stored in `db` (inside a save: after its job data was
 * written) and the CDA text it has or would have (null for no CDA text). The ADT values are the
 * job's, over the patient's registered name and MRN (services/adt/jobAdtValues).
 */
export async function holdQueueFacts(db: Db, job: Job, xml: string | null): Promise<HoldQueueFacts> {
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
    document: documentFacts(xml),
  };
}
