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
  zoneAbbreviation,
} from '@quill/core';
import { noteBlock } from './cda/nonXmlBody.js';
import type { CdaDocument, CdaHeader, CdaSection } from './cda/readCda.js';

/** One of Quill's signatures of the document (table `signatures`), as printed. */
export interface SignatureRecord {
  meaning: 'author' | 'co-signer';
  /** The physician's signature block when set, else "Prefix First Last, Credentials". */
  name: string;
  signedAt: Date;
}

/** What an addendum's mark says: when it was made, by whom, and why. */
export interface AddendumFacts {
  createdAt: Date;
  author: string | null;
  reason: string | null;
}

/** What the job row says about its document: printed in the header, apart from what the CDA says. */
export interface DocumentFacts {
  jobId: number;
  patientName: string | null;
  mrn: string | null;
  /** ISO date (YYYY-MM-DD). */
  dateOfBirth: string | null;
  dictator: string | null;
  dictatedAt: Date | null;
  /**
   * Quill's live signature records of the job's current document version (issue 43), the author's
   * first: the only signatures printed (never the CDA's legal authenticator). Empty: unsigned.
   */
  signatures: SignatureRecord[];
  /**
   * The job's patient in parts, to compare with the document's (core identityDifferences); when
   * absent, `patientName` ("Last, First") and `mrn` / `dateOfBirth` are compared.
   */
  patientIdentity?: JobPatientIdentity | null;
  /**
   * The job must be signed again (force re-sign, e.g. its text was edited after signing, issue 39):
   * no signature is printed — neither Quill's records nor the CDA's legal authenticator.
   */
  signatureVoided: boolean;
  /** False when the job's work type is distributed without a signature: no "Unsigned draft" mark. */
  requiresSignature?: boolean;
  /** A preliminary copy sent before signing (pre-sign distribution): marked "Preliminary — not signed". */
  preliminary?: boolean;
  /** The current version is an addendum (issue 43): printed "Addendum — date, author, reason" above the text. */
  addendum?: AddendumFacts | null;
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
  /** The document's state printed in bold above its title: "Unsigned draft", "Preliminary — not signed". */
  marks?: string[];
  /** Printed in bold above the document's text: "Addendum — date, author, reason". */
  addendum?: string | null;
  /** Quill's signature lines, printed after the text ("Electronically signed by …"). */
  signatureLines?: string[];
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
 * printed apart, labelled as the document's — documentHeaderFields). Signatures are printed from
 * Quill's own records after the text (signatureLines), never from the document's legal
 * authenticator; a signature voided by an edit says so here.
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
  field(fields, 'documents.render.dateOfService', formatIsoDate(facts.dateOfService));
  field(fields, 'documents.render.workType', facts.workType);
  field(fields, 'documents.render.facility', facts.facility);
  field(fields, 'documents.render.job', String(facts.jobId));
  return fields;
}

/** Whether the document carries a live author signature of Quill's (and no re-sign is pending). */
export function isSigned(facts: DocumentFacts): boolean {
  return !facts.signatureVoided && facts.signatures.some((s) => s.meaning === 'author');
}

/** A moment in the facility's zone, and the zone's abbreviation then (core rules/time). */
function momentParts(at: Date, timeZone: string): { at: string; zone: string } {
  return {
    at: formatJobDateTime(at, timeZone, DOCUMENT_DATE_FORMATS),
    zone: zoneAbbreviation(at.getTime(), timeZone),
  };
}

/**
 * "Electronically signed by Name, Credentials on 03/04/2026 09:30 (CST)" for the author's signature
 * and "… co-signed …" for each co-signature, in the facility's zone; none while a re-sign is pending.
 */
export function signatureLines(facts: DocumentFacts): string[] {
  if (facts.signatureVoided) return [];
  return facts.signatures.map((s) =>
    message(s.meaning === 'author' ? 'documents.render.signedLine' : 'documents.render.coSignedLine', {
      name: s.name,
      ...momentParts(s.signedAt, facts.timeZone),
    }),
  );
}

/**
 * The state printed above the title: "Preliminary — not signed" on a preliminary copy,
 * "Unsigned draft" on any other unsigned document whose work type needs a signature; nothing once
 * the author has signed.
 */
export function documentMarks(facts: DocumentFacts): string[] {
  if (isSigned(facts)) return [];
  if (facts.preliminary) return [message('documents.render.preliminary')];
  return facts.requiresSignature === false ? [] : [message('documents.render.unsignedDraft')];
}

/** "Addendum — 03/04/2026 09:30 CST, Dr. Ann Smith, reason" for an addendum version, else null. */
export function addendumMark(facts: DocumentFacts): string | null {
  const a = facts.addendum;
  if (!a) return null;
  const at = formatMoment(a.createdAt, facts.timeZone)!;
  const author = a.author?.trim() || message('documents.render.unknownAuthor');
  const reason = a.reason?.trim();
  return reason
    ? message('documents.render.addendum', { at, author, reason })
    : message('documents.render.addendumNoReason', { at, author });
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

/** What a rendering prints of the signatures and the document's state (issue 43). */
export function signatureParts(
  facts: DocumentFacts,
): Pick<RenderableDocument, 'marks' | 'addendum' | 'signatureLines'> {
  return {
    marks: documentMarks(facts),
    addendum: addendumMark(facts),
    signatureLines: signatureLines(facts),
  };
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
    ...signatureParts(facts),
    sections:
      opts.bodyNote === undefined
        ? cda.sections
        : [{ title: '', code: null, blocks: [noteBlock(opts.bodyNote)], sections: [] }],
    runningHead: runningHead(facts, cda.header.patient.name),
  };
}
