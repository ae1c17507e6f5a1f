import { describe, expect, it } from 'vitest';
import { adtSearchDay, isAdtSearchValueLongEnough, isBlankAdtSearchValue } from './adtSearchValue.js';

describe('ADT search values (spec 02 §5)', () => {
  it('needs 2 characters once spaces are removed', () => {
    expect(isAdtSearchValueLongEnough('Sm')).toBe(true);
    expect(isAdtSearchValueLongEnough('S')).toBe(false);
    expect(isAdtSearchValueLongEnough(' S ')).toBe(false);
    expect(isAdtSearchValueLongEnough('S m')).toBe(true);
    expect(isAdtSearchValueLongEnough('')).toBe(false);
  });

  it('treats null, empty and spaces as a field left empty', () => {
    expect(isBlankAdtSearchValue(null)).toBe(true);
    expect(isBlankAdtSearchValue(undefined)).toBe(true);
    expect(isBlankAdtSearchValue('  ')).toBe(true);
    expect(isBlankAdtSearchValue('a')).toBe(false);
  });

  it('reads the day of a date, and of a date or date-time for a date-time field', () => {
    expect(adtSearchDay('1980-02-29', false)).toBe('1980-02-29');
    expect(adtSearchDay(' 1980-02-29 ', false)).toBe('1980-02-29');
    expect(adtSearchDay('1981-02-29', false)).toBeNull();
    expect(adtSearchDay('02/03/1980', false)).toBeNull();
    expect(adtSearchDay('1980-02-03T10:15:00', false)).toBeNull();
    expect(adtSearchDay('1980-02-03T10:15:00', true)).toBe('1980-02-03');
    expect(adtSearchDay('1980-02-03', true)).toBe('1980-02-03');
    expect(adtSearchDay('tomorrow', true)).toBeNull();
  });
});
