import type { SetJobDataRequest } from '@quill/core/contract/job';
import { describe, expect, it } from 'vitest';
import { detailEditsOf, recipientInputsOf, withDetailEdits, withWorkType } from './jobDataEdits';
import { recipient, workType } from './testing';

const base: SetJobDataRequest = {
  jobId: 42,
  dictator: 3,
  dictatedFor: null,
  stat: null,
  workTypeId: 5,
  department: null,
  location: null,
  skipPrint: false,
  skipExport: false,
  forceResign: false,
  isProtected: false,
  jobNote: 'a note',
};
const recipients = [
  recipient({ id: 100, userId: 7, isAddressee: true }),
  recipient({ id: 101, userId: 0, userIdSpecified: false, isPatient: true, isAddressee: false }),
];

describe('job data edits of the Document Details card', () => {
  it('posts the loaded recipients by id, with their physician when they have one', () => {
    expect(recipientInputsOf(recipients)).toEqual([
      { id: 100, physicianId: 7, isAddressee: true, isPatient: false, removed: false },
      { id: 101, physicianId: null, isAddressee: false, isPatient: true, removed: false },
    ]);
  });

  it('changes only the work type when the new type keeps addressees and the patient', () => {
    expect(withWorkType(base, { recipients }, workType({ id: 6 }))).toEqual({ ...base, workTypeId: 6 });
  });

  it('turns addressees into copies and removes a disallowed patient (spec 02 §4)', () => {
    const next = withWorkType(
      base,
      { recipients },
      workType({ id: 9, enableAddressee: false, allowPatientAsRecipient: false }),
    );
    expect(next.workTypeId).toBe(9);
    expect(next.recipients).toEqual([
      { id: 100, physicianId: 7, isAddressee: false, isPatient: false, removed: false },
    ]);
  });

  it('keeps the card’s fields and lays them over the view’s job data', () => {
    const edits = detailEditsOf({ ...base, stat: 'M', department: 2, jobNote: 'ignored' });
    expect(edits).not.toHaveProperty('jobNote');
    expect(edits).not.toHaveProperty('recipients');
    expect(withDetailEdits({ ...base, jobNote: 'new note' }, edits)).toEqual({
      ...base,
      jobNote: 'new note',
      stat: 'M',
      department: 2,
    });
  });
});
