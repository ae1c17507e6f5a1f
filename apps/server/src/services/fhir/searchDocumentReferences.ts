import { message, signerName } from '@quill/core';
import { and, desc, eq, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import {
  clientFacilities,
  documentVersions,
  jobs,
  patients,
  physicians,
  signatures,
  workTypes,
} from '../../db/schema/index.js';
import { invalid, notFound } from '../../errors/domainErrors.js';
import { LOINC, noteTypeCodeSql } from '../../interop/fhir/noteTypes.js';
import {
  type DocumentRow,
  documentReferenceResource,
  structureOfSystem,
} from '../../interop/fhir/resources.js';
import { first, parseDate, parseToken, type SearchRequest } from '../../interop/fhir/searchParams.js';
import { SIGNER_NAME_COLUMNS } from '../documents/documentSignatures.js';
import { currentDocumentId, notDraft } from '../jobEditor/currentDocument.js';
import { inScope } from '../tenantScope/inScope.js';
import { auditFhir, type FhirCaller, requireScope } from './fhirCaller.js';
import { recordId } from './fhirIds.js';

const isCurrent = sql<boolean>`(${documentVersions.id} = ${currentDocumentId(jobs.id)})`;

/** A job's document version: what a DocumentReference says of it, and the version it amends or follows. */
const ROW = {
  id: documentVersions.id,
  jobId: documentVersions.jobId,
  version: documentVersions.version,
  format: documentVersions.format,
  createdAt: documentVersions.createdAt,
  isCurrent,
  addendumOfId: sql<
    number | null
  >`(select d.id from ${documentVersions} d where d.job_id = ${documentVersions.jobId}
    and d.version = ${documentVersions.addendumOfVersion} and not d.is_draft order by d.id desc limit 1)`.mapWith(
    Number,
  ),
  previousId: sql<
    number | null
  >`(select d.id from ${documentVersions} d where d.job_id = ${documentVersions.jobId}
    and d.version < ${documentVersions.version} and not d.is_draft order by d.version desc, d.id desc limit 1)`.mapWith(
    Number,
  ),
  patientId: jobs.patientId,
  visitId: jobs.visitId,
  workType: workTypes.name,
  dictator: sql<
    string | null
  >`nullif(concat_ws(' ', ${physicians.prefix}, ${physicians.firstName}, ${physicians.lastName}, ${physicians.credentials}), '')`,
  facility: clientFacilities.name,
  corporateStructureId: jobs.corporateStructureId,
};

/** The live signatures of some document versions, with the signer's printed name. */
async function signersOf(ctx: Pick<AppContext, 'database'>, versionIds: number[]) {
  if (!versionIds.length) return [];
  const rows = await ctx.database.db
    .select({
      documentVersionId: signatures.documentVersionId,
      meaning: signatures.meaning,
      ...SIGNER_NAME_COLUMNS,
    })
    .from(signatures)
    .innerJoin(physicians, eq(physicians.id, signatures.physicianId))
    .innerJoin(jobs, eq(jobs.id, signatures.jobId))
    // A signature voided by an edit, or of a job waiting to be signed again, signs nothing.
    .where(
      and(
        inArray(signatures.documentVersionId, versionIds),
        isNull(signatures.voidedAt),
        eq(jobs.forceResign, false),
      ),
    );
  return rows.map(({ documentVersionId, meaning, signatureBlock, ...person }) => ({
    documentVersionId,
    meaning,
    name: signerName(signatureBlock, person),
  }));
}

/** The document versions the conditions pick, newest first, within the caller's structures. */
async function documentRows(
  ctx: AppContext,
  caller: FhirCaller,
  where: SQL[],
  page: { limit: number; offset: number },
) {
  const rows = await ctx.database.db
    .select(ROW)
    .from(documentVersions)
    .innerJoin(jobs, eq(jobs.id, documentVersions.jobId))
    .innerJoin(clientFacilities, eq(clientFacilities.id, jobs.clientFacilityId))
    .leftJoin(workTypes, eq(workTypes.id, jobs.workTypeId))
    .leftJoin(physicians, eq(physicians.id, jobs.dictatorId))
    .where(and(notDraft, inScope(caller.scope, jobs.corporateStructureId), ...where))
    .orderBy(desc(documentVersions.createdAt), desc(documentVersions.id))
    .limit(page.limit)
    .offset(page.offset);
  const signers = await signersOf(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    row: r,
    resource: documentReferenceResource(
      r as DocumentRow,
      signers.filter((s) => s.documentVersionId === r.id),
    ),
  }));
}

