import { message } from '../../i18n/format.js';
import { DOC_TEMPLATES, type DocTemplateKey, SECTIONS } from './cdaCatalogue.js';

/**
 * Work type templates (issue 27): the sections a new document of a work type starts with, held to
 * one set of rules by the Reference data form, the server's save and the document builder.
 */

/** One section of a template: its LOINC code, its title and optional boilerplate text. */
export interface TemplateSection {
  code: string;
  title: string;
  /** Boilerplate narrative, '' for none; each line becomes a paragraph. */
  text: string;
}

/** What a new document of a work type starts from. */
export interface DocumentTemplate {
  /** LOINC document type code (the CDA header's code), e.g. 34117-2. */
  documentCode: string;
  documentTitle: string;
  sections: TemplateSection[];
}

export const TEMPLATE_LIMITS = {
  maxSections: 30,
  maxTitle: 100,
  maxText: 4000,
  maxDocumentTitle: 100,
} as const;

/** A LOINC code: up to seven digits, a hyphen and the check digit. */
export const LOINC_CODE = /^\d{1,7}-\d$/;

// Controls other than tab and line breaks (a document cannot hold them).
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what we refuse
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The first reason the template cannot be saved, in the catalogue's words; null when it can. */
export function templateRefusal(t: DocumentTemplate): string | null {
  const k = 'transcribe.templates';
  const title = t.documentTitle.trim();
  if (!LOINC_CODE.test(t.documentCode)) return message(`${k}.badDocumentCode`);
  if (!title) return message(`${k}.documentTitleRequired`);
  if (title.length > TEMPLATE_LIMITS.maxDocumentTitle)
    return message(`${k}.documentTitleTooLong`, { max: TEMPLATE_LIMITS.maxDocumentTitle });
  if (t.sections.length === 0) return message(`${k}.sectionsRequired`);
  if (t.sections.length > TEMPLATE_LIMITS.maxSections)
    return message(`${k}.tooManySections`, { max: TEMPLATE_LIMITS.maxSections });
  const seen = new Set<string>();
  for (const [i, s] of t.sections.entries()) {
    const n = i + 1;
    if (!LOINC_CODE.test(s.code)) return message(`${k}.badCode`, { n });
    if (seen.has(s.code)) return message(`${k}.duplicateCode`, { n, code: s.code });
    seen.add(s.code);
    if (!s.title.trim()) return message(`${k}.titleRequired`, { n });
    if (s.title.length > TEMPLATE_LIMITS.maxTitle)
      return message(`${k}.titleTooLong`, { n, max: TEMPLATE_LIMITS.maxTitle });
    if (s.text.length > TEMPLATE_LIMITS.maxText)
      return message(`${k}.textTooLong`, { n, max: TEMPLATE_LIMITS.maxText });
  }
  const texts = [t.documentTitle, ...t.sections.flatMap((s) => [s.title, s.text])];
  if (texts.some((s) => CONTROL.test(s))) return message(`${k}.controlCharacter`);
  return null;
}

/** The catalogue's template of a document type, with every section it lists, no boilerplate. */
export function catalogueTemplate(key: DocTemplateKey): DocumentTemplate {
  const d = DOC_TEMPLATES[key];
  return {
    documentCode: d.loinc,
    documentTitle: d.title,
    sections: d.sections.map(([s]) => ({ code: SECTIONS[s].code, title: SECTIONS[s].title, text: '' })),
  };
}

/** What a work type without a template of its own or its structure's starts from: a progress note. */
export const DEFAULT_TEMPLATE: DocumentTemplate = catalogueTemplate('progress');

/** The catalogue's section of a LOINC code (its C-CDA template id and display name), if known. */
export function catalogueSection(code: string) {
  return Object.values(SECTIONS).find((s) => s.code === code);
}

/** The catalogue's document type of a LOINC code (its C-CDA template id and display name), if known. */
export function catalogueDocument(code: string) {
  return Object.values(DOC_TEMPLATES).find((d) => d.loinc === code);
}
