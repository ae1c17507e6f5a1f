import { describe, expect, it } from 'vitest';
import { STAGES } from '../jobList/stages.js';
import {
  type DocumentPatient,
  documentNamesPatient,
  identityComparedParts,
  identityDate,
  identityDifferences,
  identityDifferenceValues,
  identityOfRow,
  identityValueDiffers,
  jobPatientFromAdt,
  jobPatientName,
} from './patientIdentity.js';
import { identityRulesToConfirm } from './saveOutcome.js';

const zachary: DocumentPatient = {
  name: 'Zachary Kowalski',
  mrn: '02000003',
  birthDate: '1961-07-04',
  sex: 'M',
};
const marcus = jobPatientFromAdt({
  'PID.5.1': 'Kowalski',
  'PID.5.2': 'Marcus',
  'PID.5.3': 'Patrick',
  'PID.3.1': '02000117',
  'PID.7.1': '1958-02-11',
  'PID.8.1': 'M',
});

describe('patient identity', () => {
  it('names the parts on which the document’s patient and the job’s differ', () => {
    expect(identityDifferences(zachary, marcus)).toEqual(['name', 'mrn', 'birthDate']);
    const same = jobPatientFromAdt({ 'PID.5.1': 'KOWALSKI', 'PID.5.2': 'Zachary', 'PID.3.1': '02000003' });
    expect(identityDifferences(zachary, same)).toEqual([]);
    expect(identityDifferences(null, marcus)).toEqual([]);
  });

  it('compares one value with the document: name words, MRN, dates in any form, sex words', () => {
    expect(identityValueDiffers('lastName', 'Kowalski', zachary)).toBe(false);
    expect(identityValueDiffers('firstName', 'Marcus', zachary)).toBe(true);
    expect(identityValueDiffers('birthDate', '19610704', zachary)).toBe(false);
    expect(identityValueDiffers('birthDate', '07/04/1962', zachary)).toBe(true);
    expect(identityValueDiffers('sex', 'Male', zachary)).toBe(false);
    expect(identityValueDiffers('mrn', '', zachary)).toBe(false);
    expect(identityDate('20260101120000-0500')).toBe('2026-01-01');
  });

  it('reads a search row by its columns’ identity and writes the job’s name as the job view does', () => {
    const row = identityOfRow(
      [{ identity: 'mrn' }, {}, { identity: 'lastName' }, { identity: 'firstName' }],
      ['1', 'x', 'Kowalski', 'Marcus'],
    );
    expect(row).toMatchObject({ mrn: '1', lastName: 'Kowalski', firstName: 'Marcus', sex: null });
    expect(jobPatientName(marcus)).toBe('Kowalski, Marcus Patrick');
  });

  it('a release past a failing identity rule needs a confirmation; staying held does not', () => {
    const rows = [
      { ruleCode: 'HQ03', ruleDescription: 'no dictator', isTriggered: true, isIdentity: false },
      { ruleCode: 'HQ05', ruleDescription: 'name', isTriggered: true, isIdentity: true },
    ];
    expect(identityRulesToConfirm(rows, STAGES.eSignature.id).map((r) => r.ruleCode)).toEqual(['HQ05']);
    expect(identityRulesToConfirm(rows, STAGES.holdQueue.id)).toEqual([]);
  });

  it('names both values of each part that differs, as a person reads them (issue 40)', () => {
    expect(identityDifferenceValues(zachary, marcus)).toEqual([
      { part: 'name', document: 'Zachary Kowalski', job: 'Kowalski, Marcus Patrick' },
      { part: 'mrn', document: '02000003', job: '02000117' },
      { part: 'birthDate', document: '1961-07-04', job: '1958-02-11' },
    ]);
    const unnamed = jobPatientFromAdt({ 'PID.3.1': '02000003' });
    expect(identityDifferenceValues(zachary, unnamed)).toEqual([]);
    expect(identityComparedParts(zachary, unnamed)).toEqual(['mrn']);
    expect(identityComparedParts(zachary, jobPatientFromAdt({}))).toEqual([]);
    expect(documentNamesPatient(zachary)).toBe(true);
    expect(documentNamesPatient({ name: ' ', mrn: null, birthDate: null, sex: null })).toBe(false);
    expect(documentNamesPatient(null)).toBe(false);
  });
});
