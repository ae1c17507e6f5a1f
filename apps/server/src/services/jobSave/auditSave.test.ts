import { SAVE_MODES } from '@quill/core';
import { describe, expect, it } from 'vitest';
import { saveAuditEntry } from './auditSave.js';

describe("a save's audit row", () => {
  const saved = { version: 4, stageId: 3, blob: null };
  const blob = { key: 'k', size: 1, format: 'CDA' as const };

  it('names the save by its kind: text, job data or a save mode', () => {
    expect(saveAuditEntry({ mode: 'text' }, saved).action).toBe('job.text.save');
    expect(saveAuditEntry({ mode: 'data' }, saved).action).toBe('job.data.save');
    expect(saveAuditEntry({ mode: SAVE_MODES.moveOn }, saved).action).toBe('job.save');
  });

  it('says whether a document was stored, in what format and how — never its text', () => {
    expect(saveAuditEntry({ mode: SAVE_MODES.hold }, saved).details).toEqual({
      version: 4,
      mode: SAVE_MODES.hold,
      stageId: 3,
      document: 'unchanged',
    });
    expect(saveAuditEntry({ mode: 'text' }, { ...saved, blob }).details).toMatchObject({
      document: 'new',
      format: 'CDA',
      via: 'save',
    });
    const putFile = saveAuditEntry({ mode: 'text', docx: Buffer.from('x') }, { ...saved, blob });
    expect(putFile.details).toMatchObject({ via: 'wopi' });
  });
});
