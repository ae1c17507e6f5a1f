import { SAVE_MODES } from '@quill/core';
import { describe, expect, it } from 'vitest';
import { newVersionRows, type VersionInput } from './documentVersions.js';

const blob = { key: 'documents/new.xml', size: 120, format: 'CDA' as const };
const current = {
  id: 9,
  blobKey: 'documents/old.xml',
  size: 100,
  format: 'CDA',
  version: 4,
  addendumOfVersion: null,
  addendumReason: null,
};
const input = (
  over: Partial<VersionInput> = {},
  mode: VersionInput['req']['mode'] = 'text',
): VersionInput => ({
  req: { jobId: 7, mode },
  accountId: 3,
  version: 5,
  blob,
  typedChars: 42,
  current,
  ...over,
});

describe('the document versions a save stores', () => {
  it('stores the new document as the version, with the characters typed and who saved', () => {
    expect(newVersionRows(input())).toEqual([
      {
        jobId: 7,
        version: 5,
        format: 'CDA',
        blobKey: 'documents/new.xml',
        size: 120,
        isDraft: false,
        source: 'save',
        typedChars: 42,
        createdByAccountId: 3,
      },
    ]);
  });

  it("names a PutFile's Word document as from WOPI", () => {
    const rows = newVersionRows(input({ req: { jobId: 7, mode: 'text', docx: Buffer.from('x') } }));
    expect(rows.map((r) => r.source)).toEqual(['wopi']);
  });

  it('adds a draft copy in draft mode: of the new document, else of the working one', () => {
    const both = newVersionRows(input({}, SAVE_MODES.draft));
    expect(both.map((r) => [r.blobKey, r.isDraft, r.typedChars])).toEqual([
      ['documents/new.xml', false, 42],
      ['documents/new.xml', true, null],
    ]);
    const copy = newVersionRows(input({ blob: null }, SAVE_MODES.draft));
    expect(copy.map((r) => [r.blobKey, r.isDraft, r.version])).toEqual([['documents/old.xml', true, 5]]);
  });

  it('stores nothing without a new document outside draft mode, or with no document at all', () => {
    expect(newVersionRows(input({ blob: null }, SAVE_MODES.saveOnly))).toEqual([]);
    expect(newVersionRows(input({ blob: null, current: null }, SAVE_MODES.draft))).toEqual([]);
  });

  it('marks the new document and its draft copy as the addendum the save makes', () => {
    const addendum = { ofVersion: 4, reason: 'Wrong dose', starts: true };
    const rows = newVersionRows(input({ addendum }, SAVE_MODES.draft));
    expect(rows.map((r) => [r.isDraft, r.addendumOfVersion, r.addendumReason])).toEqual([
      [false, 4, 'Wrong dose'],
      [true, 4, 'Wrong dose'],
    ]);
  });
});
