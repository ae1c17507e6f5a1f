import type { patients } from '../../db/schema/index.js';
import { LOINC, noteTypeOf } from './noteTypes.js';

/**
 * Quill's records as FHIR R4 resources (issue 44): pure mappings, no database. Identifier systems
 * are Quill's own URNs, one per corporate structure (an MRN is unique within its structure only).
 */
export const mrnSystem = (structureId: number) => `urn:quill:mrn:${structureId}`;
export const visitNumberSystem = (structureId: number) => `urn:quill:visit-number:${structureId}`;

/** The structure an identifier system names (null: not one of Quill's, for `kind`). */
export function structureOfSystem(system: string, kind: 'mrn' | 'visit-number'): number | null {
  const m = new RegExp(`^urn:quill:${kind}:(\\d{1,9})$`).exec(system);
  return m ? Number(m[1]) : null;
}

const V2_0203 = 'http://terminology.hl7.org/CodeSystem/v2-0203';
const GENDER: Record<string, string> = { M: 'male', F: 'female', O: 'other', U: 'unknown' };

const instant = (d: Date) => d.toISOString();

export type PatientRow = Pick<
  typeof patients.$inferSelect,
  'id' | 'corporateStructureId' | 'mrn' | 'lastName' | 'firstName' | 'middleName' | 'dateOfBirth' | 'sex'
>;

/** A patient record as a FHIR Patient (US Core's MRN identifier, name, birth date, gender). */
export function patientResource(p: PatientRow) {
  const gender = p.sex ? GENDER[p.sex.trim().toUpperCase().slice(0, 1)] : undefined;
  const given = [p.firstName, p.middleName].filter((n): n is string => !!n?.trim());
  return {
    resourceType: 'Patient' as const,
    id: String(p.id),
    identifier: [
      {
        use: 'usual' as const,
        type: { coding: [{ system: V2_0203, code: 'MR', display: 'Medical record number' }] },
        system: mrnSystem(p.corporateStructureId),
        value: p.mrn,
      },
    ],
    name: [{ use: 'official' as const, family: p.lastName, ...(given.length ? { given } : {}) }],
    ...(gender ? { gender } : {}),
    ...(p.dateOfBirth ? { birthDate: p.dateOfBirth } : {}),
  };
}

export interface EncounterRow {
  id: number;
  patientId: number;
  corporateStructureId: number;
  visitNumber: string;
  patientClass: string | null;
  admittedAt: Date | null;
  dischargedAt: Date | null;
}

/** A visit as a FHIR Encounter: its visit number, the patient class (HL7 v2 table 0004) and its period. */
export function encounterResource(v: EncounterRow) {
  const status = v.dischargedAt ? 'finished' : v.admittedAt ? 'in-progress' : 'unknown';
  const period = {
    ...(v.admittedAt ? { start: instant(v.admittedAt) } : {}),
    ...(v.dischargedAt ? { end: instant(v.dischargedAt) } : {}),
  };
  return {
    resourceType: 'Encounter' as const,
    id: String(v.id),
    identifier: [
      {
        type: { coding: [{ system: V2_0203, code: 'VN', display: 'Visit number' }] },
        system: visitNumberSystem(v.corporateStructureId),
        value: v.visitNumber,
      },
    ],
    status,
    class: {
      system: 'http://terminology.hl7.org/CodeSystem/v2-0004',
      code: v.patientClass?.trim() || 'U',
    },
    subject: { reference: `Patient/${v.patientId}` },
    ...(Object.keys(period).length ? { period } : {}),
  };
}

/** A signature of a document version, as the DocumentReference names its signers. */
export interface SignerRow {
  documentVersionId: number;
  meaning: string;
  name: string;
}

export interface DocumentRow {
  id: number;
  jobId: number;
  version: number;
  format: string;
  createdAt: Date;
  isCurrent: boolean;
  addendumOfId: number | null;
  previousId: number | null;
  patientId: number | null;
  visitId: number | null;
  workType: string | null;
  dictator: string | null;
  facility: string | null;
}

