import { z } from 'zod';
import { message } from '../i18n/format.js';
import { TEMPLATE_LIMITS, templateRefusal } from '../rules/documents/documentTemplates.js';
import { plainText } from './documents/text.js';

/**
 * Issue 27: a work type's template on the Reference data page — the CDA sections a new document of
 * the work type starts with. The structure's template serves every facility that sees the work
 * type; a facility may override it. The rules are core's (rules/documents/documentTemplates.ts), so a 400
 * says what the form says.
 */

const T = TEMPLATE_LIMITS;
/** Longer than any LOINC code: the rule says what is wrong with one that is not. */
const CODE_MAX = 16;

/** Where the template a facility uses comes from: its own override, its structure's, or the default. */
export const TemplateOriginSchema = z.enum(['facility', 'structure', 'default']);
export type TemplateOrigin = z.infer<typeof TemplateOriginSchema>;

const SectionSchema = z.object({ code: z.string(), title: z.string(), text: z.string() });

/** What a new document of the work type starts from. */
export const DocumentTemplateSchema = z.object({
  documentCode: z.string(),
  documentTitle: z.string(),
  sections: z.array(SectionSchema),
});

/** GET (and every change's answer): the template the facility uses for the work type, and whose it is. */
export const WorkTypeTemplateSchema = z.object({
  workTypeId: z.number().int(),
  /** The work type is shared by the whole structure: only then is there a structure's template to save. */
  shared: z.boolean(),
  origin: TemplateOriginSchema,
  /** What the facility would use without an override of its own. */
  inherited: z.enum(['structure', 'default']),
  template: DocumentTemplateSchema,
});
export type WorkTypeTemplate = z.infer<typeof WorkTypeTemplateSchema>;

/** Saved as this facility's override, or (a shared work type only) as the structure's template. */
export const TemplateScopeSchema = z.enum(['facility', 'structure']);
export type TemplateScope = z.infer<typeof TemplateScopeSchema>;

const sectionInput = z.object({
  code: plainText('code', { max: CODE_MAX }).trim(),
  title: plainText('title', { max: T.maxTitle }).trim(),
  text: plainText('text', { max: T.maxText, multiline: true }),
});

/** Save a work type's template: every field bounded, then core's rule says the first refusal. */
export const SaveWorkTypeTemplateRequestSchema = z
  .object({
    scope: TemplateScopeSchema,
    documentCode: plainText('documentCode', { max: CODE_MAX }).trim(),
    documentTitle: plainText('documentTitle', { max: T.maxDocumentTitle }).trim(),
    sections: z
      .array(sectionInput)
      .max(T.maxSections, message('transcribe.templates.tooManySections', { max: T.maxSections })),
  })
  .superRefine(
    (t, ctx) => {
      const refusal = templateRefusal(t);
      if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
    },
    { when: (payload) => payload.issues.length === 0 },
  );
export type SaveWorkTypeTemplateRequest = z.infer<typeof SaveWorkTypeTemplateRequestSchema>;
