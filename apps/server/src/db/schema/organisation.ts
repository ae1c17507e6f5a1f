import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A corporate structure: what the user picks on the job list (label `companyNameId`). */
export const corporateStructures = pgTable('corporate_structures', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  companyNameId: text('company_name_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const serviceCentres = pgTable(
  'service_centres',
  {
    id: serial('id').primaryKey(),
    corporateStructureId: integer('corporate_structure_id')
      .notNull()
      .references(() => corporateStructures.id),
    name: text('name').notNull(),
    companyNameId: text('company_name_id').notNull(),
  },
  (t) => [index('service_centres_cs_idx').on(t.corporateStructureId)],
);

/** A hospital, clinic or practice whose jobs are managed. Scoped by its corporate structure. */
export const clientFacilities = pgTable(
  'client_facilities',
  {
    id: serial('id').primaryKey(),
    corporateStructureId: integer('corporate_structure_id')
      .notNull()
      .references(() => corporateStructures.id),
    serviceCentreId: integer('service_centre_id')
      .notNull()
      .references(() => serviceCentres.id),
    name: text('name').notNull(),
    companyNameId: text('company_name_id').notNull(),
    attachmentsEnabled: boolean('attachments_enabled').notNull().default(false),
    /** Fax number printed on cover sheets as the sender. */
    faxNumber: text('fax_number'),
    timeZone: text('time_zone').notNull().default('America/New_York'),
    /** Turnaround target of a STAT job, dictation to finished, in minutes (issue 27). */
    statTargetMinutes: integer('stat_target_minutes').notNull().default(120),
  },
  (t) => [index('client_facilities_cs_idx').on(t.corporateStructureId)],
);

/** Work types belong to a client facility, or to the whole structure when clientFacilityId is null. */
export const workTypes = pgTable(
  'work_types',
  {
    id: serial('id').primaryKey(),
    corporateStructureId: integer('corporate_structure_id')
      .notNull()
      .references(() => corporateStructures.id),
    clientFacilityId: integer('client_facility_id').references(() => clientFacilities.id),
    name: text('name').notNull(),
    number: integer('number').notNull(),
    enableAddressee: boolean('enable_addressee').notNull().default(true),
    minAddressees: integer('min_addressees').notNull().default(0),
    /** Null: no maximum (maxAddresseesSpecified false). */
    maxAddressees: integer('max_addressees'),
    allowPatientAsRecipient: boolean('allow_patient_as_recipient').notNull().default(true),
  },
  (t) => [
    index('work_types_cf_idx').on(t.clientFacilityId),
    index('work_types_cs_idx').on(t.corporateStructureId),
  ],
);

/** One section a new document of a work type starts with (rules/documents/documentTemplates.ts). */
export interface TemplateSectionRow {
  /** LOINC section code, e.g. 10164-2. */
  code: string;
  title: string;
  /** Boilerplate narrative, '' for none; lines are paragraphs. */
  text: string;
}

/**
 * The template a new document of a work type starts from (issue 27): with no facility it serves
 * every facility that sees the work type; a facility's row overrides it there.
 */
export const workTypeTemplates = pgTable(
  'work_type_templates',
  {
    id: serial('id').primaryKey(),
    corporateStructureId: integer('corporate_structure_id')
      .notNull()
      .references(() => corporateStructures.id),
    clientFacilityId: integer('client_facility_id').references(() => clientFacilities.id),
    workTypeId: integer('work_type_id')
      .notNull()
      .references(() => workTypes.id),
    /** LOINC document type code and its display name (the CDA header's code and title). */
    documentCode: text('document_code').notNull(),
    documentTitle: text('document_title').notNull(),
    sections: jsonb('sections').$type<TemplateSectionRow[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('work_type_templates_shared_idx').on(t.workTypeId).where(sql`${t.clientFacilityId} is null`),
    uniqueIndex('work_type_templates_facility_idx')
      .on(t.workTypeId, t.clientFacilityId)
      .where(sql`${t.clientFacilityId} is not null`),
  ],
);

export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    clientFacilityId: integer('client_facility_id')
      .notNull()
      .references(() => clientFacilities.id),
    name: text('name').notNull(),
  },
  (t) => [index('departments_cf_idx').on(t.clientFacilityId)],
);

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    clientFacilityId: integer('client_facility_id')
      .notNull()
      .references(() => clientFacilities.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    auto: boolean('auto').notNull().default(false),
  },
  (t) => [index('locations_cf_idx').on(t.clientFacilityId)],
);

/**
 * A field of ADT data the facility uses, addressed by HL7 segment/field/component (spec 02 §3
 * "ADT data item" and "Heading mapping item"). clientFacilityId null: inherited from the structure.
 */
export const adtDefinitions = pgTable(
  'adt_definitions',
  {
    id: serial('id').primaryKey(),
    corporateStructureId: integer('corporate_structure_id')
      .notNull()
      .references(() => corporateStructures.id),
    clientFacilityId: integer('client_facility_id').references(() => clientFacilities.id),
    columnHeading: text('column_heading').notNull(),
    displayName: text('display_name').notNull(),
    segmentName: text('segment_name').notNull(),
    /** 0: patient (PID), 1: visit (PV1), 2: order (OBR/ORC); see docs/domain.md. */
    segmentType: integer('segment_type').notNull(),
    fieldIndex: integer('field_index').notNull(),
    componentIndex: integer('component_index').notNull(),
    /** Spec 02 §3 ADT data types: xsdateTime 0 … xsboolean 6. */
    dataType: integer('data_type').notNull(),
    isDateTime: boolean('is_date_time').notNull().default(false),
    ordinal: integer('ordinal').notNull().default(0),
    mandatory: boolean('mandatory').notNull().default(false),
    readOnly: boolean('read_only').notNull().default(false),
    /**
     * A physician-type item (spec 02 §3 "hl7IdentifierBase with a physician") at segment.field; by
     * convention its component is 1, the XCN's ID number. Left out of the upload's headings.
     */
    isPhysician: boolean('is_physician').notNull().default(false),
    /** Recomputed when the dictator, dictated-for, department, location or work type changes. */
    refreshOnEdit: boolean('refresh_on_edit').notNull().default(false),
    highlighted: boolean('highlighted').notNull().default(false),
    /** Physician-type items: whose physician a refresh puts in ('dictator' | 'dictatedFor'); null: by hand. */
    follows: text('follows').$type<'dictator' | 'dictatedFor'>(),
    /** Order items: a column of the Orders panel's summary table (spec 02 §3 "Order summary"). */
    inOrderSummary: boolean('in_order_summary').notNull().default(false),
  },
  (t) => [index('adt_definitions_cf_idx').on(t.clientFacilityId)],
);

/** Spec 02 §3 "ADT search configuration": which searches a facility offers, with their fields. */
export const adtSearchConfigurations = pgTable('adt_search_configurations', {
  id: serial('id').primaryKey(),
  clientFacilityId: integer('client_facility_id')
    .notNull()
    .references(() => clientFacilities.id),
  name: text('name').notNull(),
  identifier: text('identifier').notNull(),
  /** [{name, type, hl7Identifier:{segment,field,component}, source}] */
  searchFields: jsonb('search_fields').notNull(),
});
