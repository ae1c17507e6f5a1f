import { SAVE_MODES } from '@quill/core';
import { describe, expect, it } from 'vitest';
import { refuseSaveNotAllowed } from './saveAllowed.js';

const may = { permissions: new Set(['jobEditText']) };
const mayNot = { permissions: new Set<string>() };
const edits = { cda: { sections: [] } as never, mode: 'text' as const };

describe('what a save may do at all', () => {
  it('refuses a text edit without the permission to edit text (403)', () => {
    expect(() => refuseSaveNotAllowed(mayNot, edits, undefined)).toThrow(
      expect.objectContaining({ kind: 'forbidden' }),
    );
    expect(() =>
      refuseSaveNotAllowed(mayNot, { cda: null, docx: Buffer.from('x'), mode: 'text' }, undefined),
    ).toThrow(expect.objectContaining({ kind: 'forbidden' }));
    expect(() => refuseSaveNotAllowed(may, edits, undefined)).not.toThrow();
  });

  it('lets a save without text through without that permission', () => {
    expect(() => refuseSaveNotAllowed(mayNot, { cda: null, mode: 'data' }, undefined)).not.toThrow();
  });

  it('finishes HIM jobs only (400)', () => {
    const finish = { cda: null, mode: SAVE_MODES.finish };
    expect(() => refuseSaveNotAllowed(may, finish, { componentType: 'TR' })).toThrow(
      expect.objectContaining({ kind: 'invalid' }),
    );
    expect(() => refuseSaveNotAllowed(may, finish, { componentType: 'hi' })).not.toThrow();
  });
});
