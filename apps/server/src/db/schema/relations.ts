import { relations } from 'drizzle-orm';
import { audioFiles, documentVersions, jobFlags, jobNotes, jobs, recipients } from './jobs.js';
import {
  clientFacilities,
  corporateStructures,
  departments,
  locations,
  serviceCentres,
  workTypes,
} from './organisation.js';
import { patients } from './patients.js';
import { physicians } from './people.js';

/**
 * What a job refers to, for Drizzle's relational queries: the job view's reads fetch a job and all
 * it names in one statement (issue 24) instead of one round trip per table.
 */
export const jobRelations = relations(jobs, ({ one, many }) => ({
  clientFacility: one(clientFacilities, {
    fields: [jobs.clientFacilityId],
    references: [clientFacilities.id],
  }),
  serviceCentre: one(serviceCentres, { fields: [jobs.serviceCentreId], references: [serviceCentres.id] }),
  corporateStructure: one(corporateStructures, {
    fields: [jobs.corporateStructureId],
    references: [corporateStructures.id],
  }),
  dictator: one(physicians, {
    fields: [jobs.dictatorId],
    references: [physicians.id],
    relationName: 'dictator',
  }),
  dictatedFor: one(physicians, {
    fields: [jobs.dictatedForId],
    references: [physicians.id],
    relationName: 'dictatedFor',
  }),
  workType: one(workTypes, { fields: [jobs.workTypeId], references: [workTypes.id] }),
  department: one(departments, { fields: [jobs.departmentId], references: [departments.id] }),
  location: one(locations, { fields: [jobs.locationId], references: [locations.id] }),
  patient: one(patients, { fields: [jobs.patientId], references: [patients.id] }),
  notes: many(jobNotes),
  flags: many(jobFlags),
  recipients: many(recipients),
  documents: many(documentVersions),
  audio: many(audioFiles),
}));

export const documentVersionRelations = relations(documentVersions, ({ one }) => ({
  job: one(jobs, { fields: [documentVersions.jobId], references: [jobs.id] }),
}));

export const audioFileRelations = relations(audioFiles, ({ one }) => ({
  job: one(jobs, { fields: [audioFiles.jobId], references: [jobs.id] }),
}));

export const jobNoteRelations = relations(jobNotes, ({ one }) => ({
  job: one(jobs, { fields: [jobNotes.jobId], references: [jobs.id] }),
}));

export const jobFlagRelations = relations(jobFlags, ({ one }) => ({
  job: one(jobs, { fields: [jobFlags.jobId], references: [jobs.id] }),
}));

export const recipientRelations = relations(recipients, ({ one }) => ({
  job: one(jobs, { fields: [recipients.jobId], references: [jobs.id] }),
  physician: one(physicians, { fields: [recipients.physicianId], references: [physicians.id] }),
}));

export const physicianRelations = relations(physicians, ({ many }) => ({
  dictated: many(jobs, { relationName: 'dictator' }),
  dictatedFor: many(jobs, { relationName: 'dictatedFor' }),
}));
