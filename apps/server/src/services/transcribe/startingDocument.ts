import { randomUUID } from 'node:crypto';
import { catalogueDocument, catalogueSection, type DocumentTemplate, splitDictation } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  clientFacilities,
  type jobs,
  locations,
  patients,
  physicians,
  visits,
} from '../../db/schema/index.js';
import { buildCda, type CdaInput, type CdaSection, type Inline } from '../../documents/cda/build/buildCda.js';
import { textValues } from '../adt/jobAdtValues.js';
import { patientValues, visitValues } from '../adt/recordValues.js';
import { resolveTemplate } from './resolveTemplate.js';

type Job = typeof jobs.$inferSelect;

/** PID 8.1 as the CDA's administrative gender (HL7 F, M, U); anything else is not known. */
function gender(sex: string | undefined): 'F' | 'M' | 'U' | null {
  const s = sex?.trim().toUpperCase();
  return s === 'F' || s === 'M' || s === 'U' ? s : null;
}

/** YYYY-MM-DD of PID 7.1 (xsdate), or null when it is not one. */
const isoDate = (value: string | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

/** The template's sections; a section's boilerplate lines and the recognizer's paragraphs as narrative. */
function sectionsOf(template: DocumentTemplate, recognized: string | null): CdaSection[] {
  const spoken = recognized
    ? splitDictation(
        recognized,
        template.sections.map((s) => s.title),
      )
    : new Map();
  return template.sections.map((s, i) => {
    const known = catalogueSection(s.code);
    const boilerplate: Inline[][] = s.text
      .split(/\r?\n/)
      .filter((line) => line.trim())
      .map((line) => [line]);
    const heard: Inline[][] = (spoken.get(i) ?? []).map((p: string) => [{ recognized: p }]);
    return {
      templateId: known?.templateId,
      templateExtension: known?.extension,
      code: s.code,
      displayName: known?.displayName ?? s.title,
      title: s.title,
      blocks: [...boilerplate, ...heard].map((parts) => ({ kind: 'paragraph' as const, parts })),
    };
  });
}

/**
 * The C-CDA document a transcription of the job starts from (issue 27): the work type's template
 * (resolveTemplate) under a US Realm header made from the job — the patient from its ADT values
 * (over the linked patient's record), the encounter from its visit, the dictator as author, the
 * facility as custodian, no legal authenticator (it is added when the document is signed), the
 * dictation time as effective time. `recognized`: a speech recognizer's text, split into the
 * sections it names and marked as recognized.
 */
export async function buildStartingDocument(db: Db, job: Job, recognized: string | null) {
  const [facility] = await db
    .select()
    .from(clientFacilities)
    .where(eq(clientFacilities.id, job.clientFacilityId));
  const [patient] = job.patientId
    ? await db.select().from(patients).where(eq(patients.id, job.patientId))
    : [];
  const [visit] = job.visitId ? await db.select().from(visits).where(eq(visits.id, job.visitId)) : [];
  const [dictator] = job.dictatorId
    ? await db.select().from(physicians).where(eq(physicians.id, job.dictatorId))
    : [];
  const [location] = job.locationId
    ? await db.select({ name: locations.name }).from(locations).where(eq(locations.id, job.locationId))
    : [];
  const template = await resolveTemplate(db, {
    workTypeId: job.workTypeId,
    clientFacilityId: job.clientFacilityId,
  });
  const timeZone = facility!.timeZone;
  const values: Record<string, string> = {
    ...(patient ? patientValues(patient) : {}),
    ...(visit ? visitValues(visit, timeZone) : {}),
    ...textValues(job.adt),
  };
  const effectiveTime = (job.dictatedAt ?? new Date()).getTime();
  const input: CdaInput = {
    id: randomUUID(),
    docTemplateId: catalogueDocument(template.documentCode)?.templateId,
    loinc: template.documentCode,
    loincDisplay: catalogueDocument(template.documentCode)?.loincDisplay ?? template.documentTitle,
    title: template.documentTitle,
    effectiveTime,
    patient: {
      mrn: values['PID.3.1'] ?? '',
      family: values['PID.5.1'] ?? '',
      given: [values['PID.5.2'], values['PID.5.3']].filter((n): n is string => !!n),
      gender: gender(values['PID.8.1']),
      birthDate: isoDate(values['PID.7.1']),
    },
    author: dictator
      ? {
          id: dictator.accessCode ?? String(dictator.id),
          prefix: dictator.prefix,
          given: [dictator.firstName, dictator.middleInitial].filter((n): n is string => !!n),
          family: dictator.lastName,
          suffix: dictator.suffix,
          credentials: dictator.credentials,
        }
      : null,
    custodian: { id: String(facility!.id), name: facility!.name },
    encounter: values['PID.18.1']
      ? {
          id: values['PID.18.1'],
          start: (visit?.admittedAt ?? job.dictatedAt ?? new Date()).getTime(),
          end: visit?.dischargedAt?.getTime() ?? null,
          location: location?.name ?? facility!.name,
        }
      : undefined,
    sections: sectionsOf(template, recognized),
  };
  return { xml: buildCda(input), template };
}
