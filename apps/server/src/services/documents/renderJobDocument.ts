import { jobPatientDisplay, jobPatientFromAdt, message, type SaveFormat } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { clientFacilities, jobs, patients, physicians, workTypes } from '../../db/schema/index.js';
import type { DocumentFacts } from '../../documents/renderable.js';
import { renderStoredDocument } from '../../documents/renderStoredDocument.js';
import { notFound } from '../../errors/domainErrors.js';
import { BlobNotFoundError } from '../../storage/blobStore.js';
import { currentDocument } from '../jobEditor/currentDocument.js';

/** A job's document in a save format, and how to serve it. */
export interface RenderedDocument {
  bytes: Buffer;
  contentType: string;
  extension: SaveFormat;
}

const CONTENT_TYPES = { pdf: 'application/pdf', rtf: 'application/rtf', xml: 'application/xml' } as const;

const joinName = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ');

/** What the job row says about its document (patient, dictator, dates, work type, facility). */
export async function loadDocumentFacts(
  ctx: Pick<AppContext, 'database'>,
  jobId: number,
): Promise<DocumentFacts> {
  const [row] = await ctx.database.db
    .select({
      job: {
        id: jobs.id,
        dictatedAt: jobs.dictatedAt,
        adt: jobs.adt,
        signedAt: jobs.signedAt,
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
      facility: clientFacilities.name,
      timeZone: clientFacilities.timeZone,
    })
    .from(jobs)
    .innerJoin(clientFacilities, eq(clientFacilities.id, jobs.clientFacilityId))
    .leftJoin(patients, eq(patients.id, jobs.patientId))
    .leftJoin(physicians, eq(physicians.id, jobs.dictatorId))
    .leftJoin(workTypes, eq(workTypes.id, jobs.workTypeId))
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
    signedAt: row.job.signedAt,
    // No signature record names who signed in Quill yet: only when (issue 40).
    signedBy: null,
    signatureVoided: row.job.forceResign,
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

/**
 * The job's current document rendered as PDF or RTF (documents/renderStoredDocument.ts), or as
 * `xml` the stored CDA itself, byte for byte (a Word document has none: 404 saying so). Not found
 * when the job has no document. Caller has already checked tenant access (and writes the audit row
 * of the download, export or fax it renders for).
 */
export async function renderJobDocument(
  ctx: AppContext,
  jobId: number,
  format: SaveFormat,
): Promise<RenderedDocument> {
  const version = await currentDocument(ctx.database.db, jobId);
  if (!version) throw notFound(message('documents.noDocument', { jobId }));
  if (format === 'xml' && version.format !== 'CDA') throw notFound(message('documents.noCda', { jobId }));
  const stored = await ctx.blobs.get(version.blobKey).catch((err: Error) => {
    if (!(err instanceof BlobNotFoundError)) throw err;
    ctx.log.error({ jobId, version: version.version }, 'the blob of a document version is missing');
    throw notFound(message('documents.noDocument', { jobId }));
  });
  const bytes =
    format === 'xml'
      ? stored
      : await renderStoredDocument(
          ctx.documents,
          stored,
          version.format,
          format,
          await loadDocumentFacts(ctx, jobId),
        );
  return { bytes, contentType: CONTENT_TYPES[format], extension: format };
}
