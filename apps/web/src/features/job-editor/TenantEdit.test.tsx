import { enUS } from '@quill/core/i18n/enUS';
import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../app/testing/fakeApi';
import { signedInRoutes } from '../../app/testing/fixtures';
import { renderApp } from '../../test/renderApp';
import { jobRoutesFor } from './testing/jobFixtures';

const view = enUS.jobView;
const booked = { success: true, bookingCookie: 'tenant-cookie', expiresAt: 'x', messages: [] };

let opener: { closed: boolean; postMessage: ReturnType<typeof vi.fn> };
let close: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  localStorage.clear();
  opener = { closed: false, postMessage: vi.fn() };
  close = vi.fn<() => void>();
  Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true });
  vi.spyOn(window, 'close').mockImplementation(close);
});
// The route chunk (Tiptap) loads cold in the first test of a run: allow it time.
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(() => {
  cleanup();
  Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
  vi.restoreAllMocks();
});

async function editorOf(): Promise<Editor> {
  const dom = await screen.findByRole('textbox', { name: view.editorLabel }, { timeout: 5000 });
  return (dom as HTMLElement & { editor: Editor }).editor;
}

describe('tenant edit /job/webedit/{id}/{tenant} (spec 02 §4)', { timeout: 20_000 }, () => {
  it('shows Edit Job, books out on load and tells the opener after a save, 3000 ms later', async () => {
    const api = fakeApi(
      signedInRoutes(undefined, undefined, {
        ...jobRoutesFor(),
        'POST /api/job/bookoutjob': booked,
        'GET /api/job/getjobversion': { version: 2 },
        'POST /api/job/savejob': {
          success: true,
          version: 3,
          stageId: 8,
          stageName: 'Pending Fax',
          flags: [],
        },
      }),
    );
    renderApp('/job/webedit/42/MANAGER');
    const editor = await editorOf();
    expect(screen.getByText(enUS.nav.tenantEditTitle)).toBeTruthy();
    await waitFor(() => expect(editor.isEditable).toBe(true));
    expect(api.called()).toContain('POST /api/job/bookoutjob');
    fireEvent.click(screen.getByRole('button', { name: view.save }));
    fireEvent.click(await screen.findByRole('menuitem', { name: view.saveModes.moveOn }));
    await waitFor(() => expect(api.called()).toContain('POST /api/job/savejob'));
    expect(opener.postMessage).not.toHaveBeenCalled();
    await waitFor(
      () =>
        expect(opener.postMessage).toHaveBeenCalledWith({ type: 'webEditSavedAndClosed', jobId: 42 }, '*'),
      { timeout: 8000 },
    );
    expect(close).toHaveBeenCalled();
  });

  it('tells the opener webEditCancelled after a cancel, and webEditExited on unload', async () => {
    fakeApi(
      signedInRoutes(undefined, undefined, {
        ...jobRoutesFor(),
        'POST /api/job/bookoutjob': booked,
        'POST /api/job/cancelbooking': { success: true, messages: [] },
      }),
    );
    renderApp('/job/webedit/42/manager');
    const editor = await editorOf();
    await waitFor(() => expect(editor.isEditable).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: view.cancel }));
    await waitFor(
      () => expect(opener.postMessage).toHaveBeenCalledWith({ type: 'webEditCancelled', jobId: 42 }, '*'),
      { timeout: 8000 },
    );
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(opener.postMessage).toHaveBeenCalledWith({ type: 'webEditExited', jobId: 42 }, '*');
  });

  it('shows the 404 page for another tenant and for a job id that is not a number', async () => {
    fakeApi(signedInRoutes(undefined, undefined, jobRoutesFor()));
    renderApp('/job/webedit/42/other');
    expect(await screen.findByText('Error 404')).toBeTruthy();
    cleanup();
    renderApp('/job/abc');
    expect(await screen.findByText('Error 404')).toBeTruthy();
  });
});
