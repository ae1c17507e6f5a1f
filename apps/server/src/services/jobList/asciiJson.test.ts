import { describe, expect, it } from 'vitest';
import { asciiJson } from './asciiJson.js';

/** Every character of the text is ASCII. */
const ascii = (text: string) => [...text].every((c) => c.charCodeAt(0) < 0x80);

describe('asciiJson', () => {
  const value = {
    note: 'Temperature ≥ 38.5 °C – Español, 日本語 and 😀',
    rows: [[1, null, 'Zoë'], { clé: 'ü' }],
    plain: 'a "quoted" \\ back\nslash',
  };

  it('writes the same value in ASCII only', () => {
    const text = asciiJson(JSON.stringify(value));
    expect(ascii(text)).toBe(true);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('escapes each character past U+007F, surrogate halves one by one', () => {
    expect(asciiJson('"≥😀"')).toBe('"\\u2265\\ud83d\\ude00"');
  });

  it('leaves ASCII text as it is', () => {
    const text = JSON.stringify({ a: [1, 'b\u007f'] });
    expect(asciiJson(text)).toBe(text);
  });
});
