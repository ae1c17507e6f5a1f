import { message } from '@quill/core';
import { and, asc, eq, like, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.js';
import { patients, visits } from '../../db/schema/index.js';
import { notFound } from '../../errors/domainErrors.js';
import { encounterResource, patientResource, structureOfSystem } from '../../interop/fhir/resources.js';
import type { FhirResourceType } from '../../interop/fhir/scopes.js';
import { first, parseToken, type SearchRequest } from '../../interop/fhir/searchParams.js';
import { inScope } from '../tenantScope/inScope.js';
import { auditFhir, type FhirCaller, requireScope } from './fhirCaller.js';
import { recordId } from './fhirIds.js';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** A case-insensitive prefix of a name column (the patients_cs_*_prefix_idx indexes). */
const startsWith = (column: AnyPgColumn, text: string) =>
  like(sql`lower(${column})`, `${escapeLike(text.toLowerCase())}%`);

/** An identifier parameter: its value, within the structure its system names (none: false). */
function identifierCondition(
  text: string,
  column: typeof patients.mrn | typeof visits.visitNumber,
  kind: 'mrn' | 'visit-number',
): SQL[] {
  const token = parseToken('identifier', text);
  const structure = token.system ? structureOfSystem(token.system, kind) : null;
  if (token.system && structure === null) return [sql`false`];
  return [
    eq(column, token.value),
    ...(structure === null ? [] : [eq(patients.corporateStructureId, structure)]),
  ];
}

/** Answers a read (one id) or a search page, audited, for one resource type. */
async function answer<T extends { id: string }>(
  ctx: AppContext,
  caller: FhirCaller,
  type: FhirResourceType,
  rows: { resource: T; patientId: number; corporateStructureId: number }[],
  read: { id: string } | { count: number },
) {
  if ('id' in read) {
    const [one] = rows;
    await auditFhir(ctx, caller, 'fhir.read', {
      type,
      ids: [read.id],
      outcome: one ? 'success' : 'notFound',
      patientId: one?.patientId ?? null,
      corporateStructureId: one?.corporateStructureId ?? null,
    });
    if (!one) throw notFound(message('fhir.notFound', { type, id: read.id }));
    return { resources: [one.resource], hasMore: false };
  }
  const page = rows.slice(0, read.count);
  const patientIds = new Set(page.map((r) => r.patientId));
  await auditFhir(ctx, caller, 'fhir.search', {
    type,
    ids: page.map((r) => r.resource.id),
    patientId: patientIds.size === 1 ? [...patientIds][0] : null,
  });
  return { resources: page.map((r) => r.resource), hasMore: rows.length > read.count };
}

/**
 * GET Patient/{id} and Patient?identifier=|name=|family=|given=: the patients of the caller's
 * structures; names match case-insensitively from their start (name: the family or a given name).
 */
export async function findFhirPatients(
  ctx: AppContext,
  caller: FhirCaller,
  q: { id: string } | SearchRequest,
) {
  requireScope(caller, 'Patient');
  const where: SQL[] = [inScope(caller.scope, patients.corporateStructureId)];
  const search = 'params' in q ? q : null;
  const id = search ? first(search, '_id') : (q as { id: string }).id;
  if (id !== undefined) where.push(eq(patients.id, recordId(id)));
  if (search) {
    const identifier = first(search, 'identifier');
    if (identifier !== undefined) where.push(...identifierCondition(identifier, patients.mrn, 'mrn'));
    const family = first(search, 'family');
    if (family !== undefined) where.push(startsWith(patients.lastName, family));
    const given = first(search, 'given');
    if (given !== undefined) where.push(startsWith(patients.firstName, given));
    const name = first(search, 'name');
    if (name !== undefined) {
      where.push(sql`(${startsWith(patients.lastName, name)} or ${startsWith(patients.firstName, name)})`);
    }
  }
  const rows = await ctx.database.db
    .select()
    .from(patients)
    .where(and(...where))
    .orderBy(asc(patients.lastName), asc(patients.firstName), asc(patients.id))
    .limit(search ? search.count + 1 : 1)
    .offset(search?.offset ?? 0);
  const found = rows.map((p) => ({
    resource: patientResource(p),
    patientId: p.id,
    corporateStructureId: p.corporateStructureId,
  }));
  return answer(ctx, caller, 'Patient', found, search ?? { id: id! });
}

/** GET Encounter/{id} and Encounter?identifier=|patient=: the visits of the caller's structures' patients. */
export async function findFhirEncounters(
  ctx: AppContext,
  caller: FhirCaller,
  q: { id: string } | SearchRequest,
) {
  requireScope(caller, 'Encounter');
  const where: SQL[] = [inScope(caller.scope, patients.corporateStructureId)];
  const search = 'params' in q ? q : null;
  const id = search ? first(search, '_id') : (q as { id: string }).id;
  if (id !== undefined) where.push(eq(visits.id, recordId(id)));
  if (search) {
    const identifier = first(search, 'identifier');
    if (identifier !== undefined)
      where.push(...identifierCondition(identifier, visits.visitNumber, 'visit-number'));
    const patient = first(search, 'patient') ?? first(search, 'subject');
    if (patient !== undefined) where.push(eq(visits.patientId, recordId(patient, 'Patient')));
  }
  const rows = await ctx.database.db
    .select({
      id: visits.id,
      patientId: visits.patientId,
      corporateStructureId: patients.corporateStructureId,
      visitNumber: visits.visitNumber,
      patientClass: visits.patientClass,
      admittedAt: visits.admittedAt,
      dischargedAt: visits.dischargedAt,
    })
    .from(visits)
    .innerJoin(patients, eq(patients.id, visits.patientId))
    .where(and(...where))
    .orderBy(asc(visits.id))
    .limit(search ? search.count + 1 : 1)
    .offset(search?.offset ?? 0);
  const found = rows.map((v) => ({
    resource: encounterResource(v),
    patientId: v.patientId,
    corporateStructureId: v.corporateStructureId,
  }));
  return answer(ctx, caller, 'Encounter', found, search ?? { id: id! });
}
