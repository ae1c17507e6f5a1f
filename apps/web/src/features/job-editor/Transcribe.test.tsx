import { enUS } from '@quill/core/i18n/enUS';
import { PERMISSIONS } from '@quill/core/rules/auth/permissions';
import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../app/testing/fakeApi';
import { signedInRoutes } from '../../app/testing/fixtures';
import { renderApp } from '../../test/renderApp';
import { cdaAnswer, jobRoutesFor } from './testing/jobFixtures';

const start = enUS.transcribe.start;

beforeEach(() => localStorage.clear());
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(() => cleanup());

const audioOnly = { ...jobRoutesFor()['GET /api/job/GetDocumentAvailability'], hasCDA: false, hasWav: true };
/** The recognizer's draft: its words marked as recognized, one boilerplate paragraph not. */
function recognizedDraft() {
  const answer = cdaAnswer(1);
  answer.draft = 'asr';
  answer.model.sections[0]!.blocks = [
    { kind: 'paragraph', runs: [{ text: 'patient has a cuff', recognized: true }] },
    { kind: 'paragraph', runs: [{ text: 'seen with his wife', recognized: true }] },
  ];
  return answer;
}

function setup(permissions: readonly string[] = PERMISSIONS) {
  const api = fakeApi(
    signedInRoutes(undefined, permissions, {
      ...jobRoutesFor(),
      'GET /api/job/GetDocumentAvailability': audioOnly,
      'POST /api/job/transcribe': {
        success: true,
        bookingCookie: 'c'.repeat(32),
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
        messages: [],
        draft: 'asr',
      },
    }),
  );
  renderApp('/job/42');
  return api;
}

async function editorOf(): Promise<Editor> {
  const dom = await screen.findByRole('textbox', { name: enUS.jobView.editorLabel }, { timeout: 5000 });
  return (dom as HTMLElement & { editor: Editor }).editor;
}

describe('Transcribe (issue 27)', { timeout: 20_000 }, () => {
  it('starts the transcription of an audio-only job and opens the recognizer’s draft, unchecked words highlighted until edited', async () => {
    const api = setup();
    const button = await screen.findByRole('button', { name: start.button });
    // What Transcribe opens: the draft the server now answers.
    api.set('GET /api/job/GetDocumentAvailability', { ...audioOnly, hasCDA: true, documentType: 'CDA' });
    api.set('GET /api/job/getcda', recognizedDraft());
    fireEvent.click(button);
    expect(await screen.findByText(start.draftBanner)).toBeTruthy();
    expect(api.called()).toContain('POST /api/job/transcribe');
    const editor = await editorOf();
    await waitFor(() => expect(editor.isEditable).toBe(true));
    const marked = () => [...editor.view.dom.querySelectorAll('.cda-recognized')].map((e) => e.textContent);
    expect(marked()).toEqual(['patient has a cuff', 'seen with his wife']);

    // Correcting "cuff" to "cough" makes that paragraph the transcriptionist's; the other stays marked.
    let at = -1;
    editor.state.doc.descendants((node, pos) => {
      if (at < 0 && node.isText && node.text?.includes('cuff')) at = pos + node.text.indexOf('cuff');
    });
    act(() => {
      editor
        .chain()
        .setTextSelection({ from: at, to: at + 4 })
        .insertContent('cough')
        .run();
    });
    expect(marked()).toEqual(['seen with his wife']);
    expect(editor.getText()).toContain('patient has a cough');
  });

  it('offers no Transcribe without the edit-text permission', async () => {
    setup(PERMISSIONS.filter((p) => p !== 'jobEditText'));
    expect(await screen.findByText(enUS.job.noDocument)).toBeTruthy();
    expect(screen.queryByRole('button', { name: start.button })).toBeNull();
  });
});
