import { describe, expect, it } from 'vitest';
import { jobPatientDisplay } from './jobPatient.js';

const record = {
  lastName: 'Banerjee',
  firstName: 'Priya',
  middleName: 'K',
  mrn: 'M-7',
  dateOfBirth: '1961-04-02',
};

describe('the job’s patient, one source for every display', () => {
  it('the job’s own ADT values win over the linked record, part by part', () => {
    expect(jobPatientDisplay({ 'PID.5.2': 'Anjali' }, record)).toEqual({
      lastName: 'Banerjee',
      firstName: 'Anjali',
      middleName: 'K',
      mrn: 'M-7',
      dateOfBirth: '1961-04-02',
      name: 'Banerjee, Anjali',
    });
    expect(
      jobPatientDisplay({ 'PID.5.1': 'Roy', 'PID.3.1': 'M-9', 'PID.7.1': '19610405', 'PID.5.3': '' }, record),
    ).toMatchObject({ name: 'Roy, Priya', mrn: 'M-9', dateOfBirth: '1961-04-05', middleName: 'K' });
  });

  it('empty values fall back to the record; with neither there is no name', () => {
    expect(jobPatientDisplay({ 'PID.5.1': '', 'PID.5.2': '' }, record).name).toBe('Banerjee, Priya');
    expect(jobPatientDisplay({}, null)).toEqual({
      lastName: null,
      firstName: null,
      middleName: null,
      mrn: '',
      dateOfBirth: null,
      name: null,
    });
    expect(jobPatientDisplay({ 'PID.5.1': 'Doe' }, null).name).toBe('Doe');
  });
});
