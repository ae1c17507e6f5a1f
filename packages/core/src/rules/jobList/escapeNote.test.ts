import { describe, expect, it } from 'vitest';
import { escapeNote } from './escapeNote.js';

/** What an HTML parser makes of numeric character references (enough for these tests). */
function decode(html: string): string {
  return html.replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)));
}

describe('escapeNote (spec 01 §5)', () => {
  it('turns markup and non-ASCII characters into numeric references', () => {
    const note = '<img src=x onerror=alert(1)> café';
    const escaped = escapeNote(note);
    expect(escaped).toBe('&#60;img src=x onerror=alert(1)&#62; caf&#233;');
    expect(escaped).not.toMatch(/[<>]/);
    expect(decode(escaped)).toBe(note);
  });

  it('escapes ampersands and both quote marks', () => {
    expect(escapeNote(`Tom & "Jerry's" &amp;`)).toBe('Tom &#38; &#34;Jerry&#39;s&#34; &#38;amp;');
  });

  it('escapes characters outside the Basic Multilingual Plane as one reference', () => {
    expect(escapeNote('ok 👍')).toBe('ok &#128077;');
    expect(escapeNote('Español – ½')).toBe('Espa&#241;ol &#8211; &#189;');
  });

  it('keeps line breaks and tabs, and answers empty for no note', () => {
    expect(escapeNote('a\n\tb')).toBe('a\n\tb');
    expect(escapeNote('')).toBe('');
    expect(escapeNote(null)).toBe('');
    expect(escapeNote(undefined)).toBe('');
  });

  it('leaves no raw markup for any input', () => {
    const samples = [
      '<script>alert(1)</script>',
      '"><svg onload=alert(1)>',
      "' onmouseover='x",
      '\u0000<\u2028>',
    ];
    for (const s of samples) {
      const escaped = escapeNote(s);
      expect(escaped).not.toMatch(/[<>"']/);
      expect(decode(escaped)).toBe(s);
    }
  });
});