/** GET DocumentReference/{id}: one document version the caller may read (404 otherwise). Audited. */
export async function readDocumentReference(ctx: AppContext, caller: FhirCaller, id: string) {
  requireScope(caller, 'DocumentReference');
  const versionId = recordId(id);
  const [found] = await documentRows(ctx, caller, [eq(documentVersions.id, versionId)], {
    limit: 1,
    offset: 0,
  });
  if (!found) {
    await auditFhir(ctx, caller, 'fhir.read', { type: 'DocumentReference', ids: [id], outcome: 'notFound' });
    throw notFound(message('fhir.notFound', { type: 'DocumentReference', id }));
  }
  await auditFhir(ctx, caller, 'fhir.read', {
    type: 'DocumentReference',
    ids: [id],
    jobId: found.row.jobId,
    patientId: found.row.patientId,
    corporateStructureId: found.row.corporateStructureId,
  });
  return found.resource;
}

/** The condition of a date parameter over a timestamp column. */
function dateCondition(text: string): SQL {
  const { prefix, from, to } = parseDate(text);
  const at = documentVersions.createdAt;
  switch (prefix) {
    case 'ge':
      return gte(at, from);
    case 'gt':
      return gte(at, to);
    case 'le':
      return lt(at, to);
    case 'lt':
      return lt(at, from);
    default:
      return and(gte(at, from), lt(at, to))!;
  }
}

/** The search's conditions: by patient, the patient's MRN, date, LOINC type and status. */
function conditions(search: SearchRequest): SQL[] {
  const where: SQL[] = [];
  const patient = first(search, 'patient') ?? first(search, 'subject');
  if (patient !== undefined) where.push(eq(jobs.patientId, recordId(patient, 'Patient')));
  const identifier = first(search, 'subject:identifier') ?? first(search, 'patient.identifier');
  if (identifier !== undefined) {
    const token = parseToken('subject:identifier', identifier);
    const structure = token.system ? structureOfSystem(token.system, 'mrn') : null;
    if (token.system && structure === null) where.push(sql`false`);
    where.push(patientHasMrn(token.value, structure));
  }
  for (const d of search.params.get('date') ?? []) where.push(dateCondition(d));
  const type = first(search, 'type');
  if (type !== undefined) {
    const token = parseToken('type', type);
    if (token.system && token.system !== LOINC) where.push(sql`false`);
    where.push(sql`${noteTypeCodeSql(workTypes.name)} = ${token.value}`);
  }
  const status = first(search, 'status');
  if (status !== undefined) {
    if (status !== 'current' && status !== 'superseded') throw invalid(message('fhir.badStatus'));
    where.push(status === 'current' ? isCurrent : sql`not ${isCurrent}`);
  }
  return where;
}

/** The job's patient has this MRN (in this structure, when the identifier's system names one). */
function patientHasMrn(mrn: string, structure: number | null): SQL {
  return sql`exists (select 1 from ${patients} p where p.id = ${jobs.patientId} and p.mrn = ${mrn}
    ${structure === null ? sql`` : sql`and p.corporate_structure_id = ${structure}`})`;
}

/**
 * GET DocumentReference?…: a page of the document versions the caller may read, newest first, and
 * whether a next page exists. Audited with the ids answered.
 */
export async function searchDocumentReferences(ctx: AppContext, caller: FhirCaller, search: SearchRequest) {
  requireScope(caller, 'DocumentReference');
  const found = await documentRows(ctx, caller, conditions(search), {
    limit: search.count + 1,
    offset: search.offset,
  });
  const page = found.slice(0, search.count);
  const patientIds = new Set(page.map((f) => f.row.patientId));
  await auditFhir(ctx, caller, 'fhir.search', {
    type: 'DocumentReference',
    ids: page.map((f) => f.resource.id),
    patientId: patientIds.size === 1 ? [...patientIds][0] : null,
  });
  return { resources: page.map((f) => f.resource), hasMore: found.length > search.count };
}
