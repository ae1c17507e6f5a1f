import type { DocumentMessageFacts, Hl7Person, OutboundInterface } from '@quill/core';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import {
  distributions,
  interfaceMessages,
  jobs,
  patients,
  physicians,
  visits,
} from '../../db/schema/index.js';
import type { CdaSigner } from '../../documents/cda/signatureHeader.js';
import { extractRtfText } from '../../documents/rtf/extractRtfText.js';
import { documentSignatures } from '../../services/documents/documentSignatures.js';
import { loadDocumentFacts, renderJobDocument } from '../../services/documents/renderJobDocument.js';
import { currentDocument } from '../../services/jobEditor/currentDocument.js';

/** What a delivery hands the interface: the job, whether it is a pre-sign copy, and its PDF. */
export interface OutboundDocument {
  jobId: number;
  controlId: string;
  preliminary: boolean;
  pdf: Buffer;
}

const personOf = (p: CdaSigner['person'] & { id: number }): Hl7Person => ({
  id: String(p.id),
  lastName: p.lastName,
  firstName: p.firstName,
  middleName: p.middleInitial,
  suffix: p.suffix,
  prefix: p.prefix,
  degree: p.credentials,
});

/**
 * The newest earlier version of the job this interface acknowledged (an edit of a document the
 * receiver already has is a T08 naming it), or null.
 */
async function acknowledgedEarlier(ctx: AppContext, jobId: number, version: number, iface: string) {
  const [row] = await ctx.database.db
    .select({ version: distributions.jobVersion })
    .from(interfaceMessages)
    .innerJoin(distributions, eq(distributions.id, interfaceMessages.distributionId))
    .where(
      and(
        eq(interfaceMessages.jobId, jobId),
        eq(interfaceMessages.interfaceName, iface),
        eq(interfaceMessages.status, 'acknowledged'),
        lt(distributions.jobVersion, version),
      ),
    )
    .orderBy(desc(distributions.jobVersion))
    .limit(1);
  return row?.version ?? null;
}

/**
 * The facts of a job's current document for an outbound message (core buildDocumentMessage): the
 * patient as the document shows it, the visit, the work type, the dictator, the live signatures,
 * the version it amends (an addendum → T10) or, for a new version of a document this interface
 * already delivered, the one it edits (T08), and the content the interface asks for (the
 * distributed PDF, the text, or both). The caller delivers within the job's tenant.
 */
export async function documentMessageFacts(
  ctx: AppContext,
  iface: OutboundInterface,
  facility: string,
  doc: OutboundDocument,
): Promise<DocumentMessageFacts & { patientId: number | null }> {
  const { db } = ctx.database;
  const [row] = await db
    .select({ job: jobs, patientSex: patients.sex, visit: visits, dictator: physicians })
    .from(jobs)
    .leftJoin(patients, eq(patients.id, jobs.patientId))
    .leftJoin(visits, eq(visits.id, jobs.visitId))
    .leftJoin(physicians, eq(physicians.id, jobs.dictatorId))
    .where(eq(jobs.id, doc.jobId));
  if (!row) throw new Error(`job ${doc.jobId} is gone`);
  const version = await currentDocument(db, doc.jobId);
  const signatures = version && !row.job.forceResign ? await documentSignatures(ctx, version.id) : [];
  const facts = await loadDocumentFacts(ctx, doc.jobId, {
    version,
    signatures,
    preliminary: doc.preliminary,
  });
  const jobVersion = version?.version ?? row.job.version;
  const amends = version?.addendumOfVersion ?? null;
  const edits = amends === null ? await acknowledgedEarlier(ctx, doc.jobId, jobVersion, iface.name) : null;
  const parent = amends ?? edits;
  const text =
    iface.content === 'pdf'
      ? null
      : extractRtfText(
          (await renderJobDocument(ctx, doc.jobId, 'rtf', { preliminary: doc.preliminary })).bytes,
        );
  const identity = facts.patientIdentity;
  return {
    patientId: row.job.patientId,
    messageType: iface.messageType,
    controlId: doc.controlId,
    facility,
    at: new Date(),
    patient: {
      mrn: identity?.mrn ?? facts.mrn,
      lastName: identity?.lastName ?? null,
      firstName: identity?.firstName ?? null,
      middleName: identity?.middleName ?? null,
      dateOfBirth: identity?.birthDate ?? facts.dateOfBirth,
      sex: identity?.sex ?? row.patientSex,
    },
    visit: row.visit && { number: row.visit.visitNumber, patientClass: row.visit.patientClass },
    document: {
      type: facts.workType,
      uniqueNumber: `${doc.jobId}-${jobVersion}`,
      parentNumber: parent === null ? null : `${doc.jobId}-${parent}`,
      relation: amends !== null ? 'addendum' : edits !== null ? 'edit' : null,
      activityAt: row.job.dictatedAt ?? row.job.createdAt,
      originator: row.dictator && personOf(row.dictator),
      authentications: doc.preliminary
        ? []
        : signatures.map((s) => ({ ...personOf({ id: s.physicianId, ...s.person }), signedAt: s.signedAt })),
      preliminary: doc.preliminary,
    },
    content: { pdf: iface.content === 'text' ? null : doc.pdf, text },
  };
}
