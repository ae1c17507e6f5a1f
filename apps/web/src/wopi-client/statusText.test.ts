import { describe, expect, it } from 'vitest';
import { problemText, statusText } from './statusText';
import type { WordClientState } from './wordSession';

const OPEN: WordClientState = {
  phase: 'open',
  problem: null,
  detail: '',
  fileName: 'a.docx',
  document: null,
  editable: true,
  notice: null,
  save: 'clean',
  saveProblem: null,
};

describe('the page’s status line', () => {
  it.each([
    [{ editable: false }, 'Read only'],
    [{}, 'Editing'],
    [{ save: 'unsaved' }, 'Unsaved changes'],
    [{ save: 'saving' }, 'Saving…'],
    [{ save: 'saved' }, 'Saved'],
    [{ save: 'savedEditingEnded', editable: false }, 'Saved. Editing has ended.'],
    [
      { save: 'failed', saveProblem: 'conflict' },
      'The document could not be saved. This document is no longer reserved for you, so changes made here cannot be saved. Reload the job to continue.',
    ],
    [
      { save: 'failed', saveProblem: 'expired' },
      'The document could not be saved. Your access to this document has expired. Reload the job to open it again.',
    ],
    [
      { save: 'failed', saveProblem: 'tooLarge' },
      'The document could not be saved. The document is too large to open or save here.',
    ],
  ] as [Partial<WordClientState>, string][])('%j reads "%s"', (patch, text) => {
    expect(statusText({ ...OPEN, ...patch })).toBe(text);
  });

  it('says why a document cannot be shown', () => {
    expect(problemText({ ...OPEN, phase: 'failed', problem: 'notFound' })).toBe(
      'This document does not exist, or you may not open it.',
    );
    expect(problemText({ ...OPEN, phase: 'failed', problem: 'cannotOpen', detail: 'no document.xml' })).toBe(
      'This Word document cannot be opened in the browser editor (no document.xml).',
    );
  });
});
