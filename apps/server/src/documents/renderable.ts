import { DOCUMENT_DATE_FORMATS, formatJobDate, formatJobDateTime, message } from '@quill/core';
import type { CdaDocument, CdaHeader, CdaSection } from './cda/readCda.js';

/** What the job row says about its document: printed in the header, ahead of what the CDA says. */
export interface DocumentFacts {
  jobId: number;
  patientName: string | null;
  mrn: string | null;
  /** ISO date (YYYY-MM-DD). */
  dateOfBirth: string | null;
  dictator: string | null;
  dictatedAt: Date | null;
  signedAt: Date | null;
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
  fields: HeaderField[];
  sections: CdaSection[];
  /** Short line repeated on every page after the first (patient and job). */
  runningHead: string | null;
}

/** An ISO date (YYYY-MM-DD…) as MM/DD/YYYY, never moved by a zone; other text as it is. */
export function formatIsoDate(iso: string | null): string | null {
  return formatJobDate(iso, DOCUMENT_DATE_FORMATS) || iso;
}

/** A moment as MM/DD/YYYY HH:mm in the facility's time zone, labelled with the zone (rules/jobTime). */
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

/** The header fields of a CDA job: the job's facts first, the CDA header where the job is silent. */
export function headerFields(facts: DocumentFacts, cda: CdaHeader | null): HeaderField[] {
  const fields: HeaderField[] = [];
  const signer = cda?.legalAuthenticator ?? null;
  field(fields, 'documents.render.patient', facts.patientName ?? cda?.patient.name ?? null);
  field(fields, 'documents.render.mrn', facts.mrn ?? cda?.patient.mrn ?? null);
  field(
    fields,
    'documents.render.dateOfBirth',
    formatIsoDate(facts.dateOfBirth) ?? formatHl7Time(cda?.patient.birthTime ?? null),
  );
  field(fields, 'documents.render.dictator', facts.dictator ?? cda?.author?.name ?? null);
  field(
    fields,
    'documents.render.dictated',
    formatMoment(facts.dictatedAt, facts.timeZone) ?? formatHl7Time(cda?.author?.time ?? null),
  );
  if (facts.signatureVoided)
    field(fields, 'documents.render.signature', message('documents.render.resignPending'));
  else {
    field(
      fields,
      'documents.render.signed',
      formatMoment(facts.signedAt, facts.timeZone) ?? formatHl7Time(signer?.time ?? null),
    );
    const dictator = facts.dictator ?? cda?.author?.name ?? null;
    if (signer?.name && signer.name !== dictator) field(fields, 'documents.render.signedBy', signer.name);
  }
  field(
    fields,
    'documents.render.dateOfService',
    formatIsoDate(facts.dateOfService) ?? formatHl7Time(cda?.encounter?.start ?? null),
  );
  field(fields, 'documents.render.workType', facts.workType ?? cda?.documentType ?? null);
  field(fields, 'documents.render.facility', facts.facility ?? cda?.custodian ?? null);
  field(fields, 'documents.render.job', String(facts.jobId));
  return fields;
}

/** The running head of every page after the first. */
export function runningHead(facts: DocumentFacts, patient: string | null): string {
  return message('documents.render.runningHead', {
    patient: facts.patientName ?? patient ?? '',
    jobId: facts.jobId,
  }).replace(/^ · /, '');
}

/** A CDA document with the job's facts, ready for the PDF or RTF writer. */
export function cdaRenderable(cda: CdaDocument, facts: DocumentFacts): RenderableDocument {
  return {
    title: cda.header.title ?? facts.workType ?? message('documents.render.untitled'),
    fields: headerFields(facts, cda.header),
    sections: cda.sections,
    runningHead: runningHead(facts, cda.header.patient.name),
  };
}
