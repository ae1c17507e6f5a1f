import { enUS } from '@quill/core/i18n/enUS';
import { PERMISSIONS } from '@quill/core/rules/auth/permissions';
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/core';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../app/testing/fakeApi';
import { signedInRoutes } from '../../app/testing/fixtures';
import { renderApp } from '../../test/renderApp';
import { cdaAnswer, jobDetails, jobRoutesFor } from './testing/jobFixtures';

const job = enUS.job;
const view = enUS.jobView;

beforeEach(() => localStorage.clear());
// The route chunk (Tiptap) loads cold in the first test of a run: allow it time.
beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(() => cleanup());

function setup(overrides: Record<string, unknown> = {}, permissions: readonly string[] = PERMISSIONS) {
  const api = fakeApi(signedInRoutes(undefined, permissions, { ...jobRoutesFor(), ...overrides }));
  const app = renderApp('/job/42');
  return { api, app };
}

/** The Tiptap editor behind the shown text (Tiptap hangs it on its DOM node). */
async function editorOf(): Promise<Editor> {
  const dom = await screen.findByRole('textbox', { name: view.editorLabel }, { timeout: 5000 });
  return (dom as HTMLElement & { editor: Editor }).editor;
}

function typeAfter(editor: Editor, text: string, insert: string) {
  let at = -1;
  editor.state.doc.descendants((node, pos) => {
    if (at < 0 && node.isText && node.text?.includes(text)) at = pos + node.text.indexOf(text) + text.length;
  });
  act(() => {
    editor.chain().setTextSelection(at).insertContent(insert).run();
  });
}

