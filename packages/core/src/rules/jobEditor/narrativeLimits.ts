import { CDA_EDIT_LIMITS, type NarrativeBlock, type NarrativeRun } from '../../contract/documents/cda.js';

/**
 * Issue 41: one limit for intake and use. What a CDA's narrative may hold so that the editor can
 * open it and save any of its sections back (a save's bounds, CDA_EDIT_LIMITS) and the renderers
 * can print it within their time and memory: the intake refuses a document past one of these
 * (413 naming it), and the editor and the renderings refuse a document stored before they held.
 */
export const NARRATIVE_LIMITS = {
  /** Characters of one paragraph (its runs together): a run of a save holds at most this many. */
  maxParagraphLength: CDA_EDIT_LIMITS.maxRunLength,
  /** Paragraphs, list items, table rows and cells of the whole document: a save of every section fits. */
  maxParagraphs: CDA_EDIT_LIMITS.maxBlocks,
  /**
   * Bytes of one section's narrative as the editor sends it back (JSON): two fifths of a save's
   * body, so that a save of the section (read, diffed and written on a document thread) ends well
   * within DOCUMENT_JOB_TIMEOUT_SECONDS on a busy machine (4 MB did not: 422 after 30 s).
   */
  maxSectionBytes: (CDA_EDIT_LIMITS.maxBodyBytes * 2) / 5,
} as const;
export type NarrativeLimitName = keyof typeof NARRATIVE_LIMITS;

/** A section as the limits see it: its narrative and its subsections. */
export interface NarrativeSection {
  blocks: readonly NarrativeBlock[];
  sections: readonly NarrativeSection[];
}

/** The first limit a document's narrative crosses, with its bound, or null when it is within all. */
export interface NarrativeLimitCrossed {
  limit: NarrativeLimitName;
  max: number;
}

/** Bytes of `text` in UTF-8 (a surrogate pair is one four-byte character). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? 4 : c >= 0xdc00 && c < 0xe000 ? 0 : 3;
  }
  return bytes;
}

const runsLength = (runs: readonly NarrativeRun[] | null) =>
  (runs ?? []).reduce((n, r) => n + r.text.length, 0);

/**
 * Checks a document's sections against {@link NARRATIVE_LIMITS} without recursion: each
 * paragraph's (and caption's) length, every block of the document counted as a save counts them
 * (core narrativeSize), and each section's narrative in bytes of JSON.
 */
export function narrativeLimitCrossed(
  sections: readonly NarrativeSection[],
  limits: typeof NARRATIVE_LIMITS = NARRATIVE_LIMITS,
): NarrativeLimitCrossed | null {
  let count = 0;
  const crossed = (limit: NarrativeLimitName) => ({ limit, max: limits[limit] });
  const sectionWork: NarrativeSection[] = [...sections];
  for (let section = sectionWork.pop(); section; section = sectionWork.pop()) {
    for (const s of section.sections) sectionWork.push(s);
    const blocks: NarrativeBlock[] = [...section.blocks];
    for (let b = blocks.pop(); b; b = blocks.pop()) {
      count += 1;
      if (b.kind === 'paragraph') {
        if (runsLength(b.runs) > limits.maxParagraphLength) return crossed('maxParagraphLength');
      } else {
        if (runsLength(b.caption) > limits.maxParagraphLength) return crossed('maxParagraphLength');
        if (b.kind === 'list') {
          count += b.items.length;
          for (const item of b.items) for (const x of item) blocks.push(x);
        } else {
          for (const row of [...b.head, ...b.body]) {
            count += 1 + row.length;
            for (const cell of row) for (const x of cell.blocks) blocks.push(x);
          }
        }
      }
      if (count > limits.maxParagraphs) return crossed('maxParagraphs');
    }
    if (utf8Length(JSON.stringify(section.blocks)) > limits.maxSectionBytes)
      return crossed('maxSectionBytes');
  }
  return null;
}
