import { describe, expect, it } from 'vitest';
import { STAGES } from '../jobList/stages.js';
import { addendumGate, addendumOfSave } from './addendum.js';

const distributed = { version: 6, addendumOfVersion: null, addendumReason: null };
const save = (over: Partial<Parameters<typeof addendumOfSave>[0]> = {}) =>
  addendumOfSave({
    bookingReason: 'Wrong dose',
    textChanged: true,
    current: distributed,
    forceResign: false,
    ...over,
  });

describe('whether a save makes an addendum', () => {
  it('starts one at the first change of the text under an addendum booking, amending the distributed version', () => {
    expect(save()).toEqual({ ofVersion: 6, reason: 'Wrong dose', starts: true });
  });

  it('makes none without a text change, without an addendum booking, or without a document', () => {
    expect(save({ textChanged: false })).toBeNull();
    expect(save({ bookingReason: null })).toBeNull();
    expect(save({ current: null })).toBeNull();
  });

  it('keeps a later document before the signature the same addendum (a second save, a correction)', () => {
    const addendum = { version: 7, addendumOfVersion: 6, addendumReason: 'Wrong dose' };
    const later = { ofVersion: 6, reason: 'Wrong dose', starts: false };
    expect(save({ current: addendum, forceResign: true })).toEqual(later);
    expect(save({ current: addendum, forceResign: true, bookingReason: null, textChanged: false })).toEqual(
      later,
    );
  });

  it('starts a new addendum of a signed addendum', () => {
    const signed = { version: 7, addendumOfVersion: 6, addendumReason: 'Wrong dose' };
    expect(save({ current: signed, bookingReason: 'Wrong side' })).toEqual({
      ofVersion: 7,
      reason: 'Wrong side',
      starts: true,
    });
  });
});

describe('Add addendum on the job view', () => {
  const all = new Set(['jobEdit', 'jobEditText']);
  it('is offered on a Finished job to an account that edits text', () => {
    expect(addendumGate(all, { stageId: STAGES.finished.id })).toEqual({ shown: true, disabledBy: null });
  });
  it('is hidden on any other stage, or without jobEditText or jobEdit', () => {
    expect(addendumGate(all, { stageId: STAGES.eSignature.id }).shown).toBe(false);
    expect(addendumGate(new Set(['jobEdit']), { stageId: STAGES.finished.id }).shown).toBe(false);
    expect(addendumGate(new Set(['jobEditText']), { stageId: STAGES.finished.id }).shown).toBe(false);
  });
});
