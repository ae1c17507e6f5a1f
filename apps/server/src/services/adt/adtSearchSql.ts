import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { orders, patients, visits } from '../../db/schema/index.js';
import { prefixPattern } from '../jobSearch/jobSearchSql.js';
import type { AdtColumn, AdtCriterion, AdtRecord } from './adtSearchCriteria.js';

const COLUMNS: Record<AdtColumn, AnyPgColumn> = {
  mrn: patients.mrn,
  lastName: patients.lastName,
  firstName: patients.firstName,
  middleName: patients.middleName,
  dateOfBirth: patients.dateOfBirth,
  sex: patients.sex,
  visitNumber: visits.visitNumber,
  patientClass: visits.patientClass,
  admittedAt: visits.admittedAt,
  dischargedAt: visits.dischargedAt,
  orderNumber: orders.orderNumber,
  description: orders.description,
  orderedAt: orders.orderedAt,
};
const ADT_VALUES: Record<AdtRecord, AnyPgColumn> = {
  patient: patients.adt,
  visit: visits.adt,
  order: orders.adt,
};

/**
 * One criterion as SQL. Each indexed column keeps the form its index serves (migration
 * "adt search"): `lower(name) like 'ab%'` the text_pattern_ops prefix indexes, `=` the id and
 * date indexes. A value without a column is compared on the record's `adt` text.
 */
function condition(c: AdtCriterion, timeZone: string): SQL {
  if (!c.column) {
    const text = sql`(${ADT_VALUES[c.record]} ->> ${c.key})`;
    return c.match === 'exact' ? sql`${text} = ${c.value}` : sql`left(${text}, 10) = ${c.value}`;
  }
  const column = COLUMNS[c.column];
  switch (c.match) {
    case 'prefix':
      return sql`lower(${column}) like ${prefixPattern(c.value)}`;
    case 'exact':
      return sql`${column} = ${c.value}`;
    case 'date':
      return sql`${column} = ${c.value}::date`;
    case 'day':
      return sql`(${column} at time zone ${timeZone})::date = ${c.value}::date`;
  }
}

/** The conditions on each record, ready for `and(…)`. */
function conditionsOf(criteria: readonly AdtCriterion[], timeZone: string) {
  const of = (record: AdtRecord) =>
    criteria.filter((c) => c.record === record).map((c) => condition(c, timeZone));
  return { patient: of('patient'), visit: of('visit'), order: of('order') };
}

/** A time as the facility's wall clock, in the xs:dateTime form the job's ADT stores. */
const localTime = (column: AnyPgColumn, timeZone: string) =>
  sql<string | null>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

export interface AdtMatches {
  patients: {
    id: number;
    mrn: string;
    lastName: string;
    firstName: string;
    middleName: string | null;
    dateOfBirth: string | null;
    sex: string | null;
  }[];
  visits: {
    id: number;
    patientId: number;
    visitNumber: string;
    patientClass: string | null;
    admittedAt: string | null;
    dischargedAt: string | null;
  }[];
  orders: {
    id: number;
    visitId: number;
    orderNumber: string;
    description: string;
    orderedAt: string | null;
  }[];
  /** More patients matched than `limit`. */
  truncated: boolean;
}

/**
 * The patients of one corporate structure matching every criterion (at most `limit`, by last name,
 * first name and id; `truncated` when more match), with their visits (newest first) and those visits' orders. Visit criteria
 * keep the visits that match, order criteria the visits with a matching order and those orders.
 * Names are ordered with the pattern operator (`~<~`) so a last-name prefix search reads the
 * prefix index in order and stops after `limit` rows, however many patients share the prefix.
 */
export async function findAdtMatches(
  db: Db,
  corporateStructureId: number,
  criteria: readonly AdtCriterion[],
  timeZone: string,
  limit: number,
): Promise<AdtMatches> {
  const where = conditionsOf(criteria, timeZone);
  const patientWhere: (SQL | undefined)[] = [
    eq(patients.corporateStructureId, corporateStructureId),
    ...where.patient,
  ];
  if (where.visit.length || where.order.length) {
    const base = db.select({ id: visits.patientId }).from(visits);
    const matching = where.order.length
      ? base.innerJoin(orders, eq(orders.visitId, visits.id)).where(and(...where.visit, ...where.order))
      : base.where(and(...where.visit));
    patientWhere.push(inArray(patients.id, matching));
  }
  const rows = await db
    .select({
      id: patients.id,
      mrn: patients.mrn,
      lastName: patients.lastName,
      firstName: patients.firstName,
      middleName: patients.middleName,
      dateOfBirth: patients.dateOfBirth,
      sex: patients.sex,
    })
    .from(patients)
    .where(and(...patientWhere))
    .orderBy(
      sql`lower(${patients.lastName}) using ~<~`,
      sql`lower(${patients.firstName}) using ~<~`,
      asc(patients.id),
    )
    .limit(limit + 1);
  const found = rows.slice(0, limit);
  const truncated = rows.length > limit;
  if (found.length === 0) return { patients: [], visits: [], orders: [], truncated };

  const visitWhere = [
    inArray(
      visits.patientId,
      found.map((p) => p.id),
    ),
    ...where.visit,
  ];
  if (where.order.length) {
    visitWhere.push(
      inArray(
        visits.id,
        db
          .select({ id: orders.visitId })
          .from(orders)
          .where(and(...where.order)),
      ),
    );
  }
  const visitRows = await db
    .select({
      id: visits.id,
      patientId: visits.patientId,
      visitNumber: visits.visitNumber,
      patientClass: visits.patientClass,
      admittedAt: localTime(visits.admittedAt, timeZone),
      dischargedAt: localTime(visits.dischargedAt, timeZone),
    })
    .from(visits)
    .where(and(...visitWhere))
    .orderBy(sql`${visits.admittedAt} desc nulls last`, desc(visits.id));
  const orderRows = visitRows.length
    ? await db
        .select({
          id: orders.id,
          visitId: orders.visitId,
          orderNumber: orders.orderNumber,
          description: orders.description,
          orderedAt: localTime(orders.orderedAt, timeZone),
        })
        .from(orders)
        .where(
          and(
            inArray(
              orders.visitId,
              visitRows.map((v) => v.id),
            ),
            ...where.order,
          ),
        )
        .orderBy(sql`${orders.orderedAt} desc nulls last`, asc(orders.id))
    : [];
  return { patients: found, visits: visitRows, orders: orderRows, truncated };
}
