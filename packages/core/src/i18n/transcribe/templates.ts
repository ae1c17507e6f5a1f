/**
 * Work type templates (issue 27): the Reference data page's template form and its calls, spread
 * into enUS as `transcribe.templates.*`.
 */
export const TEMPLATE_MESSAGES = {
  sectionsRequired: 'A template needs at least one section.',
  tooManySections: 'A template may have at most {{max}} sections.',
  badCode: 'Section {{n}}: the LOINC code must look like 10164-2.',
  badDocumentCode: 'The document type code must be a LOINC code such as 34117-2.',
  titleRequired: 'Section {{n}} needs a title.',
  titleTooLong: 'Section {{n}}: the title may have at most {{max}} characters.',
  textTooLong: 'Section {{n}}: the boilerplate text may have at most {{max}} characters.',
  documentTitleRequired: 'The document needs a title.',
  documentTitleTooLong: 'The document title may have at most {{max}} characters.',
  duplicateCode: 'Section {{n}} repeats the LOINC code {{code}}; each section appears once.',
  controlCharacter: 'The template contains a control character a document cannot hold; remove it.',
} as const;
