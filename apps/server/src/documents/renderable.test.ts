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
    for (const key of ['signed', 'signedBy', 'signature'])
      expect(fieldValue(doc.fields, key)).toBeUndefined();
    const all = [...doc.fields, ...doc.documentFields!.fields];
    expect(all.filter((f) => /signed/i.test(f.label))).toEqual([]);
    expect(all.filter((f) => f.value.includes('Ferrow')).map((f) => f.label)).toEqual([
      label('fromDocument.legalAuthenticator'),
    ]);
  });

  it('prints Quill’s own signature when the job is signed: its date, and its signer when recorded', () => {
    const signedAt = new Date('2024-02-01T15:04:00Z');
    const signed = cdaRenderable(cda, { ...jobFacts, signedAt });
    expect(fieldValue(signed.fields, 'signed')).toBe('02/01/2024 10:04 EST');
    expect(fieldValue(signed.fields, 'signedBy')).toBeUndefined();
    const bySigner = cdaRenderable(cda, { ...jobFacts, signedAt, signedBy: 'Dr. Odile Brannigan, MD' });
    expect(fieldValue(bySigner.fields, 'signedBy')).toBe('Dr. Odile Brannigan, MD');
    const voided = cdaRenderable(cda, { ...jobFacts, signedAt, signatureVoided: true });
    expect(fieldValue(voided.fields, 'signed')).toBeUndefined();
    expect(fieldValue(voided.fields, 'signature')).toBe(message('documents.render.resignPending'));
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
