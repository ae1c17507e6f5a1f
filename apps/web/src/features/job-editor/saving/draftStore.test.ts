import { afterEach, describe, expect, it } from 'vitest';
import { clearDrafts, readDraft, writeDraft } from './draftStore';

const doc = { type: 'doc', content: [{ type: 'cdaSection', attrs: { key: '0' } }] };

afterEach(() => localStorage.clear());

describe('draftStore', () => {
  it('keeps a draft per job and version', () => {
    writeDraft(5, 2, doc, new Date('2026-01-02T03:04:05Z'));
    expect(readDraft(5, 2)).toEqual({ savedAt: '2026-01-02T03:04:05.000Z', doc });
    expect(readDraft(5, 3)).toBeNull();
    expect(readDraft(6, 2)).toBeNull();
  });
  it('forgets every version of one job only', () => {
    writeDraft(5, 2, doc);
    writeDraft(5, 3, doc);
    writeDraft(51, 2, doc);
    clearDrafts(5);
    expect(readDraft(5, 2)).toBeNull();
    expect(readDraft(5, 3)).toBeNull();
    expect(readDraft(51, 2)).not.toBeNull();
  });
  it('ignores what is not a draft', () => {
    localStorage.setItem('quill-job-draft-5-2', '{"savedAt":1}');
    localStorage.setItem('quill-job-draft-5-3', 'not json');
    expect(readDraft(5, 2)).toBeNull();
    expect(readDraft(5, 3)).toBeNull();
  });
});
