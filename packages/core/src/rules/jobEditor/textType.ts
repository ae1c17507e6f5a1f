/** Spec 02 §4: what the job view shows as the job's text. */
export type TextType = 'none' | 'CDA' | 'DOCX';

/** The parts of a job's document availability the text-type rule reads. */
export interface AvailabilityFacts {
  /** The format the job's document is kept in: CDA, Word (DOCX or WORD), or null for the user's choice. */
  documentType: string | null;
  isFallbackDocument: boolean;
  hasCDA: boolean;
  hasWord: boolean;
  hasWav: boolean;
  hasOpus: boolean;
}

/** What the job view shows in its document area. */
export interface TextView {
  textType: TextType;
  /** Audio exists but no text at all (spec 02 §4 "audio-only"). */
  audioOnly: boolean;
  /** Neither a structured document nor a word document exists ('No document available'; the spec writes "avilable"). */
  noDocument: boolean;
}

/**
 * Spec 02 §4: availability decides the text type. Word format, or CDA format with a fallback
 * document, is none; CDA format is CDA when a CDA exists; user-choice format (no format, or
 * USERCHOICE) is CDA or DOCX by what exists, none with neither. Letter case is ignored; an unknown
 * format is none.
 */
export function textTypeOf(a: AvailabilityFacts): TextType {
  const format = (a.documentType ?? 'USERCHOICE').toUpperCase().replace(/[^A-Z]/g, '');
  if (format === 'CDA') return a.hasCDA && !a.isFallbackDocument ? 'CDA' : 'none';
  if (format === 'USERCHOICE') {
    if (a.hasCDA) return 'CDA';
    if (a.hasWord) return 'DOCX';
    return 'none';
  }
  return 'none';
}

/** The text type plus the audio-only and no-document facts of spec 02 §4. */
export function textViewOf(a: AvailabilityFacts): TextView {
  const noDocument = !a.hasCDA && !a.hasWord;
  return { textType: textTypeOf(a), audioOnly: noDocument && (a.hasWav || a.hasOpus), noDocument };
}
