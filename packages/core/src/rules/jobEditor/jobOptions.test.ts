import { describe, expect, it } from 'vitest';
import { jobOptionsVisible, physicianSearchNames, statOf, workTypeChangeEffects } from './jobOptions.js';

describe('jobOptionsVisible (spec 02 §5)', () => {
  it('shows the job options in edit mode for a job outside the hold queue and the editor stage', () => {
    expect(jobOptionsVisible({ editMode: true, stageId: 8 })).toBe(true);
    expect(jobOptionsVisible({ editMode: true, stageId: 13 })).toBe(true);
  });

  it('hides them in view mode, for hold queue jobs (stage 3) and in the editor stage (410)', () => {
    expect(jobOptionsVisible({ editMode: false, stageId: 8 })).toBe(false);
    expect(jobOptionsVisible({ editMode: true, stageId: 3 })).toBe(false);
    expect(jobOptionsVisible({ editMode: true, stageId: 410 })).toBe(false);
  });
});

describe('statOf (spec 02 §4)', () => {
  it("sets 'M' when checked and null when unchecked", () => {
    expect(statOf(true)).toBe('M');
    expect(statOf(false)).toBeNull();
  });
});

describe('physicianSearchNames (spec 02 §5)', () => {
  it('splits at the first comma into last and first name', () => {
    expect(physicianSearchNames(' Byron ,  Ada ')).toEqual({ lastName: 'Byron', firstName: 'Ada' });
    expect(physicianSearchNames('Smith, John, Jr')).toEqual({ lastName: 'Smith', firstName: 'John, Jr' });
  });

  it('takes text without a comma as the last name', () => {
    expect(physicianSearchNames('Byr')).toEqual({ lastName: 'Byr', firstName: '' });
  });

  it('gives no search for empty text', () => {
    expect(physicianSearchNames('')).toBeNull();
    expect(physicianSearchNames('   ')).toBeNull();
  });
});

describe('workTypeChangeEffects (spec 02 §4)', () => {
  it('has no effect for a type with addressees that allows the patient', () => {
    expect(workTypeChangeEffects({ enableAddressee: true, allowPatientAsRecipient: true })).toEqual({
      addresseesBecomeCopies: false,
      patientRemoved: false,
    });
  });

  it('turns addressees into copies without addressee support and removes a disallowed patient', () => {
    expect(workTypeChangeEffects({ enableAddressee: false, allowPatientAsRecipient: true })).toEqual({
      addresseesBecomeCopies: true,
      patientRemoved: false,
    });
    expect(workTypeChangeEffects({ enableAddressee: true, allowPatientAsRecipient: false })).toEqual({
      addresseesBecomeCopies: false,
      patientRemoved: true,
    });
  });
});
