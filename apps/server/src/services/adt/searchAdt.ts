import {
  ADT_LIMITS,
  type AdtDisplayType,
  type AdtSearchRequest,
  type AdtSearchResult,
  type JobPatientIdentity,
  type MessageKey,
  message,
} from '@quill/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { adtSearchConfigurations } from '../../db/schema/index.js';
import { invalid, notFound } from '../../errors/domainErrors.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { facilityTimeZone } from '../jobAccess/facilityTimeZone.js';
import { requireJob } from '../tenantScope/requireJob.js';
import { adtSearchCriteria, StoredSearchFieldsSchema } from './adtSearchCriteria.js';
import { type AdtMatches, findAdtMatches } from './adtSearchSql.js';

type Identity = keyof JobPatientIdentity;
type Column<Row> = {
  label: MessageKey;
  type: AdtDisplayType;
  read: (row: Row) => string | null;
  identity?: Identity;
};
const column = <Row>(
  label: MessageKey,
  type: AdtDisplayType,
  read: Column<Row>['read'],
  identity?: Identity,
): Column<Row> => ({ label, type, read, ...(identity ? { identity } : {}) });

/** The columns of the Patients, Visits and Orders tables, in the order of each row's values. */
const PATIENT_COLUMNS: Column<AdtMatches['patients'][number]>[] = [
  column('adt.column.mrn', 'string', (p) => p.mrn, 'mrn'),
  column('adt.column.lastName', 'string', (p) => p.lastName, 'lastName'),
  column('adt.column.firstName', 'string', (p) => p.firstName, 'firstName'),
  column('adt.column.middleName', 'string', (p) => p.middleName, 'middleName'),
  column('adt.column.dateOfBirth', 'date', (p) => p.dateOfBirth, 'birthDate'),
  column('adt.column.sex', 'string', (p) => p.sex, 'sex'),
];
const VISIT_COLUMNS: Column<AdtMatches['visits'][number]>[] = [
  column('adt.column.visitNumber', 'string', (v) => v.visitNumber),
  column('adt.column.patientClass', 'string', (v) => v.patientClass),
  column('adt.column.admitted', 'datetime', (v) => v.admittedAt),
  column('adt.column.discharged', 'datetime', (v) => v.dischargedAt),
];
const ORDER_COLUMNS: Column<AdtMatches['orders'][number]>[] = [
  column('adt.column.orderNumber', 'string', (o) => o.orderNumber),
  column('adt.column.description', 'string', (o) => o.description),
  column('adt.column.ordered', 'datetime', (o) => o.orderedAt),
];

const fieldsOf = <Row>(columns: Column<Row>[]) =>
  columns.map((c) => ({
    name: message(c.label),
    type: c.type,
    ...(c.identity ? { identity: c.identity } : {}),
  }));
// Every value is text already in the form of its type (xs:date, xs:dateTime), so it reads as itself.
const valuesOf = <Row>(columns: Column<Row>[], row: Row) =>
  columns.map((c) => {
    const raw = c.read(row);
    return { raw, parsed: raw };
  });

/** Rows by a key, in their order (Map.groupBy is not in Node 20). */
function groupBy<Row>(rows: readonly Row[], key: (row: Row) => number): Map<number, Row[]> {
  const groups = new Map<number, Row[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** The answer of searchadt from the matching rows: patients with their visits, visits with their orders. */
export function adtSearchResult(matches: AdtMatches): AdtSearchResult {
  const ordersOf = groupBy(matches.orders, (o) => o.visitId);
  const visitsOf = groupBy(matches.visits, (v) => v.patientId);
  return {
    patientMatchField: fieldsOf(PATIENT_COLUMNS),
    visitMatchField: fieldsOf(VISIT_COLUMNS),
    orderMatchField: fieldsOf(ORDER_COLUMNS),
    patient: matches.patients.map((p) => ({
      instanceId: p.id,
      value: valuesOf(PATIENT_COLUMNS, p),
      visit: (visitsOf.get(p.id) ?? []).map((v) => ({
        instanceId: v.id,
        value: valuesOf(VISIT_COLUMNS, v),
        order: (ordersOf.get(v.id) ?? []).map((o) => ({
          instanceId: o.id,
          value: valuesOf(ORDER_COLUMNS, o),
        })),
      })),
    })),
    truncated: matches.truncated,
  };
}

/**
 * searchadt (spec 02 §5, §7): the patients of the job's corporate structure that match the
 * chosen search of the job's client facility, with their visits and orders — never another
 * structure's. The job must be the account's (404), `companyId` its facility (404), the search
 * one of the facility's (400); the values are checked by adtSearchCriteria (400). Audited as a
 * read of patient data: the search, the fields used and the patients answered, never the values.
 */
export async function searchAdt(
  ctx: AppContext,
  auth: Auth,
  request: AdtSearchRequest,
  ip: string | null,
): Promise<AdtSearchResult> {
  const job = await requireJob(ctx, auth.scope, request.jobId);
  if (request.companyId !== job.clientFacilityId) {
    throw notFound(message('job.facilityNotFound', { id: request.companyId }));
  }
  const [search] = await ctx.database.db
    .select({ searchFields: adtSearchConfigurations.searchFields })
    .from(adtSearchConfigurations)
    .where(
      and(
        eq(adtSearchConfigurations.clientFacilityId, job.clientFacilityId),
        eq(adtSearchConfigurations.identifier, request.identifier),
      ),
    )
    .limit(1);
  if (!search) throw invalid(message('adt.unknownSearch', { identifier: request.identifier }));
  const criteria = adtSearchCriteria(
    StoredSearchFieldsSchema.parse(search.searchFields),
    request.inputAdtData,
  );
  const matches = await findAdtMatches(
    ctx.database.db,
    job.corporateStructureId,
    criteria,
    await facilityTimeZone(ctx, job.clientFacilityId),
    ADT_LIMITS.maxSearchPatients,
  );
  const result = adtSearchResult(matches);
  await auditJob(ctx, auth, job, 'adt.search', ip, {
    identifier: request.identifier,
    fields: criteria.map((c) => c.key),
    patientIds: result.patient.map((p) => p.instanceId),
    truncated: result.truncated,
  });
  return result;
}
