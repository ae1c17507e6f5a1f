import { describe, expect, it } from 'vitest';
import { compositeFormatLabel, compositeNameWarning, splitCompositeName } from './compositeName.js';

describe('splitCompositeName', () => {
  it('reads "LastName, FirstName MiddleName" at the comma', () => {
    expect(splitCompositeName('Okafor, Grace Adaeze', 0)).toEqual({
      last: 'Okafor',
      first: 'Grace',
      middle: 'Adaeze',
    });
    expect(splitCompositeName('van der Berg, Anna', 0)).toEqual({
      last: 'van der Berg',
      first: 'Anna',
      middle: '',
    });
  });

  it('reads a name without a comma under "LastName, FirstName MiddleName" by words', () => {
    expect(splitCompositeName('Okafor Grace', 0)).toEqual({ last: 'Okafor', first: 'Grace', middle: '' });
  });

  it('reads "LastName FirstName MiddleName" by words', () => {
    expect(splitCompositeName('Okafor Grace Ada Eze', 1)).toEqual({
      last: 'Okafor',
      first: 'Grace',
      middle: 'Ada Eze',
    });
    expect(splitCompositeName('Moreno Lucia Isabel', 1)).toEqual({
      last: 'Moreno',
      first: 'Lucia',
      middle: 'Isabel',
    });
  });

  it('reads "FirstName MiddleName LastName": first word first, last word last', () => {
    expect(splitCompositeName('Christopher James Ito', 2)).toEqual({
      first: 'Christopher',
      middle: 'James',
      last: 'Ito',
    });
    expect(splitCompositeName('Cher', 2)).toEqual({ last: 'Cher', first: '', middle: '' });
  });

  it('stores "Ito, Christopher" under "FirstName MiddleName LastName" as first name Ito (what the warning is for)', () => {
    expect(splitCompositeName('Ito, Christopher', 2)).toEqual({
      first: 'Ito',
      middle: '',
      last: 'Christopher',
    });
  });
});

describe('compositeNameWarning', () => {
  it('warns of a comma under a format without one', () => {
    expect(compositeNameWarning(['Grace Okafor', 'Ito, Christopher'], 2)).toBe('commaUnexpected');
    expect(compositeNameWarning(['Ito, Christopher'], 1)).toBe('commaUnexpected');
  });

  it('warns of a two-word name without a comma under "LastName, FirstName MiddleName"', () => {
    expect(compositeNameWarning(['Okafor, Grace', 'Christopher Ito'], 0)).toBe('commaMissing');
  });

  it('is quiet when the names fit the format, and for blank or one-word names', () => {
    expect(compositeNameWarning(['Okafor, Grace Adaeze', 'Cher', ''], 0)).toBeNull();
    expect(compositeNameWarning(['Christopher Ito', '  '], 2)).toBeNull();
    expect(compositeNameWarning(['Ito Christopher'], 1)).toBeNull();
    expect(compositeNameWarning([], 2)).toBeNull();
  });
});

describe('compositeFormatLabel', () => {
  it('names the format as the selector does', () => {
    expect(compositeFormatLabel(0)).toBe('LastName, FirstName MiddleName');
    expect(compositeFormatLabel(9)).toBe('');
  });
});
