import { describe, expect, it } from 'vitest';
import { typedCharacters } from './newDocument.js';

const cda = (text: string) => `<ClinicalDocument><section><text>${text}</text></section></ClinicalDocument>`;

describe('the characters a save typed (issue 27)', () => {
  it('counts the narrative characters added over the text the save started from', () => {
    expect(typedCharacters(cda('Pain in the   left knee.'), cda('Pain.'))).toBe(
      'Pain in the left knee.'.length - 5,
    );
  });

  it('counts no negative: a save that deletes text typed nothing', () => {
    expect(typedCharacters(cda('Pain.'), cda('Pain in the knee.'))).toBe(0);
  });

  it('is unknown without a CDA text stored or one to start from', () => {
    expect(typedCharacters(null, cda('Pain.'))).toBeNull();
    expect(typedCharacters(cda('Pain.'), null)).toBeNull();
  });
});
