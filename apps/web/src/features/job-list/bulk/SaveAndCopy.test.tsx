import { enUS } from '@quill/core/i18n/enUS';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../app/testing/fakeApi';
import { renderWithSession } from '../testing/renderWithSession';
import { savePath } from './bulkApi';
import { CopyJobsModal } from './CopyJobsModal';
import { SaveJobsModal } from './SaveJobsModal';

const S = enUS.documents.save;
const C = enUS.documents.copy;

function file(type: string, name: string): Response {
  return new Response(new Uint8Array([80, 75, 3, 4]), {
    status: 200,
    headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"` },
  });
}

let saved: string[];
beforeEach(() => {
  saved = [];
  Object.defineProperty(URL, 'createObjectURL', {
    value: vi.fn(() => 'blob:quill/file'),
    configurable: true,
  });
  Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

function renderSave(pendingQueue: boolean, canClear = true, canMarkPrinted = true) {
  const onClose = vi.fn();
  const onCleared = vi.fn();
  renderWithSession(
    <SaveJobsModal
      jobIds={[11, 12, 13]}
      pendingQueue={pendingQueue}
      canClear={canClear}
      canMarkPrinted={canMarkPrinted}
      onClose={onClose}
      onCleared={onCleared}
    />,
  );
  const dialog = () => screen.getByRole('dialog', { name: S.title });
  return { onClose, onCleared, dialog };
}

describe('Save format chooser and bulk download (spec 01 §4, §5)', () => {
  it('downloads Jobs.zip as PDF by default; outside the pending queue there is nothing more', async () => {
    const api = fakeApi({ 'GET /api/file/BulkDownload': () => file('application/zip', 'Jobs.zip') });
    const { dialog, onClose } = renderSave(false);
    expect((within(dialog()).getByRole('radio', { name: S.pdf }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog()).queryByRole('checkbox')).toBeNull();
    fireEvent.click(within(dialog()).getByRole('button', { name: S.download }));
    expect(await screen.findByText('Jobs.zip was downloaded.')).toBeTruthy();
    expect(api.calls[0]!.url).toBe('/api/file/BulkDownload?jobIds=11&jobIds=12&jobIds=13&format=pdf');
    expect(saved).toEqual(['Jobs.zip']);
    fireEvent.click(within(dialog()).getByRole('button', { name: S.done }));
    expect(onClose).toHaveBeenCalled();
  });

  it('saves the stored CDA documents as XML: one job as its own file, several in Jobs.zip', async () => {
    const api = fakeApi({ 'GET /api/file/BulkDownload': () => file('application/zip', 'Jobs.zip') });
    const { dialog } = renderSave(false);
    fireEvent.click(within(dialog()).getByRole('radio', { name: S.xml }));
    fireEvent.click(within(dialog()).getByRole('button', { name: S.download }));
    expect(await screen.findByText('Jobs.zip was downloaded.')).toBeTruthy();
    expect(api.calls[0]!.url).toBe('/api/file/BulkDownload?jobIds=11&jobIds=12&jobIds=13&format=xml');
    expect(savePath([11], 'xml')).toBe('/api/file/Download/11.xml');
  });

  it('says which job cannot be saved and why when the server answers 404', async () => {
    const why =
      'Job 12 has no CDA document to save as XML: its document is a Word document. Save it as PDF or RTF.';
    fakeApi({ 'GET /api/file/BulkDownload': () => apiError(404, 'not_found', why) });
    const { dialog } = renderSave(false);
    fireEvent.click(within(dialog()).getByRole('radio', { name: S.xml }));
    fireEvent.click(within(dialog()).getByRole('button', { name: S.download }));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(why);
  });

  it('in the pending queue enables Clear from list and Sent for printing after the download, and acts on them', async () => {
    const api = fakeApi({
      'GET /api/file/BulkDownload': () => file('application/zip', 'Jobs.zip'),
      'POST /api/jobs/printed': { recorded: 3 },
      'POST /api/jobs/completejobs': { cleared: [11, 12, 13], notCleared: [] },
    });
    const { dialog, onCleared, onClose } = renderSave(true);
    const clear = within(dialog()).getByRole('checkbox', { name: S.clearFromList }) as HTMLInputElement;
    const printed = within(dialog()).getByRole('checkbox', { name: S.sentForPrinting }) as HTMLInputElement;
    expect([clear.disabled, printed.disabled, clear.checked, printed.checked]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    fireEvent.click(within(dialog()).getByRole('radio', { name: S.rtf }));
    fireEvent.click(within(dialog()).getByRole('button', { name: S.download }));
    await screen.findByText('Jobs.zip was downloaded.');
    expect(api.calls[0]!.url).toContain('format=rtf');
    expect([clear.disabled, printed.disabled]).toEqual([false, false]);
    fireEvent.click(clear);
    fireEvent.click(printed);
    fireEvent.click(within(dialog()).getByRole('button', { name: S.done }));
    expect(await screen.findByText(enUS.documents.markedPrinted)).toBeTruthy();
    expect(await screen.findByText('3 selected jobs were cleared from the list')).toBeTruthy();
    expect(api.called()).toEqual([
      'GET /api/file/BulkDownload',
      'POST /api/jobs/printed',
      'POST /api/jobs/completejobs',
    ]);
    expect(onCleared).toHaveBeenCalledWith([11, 12, 13]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('without the permissions keeps Clear from list and Sent for printing disabled, saying why', async () => {
    const api = fakeApi({ 'GET /api/file/BulkDownload': () => file('application/zip', 'Jobs.zip') });
    const { dialog, onClose } = renderSave(true, false, false);
    fireEvent.click(within(dialog()).getByRole('button', { name: S.download }));
    await screen.findByText('Jobs.zip was downloaded.');
    const clear = within(dialog()).getByRole('checkbox', { name: S.clearFromList }) as HTMLInputElement;
    const printed = within(dialog()).getByRole('checkbox', { name: S.sentForPrinting }) as HTMLInputElement;
    expect([clear.disabled, printed.disabled]).toEqual([true, true]);
    expect(within(dialog()).getByText(enUS.clear.noPermission)).toBeTruthy();
    expect(within(dialog()).getByText(enUS.documents.noPrintPermission)).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: S.done }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.called()).toEqual(['GET /api/file/BulkDownload']);
  });

  it('says when the download failed, and offers to try again', async () => {
    fakeApi({ 'GET /api/file/BulkDownload': apiError(500, 'internal', 'boom') });
    const { dialog } = renderSave(true);
    fireEvent.click(within(dialog()).getByRole('button', { name: S.download }));
    expect((await screen.findAllByText(enUS.documents.bulkSaveFailed)).length).toBeGreaterThan(0);
    expect(within(dialog()).getByRole('button', { name: S.tryAgain })).toBeTruthy();
    expect(
      (within(dialog()).getByRole('checkbox', { name: S.clearFromList }) as HTMLInputElement).disabled,
    ).toBe(true);
    expect(saved).toEqual([]);
  });
});

function renderCopy(pendingQueue: boolean, canMarkPrinted = true) {
  const onClose = vi.fn();
  renderWithSession(
    <CopyJobsModal
      jobIds={[21, 22]}
      pendingQueue={pendingQueue}
      canMarkPrinted={canMarkPrinted}
      onClose={onClose}
    />,
  );
  const dialog = () => screen.getByRole('dialog', { name: C.title });
  return { onClose, dialog };
}

describe('Copy / Print (spec 01 §5)', () => {
  it('offers smart copies only in the pending queue; cover sheet and duplex start off', () => {
    renderCopy(false);
    expect(screen.queryByRole('radio', { name: new RegExp(C.types['3']) })).toBeNull();
    expect(
      (screen.getByRole('radio', { name: new RegExp(`^${C.types['0']}`) }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((screen.getByRole('checkbox', { name: C.coverSheet }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: C.duplex }) as HTMLInputElement).checked).toBe(false);
  });

  it('opens the copies in a new tab, then marks the jobs printed with the copy type', async () => {
    const tab = {
      document: { title: '', body: { textContent: '' } },
      location: { href: '' },
      close: vi.fn(),
    };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const api = fakeApi({
      'GET /api/file/FormatMultiplePdfJobs/3/true/true': () => file('application/pdf', 'Jobs.pdf'),
      'POST /api/jobs/printed': { recorded: 2 },
    });
    const { dialog, onClose } = renderCopy(true);
    fireEvent.click(within(dialog()).getByRole('radio', { name: new RegExp(`^${C.types['3']}`) }));
    fireEvent.click(within(dialog()).getByRole('checkbox', { name: C.coverSheet }));
    fireEvent.click(within(dialog()).getByRole('checkbox', { name: C.duplex }));
    fireEvent.click(within(dialog()).getByRole('button', { name: C.print }));
    expect(await screen.findByText(C.opened)).toBeTruthy();
    expect(tab.location.href).toBe('blob:quill/file');
    expect(api.calls[0]!.url).toBe('/api/file/FormatMultiplePdfJobs/3/true/true?jobIds=21&jobIds=22');
    fireEvent.click(within(dialog()).getByRole('button', { name: C.markPrinted }));
    expect(await screen.findByText(enUS.documents.markedPrinted)).toBeTruthy();
    expect(api.calls[1]!.body).toEqual({ jobIds: [21, 22], copiesType: 3 });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('does not offer Mark as Printed to an account that may not record prints', async () => {
    const tab = {
      document: { title: '', body: { textContent: '' } },
      location: { href: '' },
      close: vi.fn(),
    };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const api = fakeApi({
      'GET /api/file/FormatMultiplePdfJobs/0/false/false': () => file('application/pdf', 'Jobs.pdf'),
    });
    const { dialog, onClose } = renderCopy(true, false);
    fireEvent.click(within(dialog()).getByRole('button', { name: C.print }));
    expect(await screen.findByText(C.opened)).toBeTruthy();
    expect(within(dialog()).queryByRole('button', { name: C.markPrinted })).toBeNull();
    fireEvent.click(within(dialog()).getByRole('button', { name: enUS.documents.viewer.close }));
    expect(onClose).toHaveBeenCalled();
    expect(api.called()).toEqual(['GET /api/file/FormatMultiplePdfJobs/0/false/false']);
  });

  it('says when the browser blocks the popup, and fetches nothing', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const api = fakeApi({});
    const { dialog } = renderCopy(false);
    fireEvent.click(within(dialog()).getByRole('button', { name: C.print }));
    expect(await screen.findByText(enUS.documents.popupBlocked)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("422 'No copies' closes the tab and cannot be printed again until another choice", async () => {
    const tab = {
      document: { title: '', body: { textContent: '' } },
      location: { href: '' },
      close: vi.fn(),
    };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    fakeApi({ 'GET /api/file/FormatMultiplePdfJobs/2/false/false': apiError(422, 'no_copies', 'No copies') });
    const { dialog } = renderCopy(false);
    fireEvent.click(within(dialog()).getByRole('radio', { name: new RegExp(`^${C.types['2']}`) }));
    fireEvent.click(within(dialog()).getByRole('button', { name: C.print }));
    expect(await screen.findByText(enUS.documents.viewer.noCopies)).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(within(dialog()).getByRole('button', { name: C.print }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog()).getByRole('radio', { name: new RegExp(`^${C.types['0']}`) }));
    expect(within(dialog()).getByRole('button', { name: C.print }).hasAttribute('disabled')).toBe(false);
  });
});
