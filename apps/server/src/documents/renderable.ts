import {
  DOCUMENT_DATE_FORMATS,
  type DocumentPatient,
  formatJobDate,
  formatJobDateTime,
  identityDate,
  identityDifferences,
  identitySex,
  type JobPatientIdentity,
  type MessageKey,
  message,
} from '@quill/core';
import { noteBlock } from './cda/nonXmlBody.js';
import type { CdaDocument, CdaHeader, CdaSection } from './cda/readCda.js';

/** What the job row says about its document: printed in the header, apart from what the CDA says. */
export interface DocumentFacts {
  jobId: number;
  patientName: string | null;
  mrn: string | null;
  /** ISO date (YYYY-MM-DD). */
  dateOfBirth: string | null;
  dictator: string | null;
  dictatedAt: Date | null;
  /** When the job was signed in Quill (its own signature record): the only signature printed. */
  signedAt: Date | null;
  /**
   * Who signed the job in Quill, when a signature record names them (none does yet: a job records
   * only when it was signed); the CDA's legal authenticator is never printed as the signer.
   */
  signedBy?: string | null;
  /**
   * The job's patient in parts, to compare with the document's (core identityDifferences); when
   * absent, `patientName` ("Last, First") and `mrn` / `dateOfBirth` are compared.
   */
  patientIdentity?: JobPatientIdentity | null;
  /**
   * The job must be signed again (force re-sign, e.g. its text was edited after signing, issue 39):
   * no signature is printed — neither the job's signed date nor the CDA's legal authenticator.
   */
  signatureVoided: boolean;
  /** ISO date (YYYY-MM-DD). */
  dateOfService: string | null;
  workType: string | null;
  facility: string | null;
  /** IANA zone the facility's times are shown in. */
  timeZone: string;
}

/** One label/value line of the document header. */
export interface HeaderField {
  label: string;
  value: string;
}

/** What the PDF and RTF writers print: a title, header fields, sections, and a running head. */
export interface RenderableDocument {
  title: string | null;
  /** The job's facts. */
  fields: HeaderField[];
  /** What the document's own header says, printed under its heading after the job's facts. */
  documentFields?: { heading: string; fields: HeaderField[] };
  /** Warnings printed in bold above the header fields (the document names another patient). */
  notices?: string[];
  sections: CdaSection[];
  /** Short line repeated on every page after the first (patient and job). */
  runningHead: string | null;
}

/** An ISO date (YYYY-MM-DD…) as MM/DD/YYYY, never moved by a zone; other text as it is. */
export function formatIsoDate(iso: string | null): string | null {
  return formatJobDate(iso, DOCUMENT_DATE_FORMATS) || iso;
}

/** A moment as MM/DD/YYYY HH:mm in the facility's time zone, labelled with the zone (rules/time/jobTime). */
export function formatMoment(at: Date | null, timeZone: string): string | null {
  return at ? formatJobDateTime(at, timeZone, DOCUMENT_DATE_FORMATS, { zoneLabel: true }) : null;
}

/**
 * An HL7 TS value as written (`20130801223615-0800`, `20050501`) as MM/DD/YYYY [HH:mm]; its own
 * offset is kept, not converted. Unreadable values come back as they are.
 */
