import { describe, expect, it } from 'vitest';
import { faxCopyOf, sharedFaxKey, sharedFaxStep } from './faxCopies.js';

const d = (id: number, faxNumber: string | null) => ({ id, recipientId: id * 10, faxNumber });

describe('faxCopyOf', () => {
  const list = [d(7, '2015550123'), d(3, '2015550199'), d(5, '2015550123'), d(9, null)];

  it('groups the deliveries at one number, led by the lowest id', () => {
    expect(faxCopyOf(list, 7)).toEqual({ leadId: 5, deliveryIds: [5, 7] });
    expect(faxCopyOf(list, 5)).toEqual({ leadId: 5, deliveryIds: [5, 7] });
  });

  it('gives a delivery alone at its number a fax of its own', () => {
    expect(faxCopyOf(list, 3)).toEqual({ leadId: 3, deliveryIds: [3] });
  });

  it('gives a delivery without a number (or not listed) no fax', () => {
    expect(faxCopyOf(list, 9)).toBeNull();
    expect(faxCopyOf(list, 4)).toBeNull();
  });
});

describe('sharedFaxKey', () => {
  const base = { jobId: 12, jobVersion: 3, preliminary: false, faxNumber: '2015550123' };

  it('is one key per job version, kind and number', () => {
    expect(sharedFaxKey(base)).toBe('j12-v3-fax2015550123-final');
    expect(sharedFaxKey({ ...base, preliminary: true })).toBe('j12-v3-fax2015550123-pre');
    expect(new Set([sharedFaxKey(base), sharedFaxKey({ ...base, jobVersion: 4 })]).size).toBe(2);
    expect(new Set([sharedFaxKey(base), sharedFaxKey({ ...base, faxNumber: '2015550124' })]).size).toBe(2);
  });
});

describe('sharedFaxStep', () => {
  it('has the lead send whatever the record says', () => {
    for (const status of ['queued', 'sending', 'sent', 'failed'])
      expect(sharedFaxStep(true, status)).toBe('send');
  });

  it('has the others take a settled outcome and wait for an open one', () => {
    expect(sharedFaxStep(false, 'sent')).toBe('sent');
    expect(sharedFaxStep(false, 'failed')).toBe('failed');
    expect(sharedFaxStep(false, 'queued')).toBe('wait');
    expect(sharedFaxStep(false, 'sending')).toBe('wait');
  });
});
