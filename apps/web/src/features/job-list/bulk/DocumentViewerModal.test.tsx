import { enUS } from '@quill/core/i18n/enUS';
import { LIMITS } from '@quill/core/rules/settings/constants';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../app/testing/fakeApi';
import { renderWithSession } from '../testing/renderWithSession';
import { DocumentViewerModal } from './DocumentViewerModal';

const V = enUS.documents.viewer;
const MULTI = 'GET /api/file/FormatMultiplePdfJobs/0/false/false';

function pdf(bytes: number): Response {
  return new Response(new Uint8Array(bytes), { status: 200, headers: { 'Content-Type': 'application/pdf' } });
}

beforeEach(() => {
  // jsdom has no blob URLs.
  Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:quill/doc'), configurable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'pdfViewerEnabled');
});

function renderViewer(jobIds: number[]) {
  const onClose = vi.fn();
  renderWithSession(<DocumentViewerModal jobIds={jobIds} onClose={onClose} />);
  return { onClose, dialog: () => screen.getByRole('dialog', { name: V.title }) };
}

describe('Selected Documents viewer (spec 01 §8, §9)', () => {
  it('shows several jobs as one PDF (single copies) inline', async () => {
    const api = fakeApi({ [MULTI]: () => pdf(2000) });
    renderViewer([3, 1, 2]);
    const frame = await screen.findByTestId('document-frame');
    expect(frame.getAttribute('src')).toBe('blob:quill/doc');
    expect(api.calls[0]!.url).toBe(
      '/api/file/FormatMultiplePdfJobs/0/false/false?jobIds=3&jobIds=1&jobIds=2',
    );
  });

  it("shows one job's own PDF", async () => {
    const api = fakeApi({ 'GET /api/file/Download/5.pdf': () => pdf(10) });
    renderViewer([5]);
    await screen.findByTestId('document-frame');
    expect(api.called()).toEqual(['GET /api/file/Download/5.pdf']);
  });

  it('opens a document of 1,536,000 bytes or more in a new tab', async () => {
    fakeApi({ [MULTI]: () => pdf(LIMITS.inlinePdfMaxBytes) });
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const { dialog } = renderViewer([1, 2]);
    expect(await screen.findByText(V.openedInNewTabTitle)).toBeTruthy();
    expect(screen.getByText(V.openedInNewTab)).toBeTruthy();
    expect(open).toHaveBeenCalledWith('blob:quill/doc', '_blank');
    expect(screen.queryByTestId('document-frame')).toBeNull();
    expect(within(dialog()).getByRole('link', { name: V.openInNewTab }).getAttribute('href')).toBe(
      'blob:quill/doc',
    );
    expect(screen.queryByText(enUS.documents.popupBlocked)).toBeNull();
  });

  it('says when the browser has no PDF viewer, and when the popup was blocked', async () => {
    Object.defineProperty(navigator, 'pdfViewerEnabled', { value: false, configurable: true });
    fakeApi({ [MULTI]: () => pdf(100) });
    vi.spyOn(window, 'open').mockReturnValue(null);
    renderViewer([1, 2]);
    expect(await screen.findByText(V.pdfViewerDisabledTitle)).toBeTruthy();
    expect(screen.getByText(V.pdfViewerDisabled)).toBeTruthy();
    expect(screen.getByText(enUS.documents.popupBlocked)).toBeTruthy();
  });

  it("422: 'No copies', without retry", async () => {
    fakeApi({ [MULTI]: apiError(422, 'no_copies', 'No copies') });
    const { dialog } = renderViewer([1, 2]);
    expect(await screen.findByText(V.noCopiesTitle)).toBeTruthy();
    expect(screen.getByText(V.noCopies)).toBeTruthy();
    expect(within(dialog()).queryByRole('button', { name: V.retry })).toBeNull();
  });

  it("404: 'Document not found', and Retry asks again", async () => {
    let calls = 0;
    fakeApi({
      [MULTI]: () => {
        calls += 1;
        return calls === 1 ? apiError(404, 'not_found', 'Document not found') : pdf(10);
      },
    });
    const { dialog } = renderViewer([1, 2]);
    expect(await screen.findByText(V.notFoundTitle)).toBeTruthy();
    expect(screen.getByText(V.notFound)).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: V.retry }));
    expect(await screen.findByTestId('document-frame')).toBeTruthy();
    expect(calls).toBe(2);
  });

  it("other failures: 'An error has occurred' with the customer-service message and Retry", async () => {
    fakeApi({ [MULTI]: apiError(503, 'unavailable', 'down') });
    const { dialog, onClose } = renderViewer([1, 2]);
    expect(await screen.findByText(V.errorTitle)).toBeTruthy();
    expect(screen.getByText(enUS.errors.defaultMessage)).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: V.retry })).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: V.close }));
    expect(onClose).toHaveBeenCalled();
  });
});