/** The CDA's media type in a Binary and a DocumentReference attachment. */
export const CDA_CONTENT_TYPE = 'application/hl7-cda+xml';

/** The Binary ids of a document version's renderings. */
export const pdfBinaryId = (versionId: number) => `pdf-${versionId}`;
export const cdaBinaryId = (versionId: number) => `cda-${versionId}`;

/**
 * One document version as a US Core DocumentReference: current or superseded, final when its
 * author signed it, its signers, and its PDF (and CDA) as Binary attachments. An addendum
 * `appends` to the version it amends; a later version of the text `replaces` the one before.
 */
export function documentReferenceResource(d: DocumentRow, signers: readonly SignerRow[]) {
  const type = noteTypeOf(d.workType);
  const author = signers.find((s) => s.meaning === 'author');
  const relatesTo =
    d.addendumOfId !== null
      ? [{ code: 'appends' as const, target: { reference: `DocumentReference/${d.addendumOfId}` } }]
      : d.previousId !== null
        ? [{ code: 'replaces' as const, target: { reference: `DocumentReference/${d.previousId}` } }]
        : [];
  const attachment = (contentType: string, binaryId: string, title: string) => ({
    attachment: { contentType, url: `Binary/${binaryId}`, title },
  });
  const format = 'urn:ihe:iti:xds:2017:mimeTypeSufficient';
  return {
    resourceType: 'DocumentReference' as const,
    id: String(d.id),
    identifier: [{ system: 'urn:quill:document-version', value: `${d.jobId}-${d.version}` }],
    status: d.isCurrent ? ('current' as const) : ('superseded' as const),
    docStatus: author ? ('final' as const) : ('preliminary' as const),
    type: {
      coding: [{ system: LOINC, code: type.code, display: type.display }],
      text: d.workType ?? type.display,
    },
    category: [
      {
        coding: [
          {
            system: 'http://hl7.org/fhir/us/core/CodeSystem/us-core-documentreference-category',
            code: 'clinical-note',
            display: 'Clinical Note',
          },
        ],
      },
    ],
    ...(d.patientId !== null ? { subject: { reference: `Patient/${d.patientId}` } } : {}),
    date: instant(d.createdAt),
    ...(d.dictator ? { author: [{ display: d.dictator }] } : {}),
    ...(author ? { authenticator: { display: author.name } } : {}),
    ...(d.facility ? { custodian: { display: d.facility } } : {}),
    ...(relatesTo.length ? { relatesTo } : {}),
    content: [
      {
        ...attachment('application/pdf', pdfBinaryId(d.id), `Job ${d.jobId} version ${d.version} (PDF)`),
        format: { system: 'http://ihe.net/fhir/ihe.formatcode.fhir/CodeSystem/formatcode', code: format },
      },
      ...(d.format === 'CDA'
        ? [
            {
              ...attachment(
                'application/hl7-cda+xml',
                cdaBinaryId(d.id),
                `Job ${d.jobId} version ${d.version} (CDA)`,
              ),
              format: {
                system: 'http://ihe.net/fhir/ihe.formatcode.fhir/CodeSystem/formatcode',
                code: 'urn:hl7-org:sdwg:ccda-structuredBody:2.1',
              },
            },
          ]
        : []),
    ],
    ...(d.visitId !== null ? { context: { encounter: [{ reference: `Encounter/${d.visitId}` }] } } : {}),
  };
}

/** A searchset Bundle of one page, with its self, previous and next links. */
export function searchBundle(
  base: string,
  page: { self: string; previous: string | null; next: string | null },
  resources: readonly { resourceType: string; id: string }[],
) {
  const link = [
    { relation: 'self', url: page.self },
    ...(page.previous ? [{ relation: 'previous', url: page.previous }] : []),
    ...(page.next ? [{ relation: 'next', url: page.next }] : []),
  ];
  return {
    resourceType: 'Bundle' as const,
    type: 'searchset' as const,
    link,
    entry: resources.map((resource) => ({
      fullUrl: `${base}/${resource.resourceType}/${resource.id}`,
      resource,
      search: { mode: 'match' as const },
    })),
  };
}
