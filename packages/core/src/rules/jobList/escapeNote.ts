const ESCAPED_ASCII = new Set(['&', '<', '>', '"', "'"]);

/**
 * Spec 01 §5: a job note is escaped for non-ASCII characters and angle brackets when displayed.
 * Answers HTML text in which `& < > " '` and every character outside printable ASCII (except tab,
 * line feed and carriage return) are numeric character references, so the note can be rendered as
 * HTML: the reader sees the original characters, and no markup in the note can ever take effect.
 */
export function escapeNote(note: string | null | undefined): string {
  if (!note) return '';
  let out = '';
  for (const ch of note) {
    const code = ch.codePointAt(0)!;
    const plain = (code >= 0x20 && code <= 0x7e) || code === 0x09 || code === 0x0a || code === 0x0d;
    out += plain && !ESCAPED_ASCII.has(ch) ? ch : `&#${code};`;
  }
  return out;
}
