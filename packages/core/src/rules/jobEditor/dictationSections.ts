/**
 * Issue 27: where a speech recognizer's words go in a new document. Dictating physicians say the
 * section names ("history of present illness ..., physical exam ..."), so the words after a
 * spoken title of two or more words go to that section; everything before the first one goes to
 * the first section. Single-word titles ("Plan") are too common in speech to split on.
 */

const words = (s: string) => s.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** Paragraphs per section index (each recognizer line is one paragraph; empty sections omitted). */
export function splitDictation(text: string, titles: readonly string[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  const spoken = titles
    .map(words)
    .map((w, index) => ({ w, index }))
    .filter((t) => t.w.length >= 2);
  const add = (section: number, paragraph: string) => {
    const trimmed = paragraph.replace(/\s+/g, ' ').trim();
    if (!trimmed) return;
    out.set(section, [...(out.get(section) ?? []), trimmed]);
  };
  let section = 0;
  for (const line of text.split(/\r?\n/)) {
    const tokens = line.split(/\s+/).filter(Boolean);
    let start = 0;
    let i = 0;
    while (i < tokens.length) {
      const hit = spoken.find((t) => t.w.every((w, k) => words(tokens[i + k] ?? '').join('') === w));
      if (hit) {
        add(section, tokens.slice(start, i).join(' '));
        section = hit.index;
        i += hit.w.length;
        start = i;
      } else i += 1;
    }
    add(section, tokens.slice(start).join(' '));
  }
  return out;
}
