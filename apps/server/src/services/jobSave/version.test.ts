import { STAGES } from '@quill/core';
import { describe, expect, it } from 'vitest';
import { jobRowAfterSave, nextVersion } from './version.js';

describe("a save's version and job row", () => {
  it('numbers the save one over the job and over a newer document version (an import)', () => {
    expect(nextVersion(3, null)).toBe(4);
    expect(nextVersion(3, 2)).toBe(4);
    expect(nextVersion(3, 6)).toBe(7);
  });

  const row = (over: Partial<Parameters<typeof jobRowAfterSave>[0]> = {}) =>
    jobRowAfterSave({
      locked: { stageId: 3 },
      columns: { jobNote: 'note' },
      version: 4,
      stageId: 3,
      blob: null,
      accountId: 2,
      ...over,
    });

  it("writes the steps' columns with the version and the stage, the document untouched", () => {
    const set = row();
    expect(set).toMatchObject({ jobNote: 'note', version: 4, stageId: 3 });
    expect(set).not.toHaveProperty('edited');
    expect(set).not.toHaveProperty('onManualList');
  });

  it('marks a new document as edited in Quill, with its type', () => {
    const set = row({ blob: { key: 'k', size: 1, format: 'DOCX' } });
    expect(set).toMatchObject({ edited: true, editedVia: 'Quill', documentType: 'DOCX' });
    expect(set).toHaveProperty('firstTextAt');
    expect(set).toHaveProperty('transcribedByAccountId');
  });

  it('puts a job that moves into manual distribution on the manual list again', () => {
    const manual = STAGES.manualDistribution.id;
    expect(row({ stageId: manual })).toMatchObject({ onManualList: true, clearedAt: null });
    expect(row({ locked: { stageId: manual }, stageId: manual })).not.toHaveProperty('onManualList');
  });
});
