import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocxViewProps } from './DocxView';
import type { PageConfig } from './pageConfig';
import { docxBytes, fakeWopiFetch, TOKEN, WOPI_SRC } from './testing/fakeWopiFetch';
import { WordClientPage } from './WordClientPage';

/**
 * The editor itself needs a real browser (layout, fonts, canvas): Chromium checks it in
 * e2e/word-client.spec.ts. Here it is a stand-in that reports what the real one reports.
 */
vi.mock('./DocxView', () => ({
  default: function FakeDocxView({ document, editable, onShown, onChange, onFailed }: DocxViewProps) {
    useEffect(() => {
      const text = new TextDecoder().decode(document);
      if (text.startsWith('PK')) onShown({ exportDocx: async () => document });
      else onFailed('not a zip file');
    }, [document, onShown, onFailed]);
    return (
      <div>
        <p>{editable ? 'editor: editing' : 'editor: viewing'}</p>
        <button type="button" onClick={onChange}>
          type a word
        </button>
      </div>
    );
  },
}));

function open(mode: 'edit' | 'view'): PageConfig {
  return { kind: 'open', mode, wopiSrc: WOPI_SRC, token: TOKEN, tokenTtl: 0 };
}

function withHost(options: Parameters<typeof fakeWopiFetch>[0] = {}) {
  const fake = fakeWopiFetch(options);
  vi.stubGlobal('fetch', fake.fetch);
  return fake;
}

describe('WordClientPage', () => {
  afterEach(() => {
    window.dispatchEvent(new Event('pagehide'));
  });

  it('without a token says to open the document from its job, and calls nothing', () => {
    const fake = withHost();
    render(<WordClientPage config={{ kind: 'noToken' }} />);
    expect(screen.getByRole('alert').textContent).toContain('Open this document from its job in Quill.');
    expect(fake.calls).toEqual([]);
  });

  it('with an address that is not this server’s says so, and calls nothing', () => {
    const fake = withHost();
    render(<WordClientPage config={{ kind: 'badAddress' }} />);
    expect(screen.getByRole('alert').textContent).toContain('not a document of this Quill server');
    expect(fake.calls).toEqual([]);
  });

  it('view mode: opening…, then the document read only under its name', async () => {
    withHost();
    render(<WordClientPage config={open('view')} />);
    expect(screen.getByRole('status').textContent).toContain('Opening the document…');
    expect(await screen.findByText('editor: viewing')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Read only');
    expect(screen.getByText('Consultation.docx')).toBeTruthy();
  });

  it('edit mode: editable once locked; a change shows as unsaved', async () => {
    const fake = withHost();
    render(<WordClientPage config={open('edit')} />);
    expect(await screen.findByText('editor: editing')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Editing');
    expect(fake.operations()).toEqual(['CHECK_FILE_INFO', 'GET_FILE', 'LOCK']);
    fireEvent.click(screen.getByRole('button', { name: 'type a word' }));
    expect(screen.getByRole('status').textContent).toContain('Unsaved changes');
  });

  it('edit mode with the file locked by someone else: read only, with a notice', async () => {
    withHost({ lockedBy: 'theirs' });
    render(<WordClientPage config={open('edit')} />);
    expect(await screen.findByText('editor: viewing')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'Someone else is editing this document, so it is open read only.',
    );
  });

  it.each([
    [401, 'Your access to this document has expired. Reload the job to open it again.'],
    [404, 'This document does not exist, or you may not open it.'],
    [500, 'The document service did not answer as expected. Try again, or reload the job.'],
  ])('CheckFileInfo answering %i: says so instead of the document', async (status, text) => {
    const fake = withHost();
    fake.force('CHECK_FILE_INFO', status);
    render(<WordClientPage config={open('view')} />);
    expect((await screen.findByRole('alert')).textContent).toContain(text);
    expect(screen.queryByText(/editor:/)).toBeNull();
  });

  it('a file the editor cannot open: says why, and gives the lock back', async () => {
    const fake = withHost({ file: docxBytes('not a docx') });
    render(<WordClientPage config={open('edit')} />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This Word document cannot be opened in the browser editor (not a zip file).',
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(fake.operations()).toEqual(['CHECK_FILE_INFO', 'GET_FILE', 'LOCK', 'UNLOCK']);
  });
});
