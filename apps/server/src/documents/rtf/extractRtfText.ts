/** Destinations whose content is not document text. */
const SKIPPED = new Set([
  'fonttbl',
  'colortbl',
  'stylesheet',
  'info',
  'pict',
  'object',
  'listtable',
  'listoverridetable',
  'revtbl',
  'rsidtbl',
  'generator',
  'xmlnstbl',
  'filetbl',
  'themedata',
  'colorschememapping',
  'datastore',
  'latentstyles',
  'pgdsctbl',
  'fldinst',
]);

const CHARS: Record<string, string> = {
  par: '\n',
  line: '\n',
  sect: '\n',
  page: '\n',
  row: '\n',
  cell: '\t',
  tab: '\t',
  emdash: '\u2014',
  endash: '\u2013',
  bullet: '\u2022',
  lquote: '\u2018',
  rquote: '\u2019',
  ldblquote: '\u201C',
  rdblquote: '\u201D',
  emspace: '\u2003',
  enspace: '\u2002',
};

/** Windows-1252 bytes 0x80–0x9F; the rest of the code page matches Latin-1. */
const CP1252 =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

function cp1252(byte: number): string {
  return byte >= 0x80 && byte <= 0x9f ? CP1252[byte - 0x80]! : String.fromCharCode(byte);
}

interface GroupState {
  skip: boolean;
  uc: number;
}

/**
 * The plain text of an RTF document: groups and control words understood, \'hh (Windows-1252) and
 * \uN (with its \ucN fallback skipped) decoded (a word joiner, U+2060, dropped), \par/\line as line breaks, \cell and \tab as tabs;
 * font and colour tables, stylesheet, info, pictures, field instructions and every \* destination
 * left out. For tests and search, not a full RTF reader.
 */
export function extractRtfText(rtf: string | Buffer): string {
  const src = typeof rtf === 'string' ? rtf : rtf.toString('latin1');
  let out = '';
  let state: GroupState = { skip: false, uc: 1 };
  const stack: GroupState[] = [];
  let groupStart = false;
  let skipFallback = 0;
  const emit = (text: string) => {
    if (!state.skip) out += text;
  };
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === '{') {
      stack.push(state);
      state = { ...state };
      groupStart = true;
      skipFallback = 0;
      i++;
      continue;
    }
    if (ch === '}') {
      state = stack.pop() ?? state;
      groupStart = false;
      skipFallback = 0;
      i++;
      continue;
    }
    const wasGroupStart = groupStart;
    groupStart = false;
    if (ch === '\\') {
      const next = src[i + 1] ?? '';
      if (/[a-zA-Z]/.test(next)) {
        const m = /^([a-zA-Z]+)(-?\d+)? ?/.exec(src.slice(i + 1, i + 40))!;
        const word = m[1]!;
        const param = m[2] === undefined ? null : Number(m[2]);
        i += 1 + m[0].length;
        if (wasGroupStart && SKIPPED.has(word)) state.skip = true;
        else if (word === 'uc') state.uc = param ?? 1;
        else if (word === 'u' && param !== null) {
          const code = param < 0 ? param + 65536 : param;
          // A word joiner only keeps a word on one line: it is not text.
          if (code !== 0x2060) emit(String.fromCharCode(code));
          skipFallback = state.uc;
        } else if (CHARS[word]) emit(CHARS[word]!);
        continue;
      }
      i += 2;
      if (next === '*') state.skip = true;
      else if (next === "'") {
        const byte = Number.parseInt(src.slice(i, i + 2), 16);
        i += 2;
        if (skipFallback > 0) skipFallback--;
        else if (!Number.isNaN(byte)) emit(cp1252(byte));
      } else if (next === '\\' || next === '{' || next === '}') {
        if (skipFallback > 0) skipFallback--;
        else emit(next);
      } else if (next === '~') emit('\u00A0');
      else if (next === '_') emit('-');
      else if (next === '\n' || next === '\r') emit('\n');
      continue;
    }
    i++;
    if (ch === '\r' || ch === '\n') continue;
    if (skipFallback > 0) {
      skipFallback--;
      continue;
    }
    emit(ch);
  }
  return out;
}