export function formatHl7Time(ts: string | null): string | null {
  if (!ts) return null;
  const m = /^(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?/.exec(ts);
  if (!m) return ts;
  const [, y, mo, d, h, mi] = m;
  if (!mo) return y!;
  if (!d) return `${mo}/${y}`;
  const date = `${mo}/${d}/${y}`;
  return h ? `${date} ${h}:${mi ?? '00'}` : date;
}

function field(fields: HeaderField[], key: Parameters<typeof message>[0], value: string | null) {
  if (value?.trim()) fields.push({ label: message(key), value: value.trim() });
}

/**
 * The header fields of a job: the job's facts only (issue 40: what the document itself says is
 * printed apart, labelled as the document's — documentHeaderFields). A signature is printed only
 * from Quill's own record of it: the job's signed date (and signer, when one is recorded), never
 * the document's legal authenticator.
 */
export function headerFields(facts: DocumentFacts): HeaderField[] {
  const fields: HeaderField[] = [];
  field(fields, 'documents.render.patient', facts.patientName);
  field(fields, 'documents.render.mrn', facts.mrn);
  field(fields, 'documents.render.dateOfBirth', formatIsoDate(facts.dateOfBirth));
  field(fields, 'documents.render.dictator', facts.dictator);
  field(fields, 'documents.render.dictated', formatMoment(facts.dictatedAt, facts.timeZone));
  if (facts.signatureVoided)
    field(fields, 'documents.render.signature', message('documents.render.resignPending'));
  else if (facts.signedAt) {
    field(fields, 'documents.render.signed', formatMoment(facts.signedAt, facts.timeZone));
    field(fields, 'documents.render.signedBy', facts.signedBy ?? null);
  }
  field(fields, 'documents.render.dateOfService', formatIsoDate(facts.dateOfService));
  field(fields, 'documents.render.workType', facts.workType);
  field(fields, 'documents.render.facility', facts.facility);
  field(fields, 'documents.render.job', String(facts.jobId));
  return fields;
}

const fromDocument = (key: string) => message(`documents.render.fromDocument.${key}` as MessageKey);

function docField(fields: HeaderField[], key: string, value: string | null | undefined) {
  if (value?.trim()) fields.push({ label: fromDocument(key), value: value.trim() });
}

/** An HL7 time span as "from – to" (one date when both are the same or there is no end). */
function span(start: string | null, end: string | null): string | null {
  const from = formatHl7Time(start);
  const to = formatHl7Time(end);
  if (!from) return to;
  return to && to !== from ? `${from} – ${to}` : from;
}

/**
 * What the CDA's own header says, as the document states it (issue 40): its patient (name, MRN,
 * birth date, sex), author, encounter and its location, custodian and legal authenticator. Printed
 * under the heading "From the document", beside the job's facts, never in their place.
 */
export function documentHeaderFields(cda: CdaHeader): HeaderField[] {
  const fields: HeaderField[] = [];
  docField(fields, 'patient', cda.patient.name);
  docField(fields, 'mrn', cda.patient.mrn);
  docField(fields, 'dateOfBirth', formatHl7Time(cda.patient.birthTime));
  docField(fields, 'sex', cda.patient.gender);
  docField(fields, 'author', cda.author?.name);
  docField(fields, 'authored', formatHl7Time(cda.author?.time ?? null));
  docField(fields, 'legalAuthenticator', cda.legalAuthenticator?.name);
  docField(fields, 'authenticated', formatHl7Time(cda.legalAuthenticator?.time ?? null));
  docField(fields, 'encounter', span(cda.encounter?.start ?? null, cda.encounter?.end ?? null));
  docField(fields, 'location', cda.encounter?.location);
  docField(fields, 'custodian', cda.custodian);
  return fields;
}

/** The job's patient as the identity rules compare it: its structured parts, else its "Last, First" name. */
function jobIdentity(facts: DocumentFacts): JobPatientIdentity {
  if (facts.patientIdentity) return facts.patientIdentity;
  const [last, ...given] = (facts.patientName ?? '').split(',');
  return {
    lastName: last?.trim() || null,
    firstName: given.join(',').trim() || null,
    middleName: null,
    mrn: facts.mrn,
    birthDate: facts.dateOfBirth,
    sex: null,
  };
}

/**
 * A warning printed above the header when the document's patient (its recordTarget) and the
 * job's patient differ (core identityDifferences: name, MRN, birth date or sex); null when they
 * agree or cannot be compared.
 */
export function patientNotice(facts: DocumentFacts, cda: CdaHeader): string | null {
  const document: DocumentPatient = {
    name: cda.patient.name,
    mrn: cda.patient.mrn,
    birthDate: identityDate(cda.patient.birthTime),
    sex: identitySex(cda.patient.gender),
  };
  const parts = identityDifferences(document, jobIdentity(facts));
  if (!parts.length) return null;
  const words = parts.map((p) => message(`documents.render.fromDocument.parts.${p}`));
  const last = words.pop()!;
  const list = words.length
    ? `${words.join(', ')} ${message('documents.render.fromDocument.and')} ${last}`
    : last;
  return message('documents.render.fromDocument.patientDiffers', { parts: list });
}

/** The running head of every page after the first. */
export function runningHead(facts: DocumentFacts, patient: string | null): string {
  return message('documents.render.runningHead', {
    patient: facts.patientName ?? patient ?? '',
    jobId: facts.jobId,
  }).replace(/^ · /, '');
}

/**
 * A CDA document with the job's facts, ready for the PDF or RTF writer: the job's facts, then the
 * document's own header labelled as the document's. `bodyNote` replaces what a non-XML body shows
 * (the PDF writer says whether an embedded PDF's pages follow).
 */
export function cdaRenderable(
  cda: CdaDocument,
  facts: DocumentFacts,
  opts: { bodyNote?: string } = {},
): RenderableDocument {
  const notice = patientNotice(facts, cda.header);
  return {
    title: cda.header.title ?? facts.workType ?? message('documents.render.untitled'),
    fields: headerFields(facts),
    documentFields: {
      heading: message('documents.render.fromDocument.heading'),
      fields: documentHeaderFields(cda.header),
    },
    notices: notice ? [notice] : [],
    sections:
      opts.bodyNote === undefined
        ? cda.sections
        : [{ title: '', code: null, blocks: [noteBlock(opts.bodyNote)], sections: [] }],
    runningHead: runningHead(facts, cda.header.patient.name),
  };
}