describe('job view: load (spec 02 §4, §6, §8)', { timeout: 20_000 }, () => {
  it("says 'You do not have permission to view jobs' without jobView and asks nothing about the job", async () => {
    const { api } = setup(
      {},
      PERMISSIONS.filter((p) => p !== 'jobView'),
    );
    expect((await screen.findAllByText(job.noViewPermission)).length).toBeGreaterThan(0);
    expect(api.called().some((c) => c.includes('/api/job/'))).toBe(false);
  });

  it("says 'You are not permitted to access this job' when canaccessjob refuses", async () => {
    setup({ 'GET /api/job/canaccessjob': { canAccess: false } });
    expect(await screen.findByText(job.accessDenied)).toBeTruthy();
  });

  it('says the job was not found for a 404 (missing or another tenant’s job)', async () => {
    setup({ 'GET /api/job/GetJobDetails': apiError(404, 'not_found') });
    expect(await screen.findByText('Job 42 was not found.')).toBeTruthy();
  });

  it('offers Retry when the job could not be loaded', async () => {
    const { api } = setup({ 'GET /api/job/GetJobDetails': apiError(503, 'unavailable') });
    expect(await screen.findByText('Job 42 could not be loaded.')).toBeTruthy();
    api.set('GET /api/job/GetJobDetails', jobDetails());
    fireEvent.click(screen.getByRole('button', { name: view.retry }));
    expect(await screen.findByText('History of Present Illness')).toBeTruthy();
  });

  it("says 'No document available' for an audio-only job", async () => {
    const { api } = setup({
      'GET /api/job/GetDocumentAvailability': {
        ...jobRoutesFor()['GET /api/job/GetDocumentAvailability'],
        hasCDA: false,
      },
    });
    expect(await screen.findByText(job.noDocument)).toBeTruthy();
    expect(api.called()).not.toContain('GET /api/job/getcda');
  });

  it('shows the document-type-none error for the Word format or a fallback CDA', async () => {
    setup({
      'GET /api/job/GetDocumentAvailability': {
        ...jobRoutesFor()['GET /api/job/GetDocumentAvailability'],
        isFallbackDocument: true,
      },
    });
    expect(await screen.findByText(job.documentTypeNone)).toBeTruthy();
  });

  it('shows the details (patient withheld without ADT permission), escaped notes and the recipients read-only', async () => {
    setup(
      {},
      PERMISSIONS.filter((p) => !['adtView', 'adtEdit', 'jobEditAdt'].includes(p)),
    );
    const header = await screen.findByRole('region', { name: view.details });
    expect(within(header).getByText('Patient Name')).toBeTruthy();
    expect(within(header).queryByText('Doe, Jane')).toBeNull();
    expect(within(header).getByText('Dr Ada Byron')).toBeTruthy();
    expect(screen.getAllByText('Call <back> — café').length).toBeGreaterThan(0);
    const recipientsTab = screen.getByRole('button', { name: view.panelRecipients }) as HTMLButtonElement;
    expect(recipientsTab.disabled).toBe(false);
    fireEvent.click(recipientsTab);
    const card = screen.getByRole('region', { name: enUS.recipients.title });
    expect(within(card).getAllByText(enUS.recipients.none)).toHaveLength(2);
    expect(within(card).queryByRole('button', { name: enUS.recipients.addAddressee })).toBeNull();
    expect(document.title).toBe('Job 42 - Quill');
  });

  it("shows the job's times in its facility's zone, labelled, whatever the browser's zone (issue 18)", async () => {
    // 03:50Z on the 27th is 22:50 on the 26th in Chicago: the list's day and time, not UTC's.
    setup({
      'GET /api/job/GetJobDetails': jobDetails({
        dictatedDate: '2026-10-27T03:50:00.000Z',
        createdDate: '2026-10-27T04:05:00.000Z',
        timeZone: 'America/Chicago',
        jobNotes: [
          { createdBy: 'Mia', appName: 'Quill', createdDate: '2026-10-27T04:10:00.000Z', note: 'n' },
        ],
      }),
    });
    const header = await screen.findByRole('region', { name: view.details });
    expect(within(header).getByText('10/26/2026 22:50 CDT')).toBeTruthy();
    expect(within(header).getByText('10/26/2026 23:05 CDT')).toBeTruthy();
    expect(await screen.findByText(/10\/26\/2026 23:10 CDT/)).toBeTruthy();
  });

  it('opens the print preview in a new tab (view mode only)', async () => {
    setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await editorOf();
    fireEvent.click(screen.getByRole('button', { name: view.printPreview }));
    expect(open).toHaveBeenCalledWith('/api/file/download/42.pdf', '_blank');
    open.mockRestore();
  });

  it('shows the CDA sections read-only in view mode, spellcheck off', async () => {
    setup();
    const editor = await editorOf();
    expect(screen.getByText('History of Present Illness')).toBeTruthy();
    expect(editor.isEditable).toBe(false);
    expect(editor.view.dom.getAttribute('spellcheck')).toBe('false');
  });
});

