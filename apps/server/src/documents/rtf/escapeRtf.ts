/**
 * Characters after which a word processor may end a line inside a word (Unicode line breaking:
 * hyphens, dashes, a solidus, a vertical line). Between two visible characters Quill keeps the
 * word whole: a code, a date, a dose or a lot number is never split over two lines.
 */
const BREAKS_AFTER = new Set(['-', '/', '|', '\u2010', '\u2013', '\u2014']);

const visible = (ch: string | undefined) => ch !== undefined && !/\s/.test(ch);

/**
 * Text as RTF: `\`, `{` and `}` escaped, line breaks as \line, tabs as \tab, other control
 * characters dropped, and everything outside printable ASCII as \uN? (signed 16-bit UTF-16 code
 * units, so characters beyond the BMP become a surrogate pair; `?` is the fallback for readers
 * without Unicode, with \uc1 in effect). Inside a word a hyphen is RTF's non-breaking hyphen `\_`
 * and the other break characters are followed by a word joiner (U+2060), which Word and
 * LibreOffice both honour.
 */
export function escapeRtf(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const ch = text[i]!;
    const inWord = BREAKS_AFTER.has(ch) && visible(text[i - 1]) && visible(text[i + 1]);
    if (inWord && ch === '-') out += '\\_';
    else if (ch === '\\' || ch === '{' || ch === '}') out += `\\${ch}`;
    else if (ch === '\n') out += '\\line ';
    else if (ch === '\t') out += '\\tab ';
    else if (code < 0x20) continue;
    else if (code < 0x7f) out += ch;
    else out += `\\u${code > 32767 ? code - 65536 : code}?`;
    if (inWord && ch !== '-') out += '\\u8288?';
  }
  return out;
}
