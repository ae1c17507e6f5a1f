import { message } from '@quill/core';
import { describe, expect, it } from 'vitest';
import { documentFacts } from '../testing/documents/documentFacts.js';
import { headerDocument, structuredBody } from '../testing/documents/headerDocuments.js';
import { readCda } from './cda/readCda.js';
import { cdaRenderable, type HeaderField } from './renderable.js';

const cda = readCda(headerDocument(structuredBody('Stable.')));
const jobFacts = documentFacts({
  jobId: 812,
  patientName: 'Quennell, Myra',
  mrn: 'DOC-4471',
  dateOfBirth: '1947-03-12',
  dictator: 'Dr. Odile Brannigan',
  timeZone: 'America/New_York',
});
const label = (key: string) => message(`documents.render.${key}` as Parameters<typeof message>[0]);
const fieldValue = (fields: HeaderField[], key: string) => fields.find((f) => f.label === label(key))?.value;

describe('cdaRenderable: the job facts and the document header', () => {
  it('prints the document header apart from the job facts, under its heading, as the document states it', () => {
    const doc = cdaRenderable(cda, jobFacts);
    expect(doc.documentFields?.heading).toBe(message('documents.render.fromDocument.heading'));
    expect(doc.documentFields?.fields).toEqual([
      { label: label('fromDocument.patient'), value: 'Myra Quennell' },
      { label: label('fromDocument.mrn'), value: 'DOC-4471' },
      { label: label('fromDocument.dateOfBirth'), value: '03/12/1947' },
      { label: label('fromDocument.sex'), value: 'F' },
      { label: label('fromDocument.author'), value: 'Dr. Odile Brannigan' },
      { label: label('fromDocument.authored'), value: '01/15/2024 09:15' },
      { label: label('fromDocument.legalAuthenticator'), value: 'Dr. Lucan Ferrow' },
      { label: label('fromDocument.authenticated'), value: '01/16/2024 12:00' },
      { label: label('fromDocument.encounter'), value: '01/14/2024 – 01/15/2024' },
      { label: label('fromDocument.location'), value: 'Tidewater Clinic East' },
      { label: label('fromDocument.custodian'), value: 'Harbourside Records Office' },
    ]);
    expect(doc.notices).toEqual([]);
  });

  it('fills no job fact from the document: a job without a patient prints none of its own', () => {
    const doc = cdaRenderable(cda, documentFacts({ jobId: 5 }));
    expect(doc.fields).toEqual([{ label: label('job'), value: '5' }]);
    expect(fieldValue(doc.documentFields!.fields, 'fromDocument.patient')).toBe('Myra Quennell');
  });

  it('prints no signature on an unsigned job, whatever the document’s legal authenticator says', () => {
    const doc = cdaRenderable(cda, jobFacts);
    expect(fieldValue(doc.fields, 'signature')).toBeUndefined();
    expect(doc.signatureLines).toEqual([]);
    expect(doc.marks).toEqual([message('documents.render.unsignedDraft')]);
    const all = [...doc.fields, ...doc.documentFields!.fields];
    expect(all.filter((f) => /signed/i.test(f.label))).toEqual([]);
    expect(all.filter((f) => f.value.includes('Ferrow')).map((f) => f.label)).toEqual([
      label('fromDocument.legalAuthenticator'),
    ]);
  });

  const author = {
    meaning: 'author' as const,
    name: 'Dr. Odile Brannigan, MD',
    signedAt: new Date('2024-02-01T15:04:00Z'),
  };
  const coSigner = {
    meaning: 'co-signer' as const,
    name: 'Lucan Ferrow MD, Attending',
    signedAt: new Date('2024-07-01T03:30:00Z'),
  };

  it('prints Quill’s signature records in the facility’s zone, the author’s and each co-signature, and no draft mark', () => {
    const signed = cdaRenderable(cda, { ...jobFacts, signatures: [author, coSigner] });
    expect(signed.signatureLines).toEqual([
      'Electronically signed by Dr. Odile Brannigan, MD on 02/01/2024 10:04 (EST)',
      'Electronically co-signed by Lucan Ferrow MD, Attending on 06/30/2024 23:30 (EDT)',
    ]);
    expect(signed.marks).toEqual([]);
    expect(fieldValue(signed.fields, 'signature')).toBeUndefined();
  });

  it('prints no signature and the draft mark once an edit voided it (force re-sign)', () => {
    const voided = cdaRenderable(cda, { ...jobFacts, signatures: [author], signatureVoided: true });
    expect(voided.signatureLines).toEqual([]);
    expect(fieldValue(voided.fields, 'signature')).toBe(message('documents.render.resignPending'));
    expect(voided.marks).toEqual([message('documents.render.unsignedDraft')]);
  });

  it('marks a co-signed-only or unsigned preliminary copy, and no mark where the work type needs no signature', () => {
    expect(cdaRenderable(cda, { ...jobFacts, signatures: [coSigner] }).marks).toEqual(['Unsigned draft']);
    expect(cdaRenderable(cda, { ...jobFacts, preliminary: true }).marks).toEqual([
      'Preliminary — not signed',
    ]);
    // A copy asked for as preliminary that has been signed meanwhile says what it is: signed.
    expect(cdaRenderable(cda, { ...jobFacts, preliminary: true, signatures: [author] }).marks).toEqual([]);
    expect(cdaRenderable(cda, { ...jobFacts, requiresSignature: false }).marks).toEqual([]);
  });

  it('marks an addendum with its date, author and reason above the text', () => {
    const addendum = {
      createdAt: new Date('2024-03-05T17:00:00Z'),
      author: 'Ann Typist',
      reason: 'Dose corrected',
    };
    expect(cdaRenderable(cda, { ...jobFacts, addendum }).addendum).toBe(
      'Addendum — 03/05/2024 12:00 EST, Ann Typist, Dose corrected',
    );
    expect(
      cdaRenderable(cda, { ...jobFacts, addendum: { ...addendum, reason: null, author: null } }).addendum,
    ).toBe('Addendum — 03/05/2024 12:00 EST, author not recorded');
    expect(cdaRenderable(cda, jobFacts).addendum).toBeNull();
  });

  it('warns when the document names another patient, naming what differs, and keeps both patients', () => {
    const other = readCda(
      headerDocument(structuredBody('x'), {
        patient: { given: 'Anselm', family: 'Dray', mrn: 'OTHER-9', birth: '19900101', sex: 'M' },
      }),
    );
    const doc = cdaRenderable(other, { ...jobFacts, patientIdentity: null });
    expect(doc.notices).toEqual([
      message('documents.render.fromDocument.patientDiffers', { parts: 'name, MRN and date of birth' }),
    ]);
    expect(fieldValue(doc.fields, 'patient')).toBe('Quennell, Myra');
    expect(fieldValue(doc.documentFields!.fields, 'fromDocument.patient')).toBe('Anselm Dray');
    const withSex = cdaRenderable(other, {
      ...jobFacts,
      patientIdentity: {
        lastName: 'Dray',
        firstName: 'Anselm',
        middleName: null,
        mrn: 'OTHER-9',
        birthDate: '1990-01-01',
        sex: 'F',
      },
    });
    expect(withSex.notices).toEqual([
      message('documents.render.fromDocument.patientDiffers', { parts: 'sex' }),
    ]);
  });
});
