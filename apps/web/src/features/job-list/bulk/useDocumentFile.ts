import { LIMITS } from '@quill/core/rules/settings/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFile } from './bulkApi';
import { type DocumentError, documentError } from './documentError';
import { documentUrl, openInNewTab } from './newTab';

/** What the Selected Documents viewer shows. */
export type DocumentView =
  | { kind: 'loading' }
  | { kind: 'inline'; url: string }
  /** Opened in a new tab: too large to show here, or no PDF viewer in this browser. */
  | { kind: 'tab'; reason: 'tooLarge' | 'noViewer'; url: string; blocked: boolean }
  | { kind: 'error'; error: DocumentError };

/** False only where the browser says it has no PDF viewer (spec 01 §8 'PDF Viewer Disabled'). */
function pdfViewerEnabled(): boolean {
  return (navigator as Navigator & { pdfViewerEnabled?: boolean }).pdfViewerEnabled !== false;
}

/**
 * Fetches the document at `path` (null: nothing) and decides where it is shown: inline under
 * LIMITS.inlinePdfMaxBytes when the browser can show PDFs, otherwise in a new tab. A new `attempt`
 * fetches it again (Retry). The inline document's URL is revoked when it is no longer shown.
 */
export function useDocumentFile(path: string | null, attempt: number): DocumentView {
  const { t } = useTranslation();
  const [view, setView] = useState<DocumentView>({ kind: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for the same path again
  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    let inlineUrl: string | null = null;
    setView({ kind: 'loading' });
    fetchFile(path, controller.signal).then(
      ({ blob }) => {
        if (controller.signal.aborted) return;
        const pdf = blob.type ? blob : new Blob([blob], { type: 'application/pdf' });
        const noViewer = !pdfViewerEnabled();
        if (!noViewer && pdf.size < LIMITS.inlinePdfMaxBytes) {
          inlineUrl = URL.createObjectURL(pdf);
          setView({ kind: 'inline', url: inlineUrl });
          return;
        }
        const url = documentUrl(pdf);
        const blocked = !openInNewTab(url);
        setView({ kind: 'tab', reason: noViewer ? 'noViewer' : 'tooLarge', url, blocked });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setView({ kind: 'error', error: documentError(error, t) });
      },
    );
    return () => {
      controller.abort();
      if (inlineUrl) URL.revokeObjectURL(inlineUrl);
    };
  }, [path, attempt, t]);

  return view;
}
