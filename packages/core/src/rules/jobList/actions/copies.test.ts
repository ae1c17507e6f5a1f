import { describe, expect, it } from 'vitest';
import { copiesFor, duplexPadding } from './copies.js';

const recipients = [
  { name: 'Dr A', distributionMethod: 'print', removed: false },
  { name: 'Dr B', distributionMethod: 'fax', removed: false },
  { name: 'Dr C', distributionMethod: 'print', removed: true },
];

describe('copy types (spec 01 §5)', () => {
  it('0 is one copy', () => {
    expect(copiesFor(0, recipients, true)).toEqual([{ recipient: null }]);
  });
  it('1 is one copy plus one per live recipient', () => {
    expect(copiesFor(1, recipients, true)).toEqual([
      { recipient: null },
      { recipient: 'Dr A' },
      { recipient: 'Dr B' },
    ]);
  });
  it('2 is recipient copies only, at least one', () => {
    expect(copiesFor(2, recipients, false)).toEqual([{ recipient: 'Dr A' }, { recipient: 'Dr B' }]);
    expect(copiesFor(2, [], false)).toEqual([{ recipient: null }]);
  });
  it('3 is one copy per manual-distribution recipient, only on the manual list', () => {
    expect(copiesFor(3, recipients, true)).toEqual([{ recipient: 'Dr A' }]);
    expect(copiesFor(3, recipients, false)).toEqual([]);
    expect(copiesFor(3, [recipients[1]!], true)).toEqual([]);
  });
  it('duplex pads odd copies with one blank page', () => {
    expect(duplexPadding(3, true)).toBe(1);
    expect(duplexPadding(2, true)).toBe(0);
    expect(duplexPadding(3, false)).toBe(0);
  });
});
