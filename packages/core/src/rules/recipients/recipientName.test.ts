import { describe, expect, it } from 'vitest';
import { personDisplayName, splitPhysicianSearch } from './recipientName.js';

describe('person display name', () => {
  it('joins prefix, names, suffix and credentials, leaving out empty parts', () => {
    expect(
      personDisplayName({
        prefix: 'Dr.',
        firstName: 'Olivia',
        middleInitial: 'K',
        lastName: 'Walsh',
        suffix: 'Jr.',
        credentials: 'MD',
      }),
    ).toBe('Dr. Olivia K. Walsh Jr., MD');
    expect(personDisplayName({ firstName: ' Ann ', lastName: 'Lee', middleInitial: 'JP' })).toBe(
      'Ann JP Lee',
    );
    expect(personDisplayName({ lastName: 'Lee', credentials: 'NP', prefix: '' })).toBe('Lee, NP');
  });
  it('answers an empty string without a name', () => {
    expect(personDisplayName({ credentials: 'MD' })).toBe('');
    expect(personDisplayName({})).toBe('');
  });
});

describe('physician search text (spec 02 §5)', () => {
  it('splits at the first comma into last and first name, lower-cased and trimmed', () => {
    expect(splitPhysicianSearch(' Walsh , Ol ')).toEqual({ last: 'walsh', first: 'ol', either: false });
    expect(splitPhysicianSearch('a,b,c')).toEqual({ last: 'a', first: 'b,c', either: false });
    expect(splitPhysicianSearch(', Ol')).toEqual({ last: '', first: 'ol', either: false });
  });
  it('lets text without a comma start either name', () => {
    expect(splitPhysicianSearch('WAL')).toEqual({ last: 'wal', first: 'wal', either: true });
    expect(splitPhysicianSearch('')).toEqual({ last: '', first: '', either: true });
  });
});
