import { jobPatientDisplay, jobPatientFromAdt, message, type SaveFormat } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import {
  accounts,
  clientFacilities,
  documentVersions,
  jobs,
  patients,
  physicians,
  workTypeSigning,
  workTypes,
} from '../../db/schema/index.js';
import { signCdaHeader } from '../../documents/cda/signatureHeader.js';
import type { AddendumFacts, DocumentFacts } from '../../documents/renderable.js';
import { renderStoredDocument } from '../../documents/renderStoredDocument.js';
import { notFound } from '../../errors/domainErrors.js';
import { BlobNotFoundError } from '../../storage/blobStore.js';
import { currentDocument, notDraft } from '../jobEditor/currentDocument.js';
import { type DocumentSignature, documentSignatures } from './documentSignatures.js';

/** A job's document in a save format, and how to serve it. */
export interface RenderedDocument {
  bytes: Buffer;
  contentType: string;
  extension: SaveFormat;
}

const CONTENT_TYPES = { pdf: 'application/pdf', rtf: 'application/rtf', xml: 'application/xml' } as const;

const joinName = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ');

/** The job's current document version, as currentDocument reads it. */
type DocumentVersion = NonNullable<Awaited<ReturnType<typeof currentDocument>>>;

/** How a rendering is asked for (issue 43): a preliminary copy, sent before signing. */
export interface RenderOptions {
  preliminary?: boolean;
  /** One of the job's stored (non-draft) versions instead of its current one (the FHIR API's Binary). */
  versionId?: number;
}

/** The addendum mark's facts of a version that is an addendum: when, by which account, why. */
async function addendumFacts(
  ctx: Pick<AppContext, 'database'>,
  version: DocumentVersion | undefined,
): Promise<AddendumFacts | null> {
  if (version?.addendumOfVersion == null) return null;
  const [author] = version.createdByAccountId
    ? await ctx.database.db
        .select({ member: accounts.member })
        .from(accounts)
        .where(eq(accounts.id, version.createdByAccountId))
    : [];
  return { createdAt: version.createdAt, author: author?.member ?? null, reason: version.addendumReason };
}

/**
 * What the job row says about its document (patient, dictator, dates, work type, facility), and
 * Quill's live signatures of its current document `version` (issue 43; none without one).
 */