describe('job view: edit and save (spec 02 §4)', { timeout: 20_000 }, () => {
  it('books out, marks changed, checks the version and saves only the changed section', async () => {
    const { api } = setup({
      'POST /api/job/bookoutjob': {
        success: true,
        bookingCookie: 'cookie-1',
        expiresAt: '2026-03-01T10:10:00Z',
        messages: [],
      },
      'GET /api/job/getjobversion': { version: 2 },
      'POST /api/job/savejob': { success: true, version: 3, stageId: 3, stageName: 'Hold Queue', flags: [] },
    });
    const editor = await editorOf();
    fireEvent.click(await screen.findByRole('button', { name: view.edit }));
    await waitFor(() => expect(editor.isEditable).toBe(true));
    expect((screen.getByRole('button', { name: view.printPreview }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    typeAfter(editor, 'mild', ' to moderate');
    expect(await screen.findByText(view.changed)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: new RegExp(view.addNote) }), {
      target: { value: ' Checked with Dr Byron ' },
    });
    api.set('GET /api/job/getcda', cdaAnswer(3));
    fireEvent.click(screen.getByRole('button', { name: view.save }));
    fireEvent.click(await screen.findByRole('menuitem', { name: view.saveModes.saveOnly }));
    await waitFor(() => expect(api.called()).toContain('POST /api/job/savejob'));
    const save = api.calls.find((c) => c.path === '/api/job/savejob')!.body as Record<string, unknown>;
    expect(save).toMatchObject({
      jobId: 42,
      version: 2,
      bookingCookie: 'cookie-1',
      saveMode: 0,
      setJobDataRequest: {
        jobId: 42,
        dictator: 3,
        workTypeId: 5,
        jobNote: 'Checked with Dr Byron',
        isProtected: false,
      },
      cda: {
        sections: [
          {
            key: '0',
            blocks: [{ kind: 'paragraph', runs: [{ text: 'The patient reports mild to moderate pain.' }] }],
          },
        ],
      },
    });
    expect(api.called().indexOf('GET /api/job/getjobversion')).toBeLessThan(
      api.called().indexOf('POST /api/job/savejob'),
    );
    // Save only keeps the booking: still editing.
    expect(await screen.findByText(view.editing)).toBeTruthy();
  });

  it('asks to overwrite when a newer version exists, and saves on the newer version when told to', async () => {
    const { api } = setup({
      'POST /api/job/bookoutjob': { success: true, bookingCookie: 'c', expiresAt: 'x', messages: [] },
      'GET /api/job/getjobversion': { version: 5 },
      'POST /api/job/savejob': { success: true, version: 6, stageId: 8, stageName: 'Pending Fax', flags: [] },
    });
    const editor = await editorOf();
    fireEvent.click(await screen.findByRole('button', { name: view.edit }));
    await waitFor(() => expect(editor.isEditable).toBe(true));
    typeAfter(editor, 'pain', '!');
    fireEvent.click(screen.getByRole('button', { name: view.save }));
    fireEvent.click(await screen.findByRole('menuitem', { name: view.saveModes.moveOn }));
    expect(await screen.findByText(job.newerVersion)).toBeTruthy();
    expect(api.called()).not.toContain('POST /api/job/savejob');
    fireEvent.click(screen.getByRole('button', { name: view.overwrite }));
    await waitFor(() => expect(api.called()).toContain('POST /api/job/savejob'));
    expect(api.calls.find((c) => c.path === '/api/job/savejob')!.body).toMatchObject({
      version: 5,
      saveMode: 1,
    });
    // Move on releases the booking: back to view mode.
    expect(await screen.findByRole('button', { name: view.edit })).toBeTruthy();
  });

  it('warns and does not save when the version check fails', async () => {
    const { api } = setup({
      'POST /api/job/bookoutjob': { success: true, bookingCookie: 'c', expiresAt: 'x', messages: [] },
      'GET /api/job/getjobversion': apiError(500, 'internal'),
    });
    await editorOf();
    fireEvent.click(await screen.findByRole('button', { name: view.edit }));
    fireEvent.click(await screen.findByRole('button', { name: view.save }));
    fireEvent.click(await screen.findByRole('menuitem', { name: view.saveModes.hold }));
    expect(await screen.findByText(job.versionCheckFailed)).toBeTruthy();
    expect(api.called()).not.toContain('POST /api/job/savejob');
  });

  it('shows the protection dialog first, and the book-out failure message', async () => {
    const { api } = setup({
      'GET /api/job/GetJobDetails': jobDetails({ isProtected: true }),
      'POST /api/job/bookoutjob': { success: false, bookingCookie: '', expiresAt: '', messages: [] },
    });
    await editorOf();
    fireEvent.click(await screen.findByRole('button', { name: view.edit }));
    expect(await screen.findByText(view.protectedText)).toBeTruthy();
    expect(api.called()).not.toContain('POST /api/job/bookoutjob');
    fireEvent.click(screen.getByRole('button', { name: view.unprotect }));
    expect(await screen.findByText(job.bookOutFailed)).toBeTruthy();
  });

  it('offers save modes by the rules: finish for HIM jobs only', async () => {
    setup({
      'GET /api/job/GetJobDetails': jobDetails({ componentType: 'HI' }),
      'POST /api/job/bookoutjob': { success: true, bookingCookie: 'c', expiresAt: 'x', messages: [] },
    });
    await editorOf();
    fireEvent.click(await screen.findByRole('button', { name: view.edit }));
    fireEvent.click(await screen.findByRole('button', { name: view.save }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(Object.values(view.saveModes));
  });

  it('cancels the booking on Cancel, after asking when there are unsaved changes', async () => {
    const { api, app } = setup({
      'POST /api/job/bookoutjob': { success: true, bookingCookie: 'c9', expiresAt: 'x', messages: [] },
      'POST /api/job/cancelbooking': { success: true, messages: [] },
    });
    const editor = await editorOf();
    fireEvent.click(await screen.findByRole('button', { name: view.edit }));
    await waitFor(() => expect(editor.isEditable).toBe(true));
    typeAfter(editor, 'pain', '!');
    fireEvent.click(screen.getByRole('button', { name: view.cancel }));
    expect(await screen.findByText(view.unsavedText)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: view.leave }));
    await waitFor(() => expect(api.called()).toContain('POST /api/job/cancelbooking'));
    expect(api.calls.find((c) => c.path === '/api/job/cancelbooking')!.url).toContain('bookingCookie=c9');
    await waitFor(() => expect(app.history.location.pathname).not.toBe('/job/42'));
  });

  it('asks before leaving with unsaved changes by any navigation, and stays on Stay', async () => {
    const { app } = setup({
      'POST /api/job/bookoutjob': { success: true, bookingCookie: 'c', expiresAt: 'x', messages: [] },
    });
    const editor = await editorOf();
    fireEvent.click(await screen.findByRole('button', { name: view.edit }));
    await waitFor(() => expect(editor.isEditable).toBe(true));
    typeAfter(editor, 'pain', '!');
    act(() => {
      app.history.push('/jobs');
    });
    expect(await screen.findByText(view.unsavedText)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: view.stay }));
    await waitFor(() => expect(screen.queryByText(view.unsavedText)).toBeNull());
    expect(app.history.location.pathname).toBe('/job/42');
    expect(editor.getText()).toContain('pain!');
  });

  it('keeps the text read-only in edit mode without jobEditText', async () => {
    const { api } = setup(
      { 'POST /api/job/bookoutjob': { success: true, bookingCookie: 'c', expiresAt: 'x', messages: [] } },
      PERMISSIONS.filter((p) => p !== 'jobEditText'),
    );
    const editor = await editorOf();
    fireEvent.click(await screen.findByRole('button', { name: view.edit }));
    expect(await screen.findByRole('button', { name: view.cancel })).toBeTruthy();
    expect(api.called()).toContain('POST /api/job/bookoutjob');
    expect(editor.isEditable).toBe(false);
  });

  it('keeps unsaved text as a draft and offers it when the job is opened again', async () => {
    setup({
      'POST /api/job/bookoutjob': { success: true, bookingCookie: 'c', expiresAt: 'x', messages: [] },
    });
    const editor = await editorOf();
    fireEvent.click(await screen.findByRole('button', { name: view.edit }));
    await waitFor(() => expect(editor.isEditable).toBe(true));
    typeAfter(editor, 'pain', ' (kept)');
    await waitFor(() => expect(localStorage.getItem('quill-job-draft-42-2')).toContain('(kept)'), {
      timeout: 3000,
    });
    cleanup();
    setup({
      'POST /api/job/bookoutjob': { success: true, bookingCookie: 'c', expiresAt: 'x', messages: [] },
    });
    const again = await editorOf();
    fireEvent.click(await screen.findByRole('button', { name: view.restoreDraft }));
    await waitFor(() => expect(again.getText()).toContain('(kept)'));
    expect(again.isEditable).toBe(true);
  });
});
