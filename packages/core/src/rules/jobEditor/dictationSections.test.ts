import { describe, expect, it } from 'vitest';
import { splitDictation } from './dictationSections.js';

const TITLES = ['CHIEF COMPLAINT', 'HISTORY OF PRESENT ILLNESS', 'PHYSICAL EXAM', 'PLAN'];

describe('splitDictation', () => {
  it('puts words after a spoken section title into that section', () => {
    const text =
      'chief complaint chest pain\nhistory of present illness two days of pain physical exam normal';
    expect([...splitDictation(text, TITLES)]).toEqual([
      [0, ['chest pain']],
      [1, ['two days of pain']],
      [2, ['normal']],
    ]);
  });

  it('keeps words before any title in the first section, one paragraph per line', () => {
    expect([...splitDictation('the patient is well\nno complaints', TITLES)]).toEqual([
      [0, ['the patient is well', 'no complaints']],
    ]);
  });

  it('does not split on single-word titles and reads titles with punctuation', () => {
    const text = 'we plan to see him. History of present illness: cough.';
    expect([...splitDictation(text, TITLES)]).toEqual([
      [0, ['we plan to see him.']],
      [1, ['cough.']],
    ]);
  });

  it('gives nothing for empty text', () => {
    expect(splitDictation('  \n ', TITLES).size).toBe(0);
  });
});
