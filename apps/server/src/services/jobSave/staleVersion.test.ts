import { describe, expect, it } from 'vitest';
import { isStale, refuseStale, type StaleCheck } from './staleVersion.js';

const check = (over: Partial<StaleCheck> = {}, req: Partial<StaleCheck['req']> = {}): StaleCheck => ({
  req: { jobId: 7, version: 3, ...req },
  locked: { version: 3 },
  booking: { wordBaseVersion: null },
  readDocumentId: undefined,
  inTx: null,
  ...over,
});

describe('the stale check of a save', () => {
  it('passes a save based on the locked version, or on none (setjobdata)', () => {
    expect(isStale(check())).toBe(false);
    expect(isStale(check({}, { version: null }))).toBe(false);
  });

  it('refuses a save based on another version with 409 stale_version naming both', () => {
    expect(isStale(check({ locked: { version: 4 } }))).toBe(true);
    expect(() => refuseStale(check({ locked: { version: 4 } }))).toThrow(
      expect.objectContaining({ code: 'stale_version' }),
    );
  });

  it("counts the booking's own PutFiles since its Word edit started as not newer", () => {
    const word = check({ locked: { version: 5 }, booking: { wordBaseVersion: 3 } }, { wordEdit: true });
    expect(isStale(word)).toBe(false);
    expect(isStale({ ...word, req: { ...word.req, wordEdit: false } })).toBe(true);
    expect(isStale({ ...word, req: { ...word.req, version: 2 } })).toBe(true);
  });

  it('refuses a save whose CDA read before the transaction is no longer the working document', () => {
    const read = { readDocumentId: 10, inTx: { id: 10, format: 'CDA' } };
    expect(isStale(check(read))).toBe(false);
    expect(isStale(check({ ...read, inTx: { id: 11, format: 'CDA' } }))).toBe(true);
    // An import replaced the CDA with a Word document: the text read is not the job's.
    expect(isStale(check({ ...read, inTx: { id: 10, format: 'DOCX' } }))).toBe(true);
    // Read no CDA (a Word job) and the job still has none.
    expect(isStale(check({ readDocumentId: null, inTx: { id: 12, format: 'DOCX' } }))).toBe(false);
  });
});
