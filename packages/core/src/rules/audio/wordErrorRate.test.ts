import { describe, expect, it } from 'vitest';
import { scoringWords, wordErrorRate } from './wordErrorRate.js';

describe('word error rate', () => {
  it('is 0 for the same words, whatever the case and punctuation', () => {
    expect(wordErrorRate('The patient is well.', 'the PATIENT, is well')).toEqual({
      words: 4,
      substitutions: 0,
      deletions: 0,
      insertions: 0,
      rate: 0,
    });
  });

  it('counts substitutions, deletions and insertions of one minimal alignment', () => {
    expect(wordErrorRate('chest pain for two days', 'chest pain for today')).toMatchObject({
      substitutions: 1,
      deletions: 1,
      insertions: 0,
      rate: 2 / 5,
    });
    expect(wordErrorRate('a bad cough', 'a very bad cough')).toMatchObject({ insertions: 1, rate: 1 / 3 });
    expect(wordErrorRate('high fever', 'fever')).toMatchObject({ deletions: 1, rate: 0.5 });
    expect(wordErrorRate('one two three', 'four five six')).toMatchObject({ substitutions: 3, rate: 1 });
  });

  it('can exceed 1 when the recognizer adds more words than were said', () => {
    expect(wordErrorRate('yes', 'do you see yes you')).toMatchObject({ insertions: 4, rate: 4 });
  });

  it('handles empty texts', () => {
    expect(wordErrorRate('', '').rate).toBe(0);
    expect(wordErrorRate('two words', '')).toMatchObject({ deletions: 2, rate: 1 });
    expect(wordErrorRate('', 'noise').rate).toBe(1);
  });

  it('scores words as lower-case letters, digits and apostrophes', () => {
    expect(scoringWords("He's 60-year-old; BP 120/80.")).toEqual([
      "he's",
      '60',
      'year',
      'old',
      'bp',
      '120',
      '80',
    ]);
  });
});