export async function loadDocumentFacts(
  ctx: Pick<AppContext, 'database'>,
  jobId: number,
  opts: RenderOptions & { version?: DocumentVersion; signatures?: DocumentSignature[] } = {},
): Promise<DocumentFacts> {
  const [row] = await ctx.database.db
    .select({
      job: {
        id: jobs.id,
        dictatedAt: jobs.dictatedAt,
        adt: jobs.adt,
        forceResign: jobs.forceResign,
        dateOfService: jobs.dateOfService,
      },
      // A left-joined object comes back null when its first column is null: lead with the key.
      patient: {
        id: patients.id,
        first: patients.firstName,
        middle: patients.middleName,
        last: patients.lastName,
        mrn: patients.mrn,
        dateOfBirth: patients.dateOfBirth,
      },
      dictator: {
        id: physicians.id,
        prefix: physicians.prefix,
        first: physicians.firstName,
        last: physicians.lastName,
        credentials: physicians.credentials,
      },
      workType: workTypes.name,
      requiresSignature: workTypeSigning.requiresSignature,
      facility: clientFacilities.name,
      timeZone: clientFacilities.timeZone,
    })
    .from(jobs)
    .innerJoin(clientFacilities, eq(clientFacilities.id, jobs.clientFacilityId))
    .leftJoin(patients, eq(patients.id, jobs.patientId))
    .leftJoin(physicians, eq(physicians.id, jobs.dictatorId))
    .leftJoin(workTypes, eq(workTypes.id, jobs.workTypeId))
    .leftJoin(workTypeSigning, eq(workTypeSigning.workTypeId, jobs.workTypeId))
    .where(eq(jobs.id, jobId));
  if (!row) throw notFound(`Job ${jobId} was not found.`);
  const { patient: p, dictator: d } = row;
  const dictator = d ? joinName(d.prefix, d.first, d.last) : null;
  // The job's ADT values over its record (issue 39): the patient the job view and the list show.
  const patient = jobPatientDisplay(
    row.job.adt,
    p && {
      lastName: p.last,
      firstName: p.first,
      middleName: p.middle,
      mrn: p.mrn,
      dateOfBirth: p.dateOfBirth,
    },
  );
  return {
    jobId: row.job.id,
    patientName:
      patient.name && `${patient.lastName ?? ''}, ${joinName(patient.firstName, patient.middleName)}`,
    mrn: patient.mrn || null,
    dateOfBirth: patient.dateOfBirth,
    dictator: dictator && d?.credentials ? `${dictator}, ${d.credentials}` : dictator,
    dictatedAt: row.job.dictatedAt,
    signatures: (opts.signatures ?? (opts.version ? await documentSignatures(ctx, opts.version.id) : [])).map(
      ({ meaning, name, signedAt }) => ({ meaning, name, signedAt }),
    ),
    signatureVoided: row.job.forceResign,
    requiresSignature: row.requiresSignature ?? true,
    preliminary: opts.preliminary ?? false,
    addendum: await addendumFacts(ctx, opts.version),
    patientIdentity: {
      lastName: patient.lastName,
      firstName: patient.firstName,
      middleName: patient.middleName,
      mrn: patient.mrn || null,
      birthDate: patient.dateOfBirth,
      sex: jobPatientFromAdt(row.job.adt).sex,
    },
    dateOfService: row.job.dateOfService,
    workType: row.workType,
    facility: row.facility,
    timeZone: row.timeZone,
  };
}

/** One of the job's stored (non-draft) document versions. */
async function storedVersion(ctx: Pick<AppContext, 'database'>, jobId: number, versionId: number) {
  const [row] = await ctx.database.db
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.id, versionId), eq(documentVersions.jobId, jobId), notDraft));
  return row;
}

/**
 * The job's current document (or `opts.versionId`) rendered as PDF or RTF (documents/renderStoredDocument.ts) with
 * Quill's signatures and the document's state, or as `xml` the stored CDA with Quill's signatures
 * in its header (cdaSignatures.ts) and every other byte as stored (a Word document has none: 404
 * saying so). Not found when the job has no document. Caller has already checked tenant access (and
 * writes the audit row of the download, export or fax it renders for).
 */
export async function renderJobDocument(
  ctx: AppContext,
  jobId: number,
  format: SaveFormat,
  opts: RenderOptions = {},
): Promise<RenderedDocument & { facts?: DocumentFacts; signatures: DocumentSignature[] }> {
  const version =
    opts.versionId === undefined
      ? await currentDocument(ctx.database.db, jobId)
      : await storedVersion(ctx, jobId, opts.versionId);
  if (!version) throw notFound(message('documents.noDocument', { jobId }));
  if (format === 'xml' && version.format !== 'CDA') throw notFound(message('documents.noCda', { jobId }));
  const stored = await ctx.blobs.get(version.blobKey).catch((err: Error) => {
    if (!(err instanceof BlobNotFoundError)) throw err;
    ctx.log.error({ jobId, version: version.version }, 'the blob of a document version is missing');
    throw notFound(message('documents.noDocument', { jobId }));
  });
  const signatures = await documentSignatures(ctx, version.id);
  const facts = await loadDocumentFacts(ctx, jobId, { ...opts, version, signatures });
  const bytes =
    format === 'xml'
      ? signCdaHeader(stored, facts.signatureVoided ? [] : signatures)
      : await renderStoredDocument(ctx.documents, stored, version.format, format, facts);
  return {
    bytes,
    contentType: CONTENT_TYPES[format],
    extension: format,
    facts,
    signatures: facts.signatureVoided ? [] : signatures,
  };
}
