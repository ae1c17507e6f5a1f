/**
 * Turns a user's dayjs-style date or time format (spec 01 §3 dateFormat, timeFormat, e.g.
 * "MM/DD/YYYY", "HH:mm") into a PostgreSQL to_char pattern, so the server formats list dates in
 * SQL. Unknown letters are quoted as literal text.
 */
const TOKENS: [string, string][] = [
  ['YYYY', 'YYYY'],
  ['YY', 'YY'],
  ['MMMM', 'FMMonth'],
  ['MMM', 'Mon'],
  ['MM', 'MM'],
  ['M', 'FMMM'],
  ['DD', 'DD'],
  ['D', 'FMDD'],
  ['HH', 'HH24'],
  ['H', 'FMHH24'],
  ['hh', 'HH12'],
  ['h', 'FMHH12'],
  ['mm', 'MI'],
  ['ss', 'SS'],
  ['A', 'AM'],
  ['a', 'am'],
];

export function toPgDatePattern(format: string): string {
  let out = '';
  let literal = '';
  const flush = () => {
    if (literal) out += `"${literal.replaceAll('"', '')}"`;
    literal = '';
  };
  for (let i = 0; i < format.length; ) {
    const token = TOKENS.find(([t]) => format.startsWith(t, i));
    if (token) {
      flush();
      out += token[1];
      i += token[0].length;
    } else {
      const ch = format[i]!;
      if (/[A-Za-z]/.test(ch)) literal += ch;
      else {
        flush();
        out += ch;
      }
      i += 1;
    }
  }
  flush();
  return out;
}
