import { describe, expect, it } from 'vitest';
import { type AvailabilityFacts, textTypeOf, textViewOf } from './textType.js';

const base: AvailabilityFacts = {
  documentType: 'CDA',
  isFallbackDocument: false,
  hasCDA: true,
  hasWord: false,
  hasWav: true,
  hasOpus: false,
};

describe('textTypeOf (spec 02 §4)', () => {
  it('is CDA for the CDA format with a CDA', () => {
    expect(textTypeOf(base)).toBe('CDA');
    expect(textTypeOf({ ...base, documentType: 'cda' })).toBe('CDA');
  });
  it('is none for the CDA format with a fallback document or without a CDA', () => {
    expect(textTypeOf({ ...base, isFallbackDocument: true })).toBe('none');
    expect(textTypeOf({ ...base, hasCDA: false, hasWord: true })).toBe('none');
  });
  it('is none for the Word format', () => {
    expect(textTypeOf({ ...base, documentType: 'WORD', hasWord: true })).toBe('none');
    expect(textTypeOf({ ...base, documentType: 'DOCX', hasWord: true })).toBe('none');
  });
  it('is CDA, then DOCX, then none for the user-choice format', () => {
    expect(textTypeOf({ ...base, documentType: 'USERCHOICE', hasWord: true })).toBe('CDA');
    expect(textTypeOf({ ...base, documentType: 'UserChoice', hasCDA: false, hasWord: true })).toBe('DOCX');
    expect(textTypeOf({ ...base, documentType: 'USER_CHOICE', hasCDA: false })).toBe('none');
    expect(textTypeOf({ ...base, documentType: null, hasCDA: false, hasWord: true })).toBe('DOCX');
  });
  it('is none for an unknown format', () => {
    expect(textTypeOf({ ...base, documentType: 'PDF' })).toBe('none');
  });
});

describe('textViewOf', () => {
  it('is audio-only when audio exists but no text', () => {
    expect(textViewOf({ ...base, hasCDA: false })).toEqual({
      textType: 'none',
      audioOnly: true,
      noDocument: true,
    });
    expect(textViewOf({ ...base, hasCDA: false, hasWav: false, hasOpus: true }).audioOnly).toBe(true);
  });
  it('is no document without audio either', () => {
    expect(textViewOf({ ...base, hasCDA: false, hasWav: false })).toEqual({
      textType: 'none',
      audioOnly: false,
      noDocument: true,
    });
  });
  it('has a document when a CDA exists', () => {
    expect(textViewOf(base)).toEqual({ textType: 'CDA', audioOnly: false, noDocument: false });
  });
});
