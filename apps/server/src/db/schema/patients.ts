import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { corporateStructures } from './organisation.js';

/**
 * A patient (HL7 PID). Values the facility's ADT definitions address but that have no column here
 * live in `adt`, keyed "SEG.field.component" (e.g. "PID.11.1").
 */
export const patients = pgTable(
  'patients',
  {
    id: serial('id').primaryKey(),
    corporateStructureId: integer('corporate_structure_id')
      .notNull()
      .references(() => corporateStructures.id),
    /** PID 3.1 */
    mrn: text('mrn').notNull(),
    /** PID 5.1 */
    lastName: text('last_name').notNull(),
    /** PID 5.2 */
    firstName: text('first_name').notNull(),
    /** PID 5.3 */
    middleName: text('middle_name'),
    /** PID 7.1 */
    dateOfBirth: date('date_of_birth'),
    sex: text('sex'),
    adt: jsonb('adt').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('patients_mrn_idx').on(t.corporateStructureId, t.mrn),
    index('patients_name_idx').on(t.lastName, t.firstName),
    // Job Search: case-insensitive last name prefixes in a structure.
    index('patients_cs_last_prefix_idx').on(
      t.corporateStructureId,
      sql`lower(${t.lastName}) text_pattern_ops`,
    ),
    // ADT search (searchadt): first name prefixes and dates of birth in a structure.
    index('patients_cs_first_prefix_idx').on(
      t.corporateStructureId,
      sql`lower(${t.firstName}) text_pattern_ops`,
    ),
    index('patients_cs_dob_idx').on(t.corporateStructureId, t.dateOfBirth),
  ],
);

/** A visit (HL7 PV1; PID 18.1 is the visit id). */
export const visits = pgTable(
  'visits',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    visitNumber: text('visit_number').notNull(),
    patientClass: text('patient_class'),
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
    dischargedAt: timestamp('discharged_at', { withTimezone: true }),
    adt: jsonb('adt').$type<Record<string, string>>().notNull().default({}),
  },
  // ADT search by visit number; the structure is the patient's, checked through patient_id.
  (t) => [index('visits_patient_idx').on(t.patientId), index('visits_number_idx').on(t.visitNumber)],
);

/** An order (HL7 ORC/OBR) of a visit. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => visits.id),
    orderNumber: text('order_number').notNull(),
    description: text('description').notNull(),
    orderedAt: timestamp('ordered_at', { withTimezone: true }),
    adt: jsonb('adt').$type<Record<string, string>>().notNull().default({}),
    /** Its physician-type values (the ordering physician at OBR.16), physician ids by "SEG.field". */
    physicians: jsonb('physicians').$type<Record<string, number>>().notNull().default({}),
  },
  // ADT search by order number; the structure is the visit's patient's.
  (t) => [index('orders_visit_idx').on(t.visitId), index('orders_number_idx').on(t.orderNumber)],
);
