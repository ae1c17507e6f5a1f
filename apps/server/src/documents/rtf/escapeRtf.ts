/**
 * Text as RTF: `\`, `{` and `}` escaped, line breaks as \line, tabs as \tab, other control
 * characters dropped, and everything outside printable ASCII as \uN? (signed 16-bit UTF-16 code
 * units, so characters beyond the BMP become a surrogate pair; `?` is the fallback for readers
 * without Unicode, with \uc1 in effect).
 */
export function escapeRtf(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const ch = text[i]!;
    if (ch === '\\' || ch === '{' || ch === '}') out += `\\${ch}`;
    else if (ch === '\n') out += '\\line ';
    else if (ch === '\t') out += '\\tab ';
    else if (code < 0x20) continue;
    else if (code < 0x7f) out += ch;
    else out += `\\u${code > 32767 ? code - 65536 : code}?`;
  }
  return out;
}
