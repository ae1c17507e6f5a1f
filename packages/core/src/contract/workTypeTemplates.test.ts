import { describe, expect, it } from 'vitest';
import { catalogueTemplate } from '../rules/documents/documentTemplates.js';
import { SaveWorkTypeTemplateRequestSchema } from './workTypeTemplates.js';

const hp = catalogueTemplate('hp');
const refusals = (body: unknown) => {
  const r = SaveWorkTypeTemplateRequestSchema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('SaveWorkTypeTemplateRequestSchema (issue 27)', () => {
  it('takes a catalogue template and trims codes and titles', () => {
    const parsed = SaveWorkTypeTemplateRequestSchema.parse({
      scope: 'structure',
      ...hp,
      documentTitle: '  History and Physical ',
      sections: [{ code: ' 10164-2 ', title: ' HPI ', text: ' keeps its spaces ' }],
    });
    expect(parsed).toEqual({
      scope: 'structure',
      documentCode: hp.documentCode,
      documentTitle: 'History and Physical',
      sections: [{ code: '10164-2', title: 'HPI', text: ' keeps its spaces ' }],
    });
  });

  it('says the rule’s one refusal once every field is within its bounds', () => {
    expect(refusals({ scope: 'facility', ...hp, sections: [hp.sections[0], hp.sections[0]] })).toEqual([
      `Section 2 repeats the LOINC code ${hp.sections[0]!.code}; each section appears once.`,
    ]);
    expect(refusals({ scope: 'facility', ...hp, documentCode: 'H&P' })).toEqual([
      'The document type code must be a LOINC code such as 34117-2.',
    ]);
    const many = Array.from({ length: 31 }, (_, i) => ({ code: `${i + 1}-1`, title: 'x', text: '' }));
    expect(refusals({ scope: 'facility', ...hp, sections: many })).toEqual([
      'A template may have at most 30 sections.',
    ]);
  });

  it('bounds every field before the rule runs', () => {
    const [said] = refusals({ scope: 'facility', ...hp, documentCode: '1'.repeat(17) });
    expect(said).toMatch(/documentCode must be at most 16/);
    expect(refusals({ scope: 'nobody', ...hp })).toHaveLength(1);
    expect(refusals({ scope: 'facility', ...hp, sections: [{ code: '1-1', title: 't' }] })).toHaveLength(1);
  });
});
