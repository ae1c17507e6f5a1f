import { describe, expect, it } from 'vitest';
import { STAGES } from '../jobList/stages.js';
import { authorPhysicians, coSignerOf, type SigningJob, signatureDue } from './signatureDue.js';
import { needsSignature, stageAfterSignature } from './stageAfterSignature.js';

const job = (over: Partial<SigningJob> = {}): SigningJob => ({
  dictatorId: 1,
  dictatedForId: null,
  residentDictator: false,
  workTypeAttendingId: null,
  authorSigned: false,
  coSigned: false,
  ...over,
});
const own = (physicianId: number | null, delegateOf: number[] = []) => ({ physicianId, delegateOf });

describe('the signature a job awaits from an account', () => {
  it('the dictator signs as author', () => {
    expect(signatureDue(job(), own(1))).toEqual({ meaning: 'author', physicianId: 1, onBehalf: false });
  });

  it('the Dictated For physician signs as author too; others not at all', () => {
    expect(signatureDue(job({ dictatedForId: 2 }), own(2))).toEqual({
      meaning: 'author',
      physicianId: 2,
      onBehalf: false,
    });
    expect(signatureDue(job({ dictatedForId: 2 }), own(3))).toBeNull();
    expect(signatureDue(job(), own(null))).toBeNull();
  });

  it('a delegate signs on behalf of the author; its own physician comes first', () => {
    expect(signatureDue(job(), own(9, [1]))).toEqual({ meaning: 'author', physicianId: 1, onBehalf: true });
    expect(signatureDue(job({ dictatedForId: 2 }), own(2, [1]))).toMatchObject({
      physicianId: 2,
      onBehalf: false,
    });
  });

  it('once the author signed, a non-resident job awaits no one', () => {
    expect(signatureDue(job({ authorSigned: true }), own(1))).toBeNull();
  });

  it('a resident: the attending of the work type co-signs after the author, once', () => {
    const resident = job({ residentDictator: true, workTypeAttendingId: 7, dictatedForId: 2 });
    expect(signatureDue(resident, own(7))).toBeNull();
    expect(signatureDue(resident, own(2))).toBeNull();
    const signed = { ...resident, authorSigned: true };
    expect(signatureDue(signed, own(1))).toBeNull();
    expect(signatureDue(signed, own(7))).toEqual({ meaning: 'co-signer', physicianId: 7, onBehalf: false });
    expect(signatureDue(signed, own(8, [7]))).toEqual({
      meaning: 'co-signer',
      physicianId: 7,
      onBehalf: true,
    });
    expect(signatureDue({ ...signed, coSigned: true }, own(7))).toBeNull();
  });

  it("a resident's Dictated For co-signs when the work type names no attending", () => {
    const resident = job({ residentDictator: true, dictatedForId: 2 });
    expect(authorPhysicians(resident)).toEqual([1]);
    expect(coSignerOf(resident)).toBe(2);
    expect(coSignerOf({ ...resident, dictatedForId: 1 })).toBeNull();
    expect(coSignerOf(job({ workTypeAttendingId: 7 }))).toBeNull();
  });
});

describe('the stage after a signature', () => {
  it("a resident's author signature keeps the job in ES; the co-signature moves it on", () => {
    const resident = job({ residentDictator: true, workTypeAttendingId: 7 });
    expect(stageAfterSignature(resident, { meaning: 'author' }, ['fax'])).toBe(STAGES.eSignature.id);
    expect(stageAfterSignature(resident, { meaning: 'co-signer' }, ['fax'])).toBe(STAGES.pendingFax.id);
  });

  it('any other author signature goes to distribution by the methods', () => {
    expect(stageAfterSignature(job(), { meaning: 'author' }, ['electronic'])).toBe(
      STAGES.pendingElectronic.id,
    );
    expect(stageAfterSignature(job(), { meaning: 'author' }, [])).toBe(STAGES.manualDistribution.id);
  });

  it('a work type that requires no signature skips ES', () => {
    expect(needsSignature({ signed: false, forceResign: false }, true)).toBe(true);
    expect(needsSignature({ signed: true, forceResign: true }, true)).toBe(true);
    expect(needsSignature({ signed: true, forceResign: false }, true)).toBe(false);
    expect(needsSignature({ signed: false, forceResign: true }, false)).toBe(false);
  });
});
