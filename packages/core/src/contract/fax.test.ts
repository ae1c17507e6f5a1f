import { describe, expect, it } from 'vitest';
import { message } from '../i18n/format.js';
import { RECIPIENT_KIND, RecipientKindSchema, recipientKindLabelKey, recipientKindOf } from './fax.js';

describe('recipient kinds (spec 01 §3 "Fax recipient")', () => {
  it('are the values recipientType carries', () => {
    expect(RecipientKindSchema.options).toEqual(['Addressee', 'CC', 'Patient', 'Custom', 'Physician']);
    expect(RECIPIENT_KIND.Custom).toBe('Custom');
  });

  it('each have an en-US label, which reads as the kind itself', () => {
    for (const kind of RecipientKindSchema.options) expect(message(recipientKindLabelKey(kind))).toBe(kind);
  });

  it('are read from recipientType exactly; other text is no kind', () => {
    expect(recipientKindOf('Patient')).toBe('Patient');
    expect(recipientKindOf('patient')).toBeNull();
    expect(recipientKindOf('The Patient')).toBeNull();
  });
});
