import '@eigenpal/docx-editor-react/styles.css';
import { setGoogleFontsEnabled } from '@eigenpal/docx-editor-core';
import { DocxEditor, type DocxEditorRef } from '@eigenpal/docx-editor-react';
import { type RefObject, useEffect, useMemo, useRef } from 'react';
import type { DocumentEditor } from './wordSession';

// The content security policy lets the page reach this server only; a document font that is not
// on the machine falls back to its CSS family instead of a Google Fonts download.
setGoogleFontsEnabled(false);

/**
 * The editor's title bar marks its row of menu buttons role="menubar", without a menubar's arrow
 * keys or menuitem children (axe: aria-required-children). As a named group of buttons they are
 * announced as what they are and still work with Tab and Enter.
 */
function useMenuButtonsAsGroup(container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const fix = () => {
      for (const bar of root.querySelectorAll('[role="menubar"]')) bar.setAttribute('role', 'group');
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [container]);
}

export interface DocxViewProps {
  document: ArrayBuffer;
  fileName: string;
  editable: boolean;
  onShown(editor: DocumentEditor): void;
  onChange(): void;
  onFailed(detail: string): void;
}

/**
 * The browser DOCX editor (@eigenpal/docx-editor-react, Apache-2.0): it edits the Word document's
 * own model and writes a .docx back (docs/decisions.md "Embedded WOPI client page").
 */
export default function DocxView({
  document,
  fileName,
  editable,
  onShown,
  onChange,
  onFailed,
}: DocxViewProps) {
  const ref = useRef<DocxEditorRef>(null);
  const container = useRef<HTMLDivElement>(null);
  useMenuButtonsAsGroup(container);
  const editor = useMemo<DocumentEditor>(
    () => ({
      async exportDocx() {
        const bytes = await ref.current?.save();
        if (!bytes) throw new Error('The editor gave no document to save.');
        return bytes;
      },
    }),
    [],
  );
  return (
    <div className="wc-editor" ref={container}>
      <DocxEditor
        ref={ref}
        documentBuffer={document}
        documentName={fileName.replace(/\.docx$/i, '')}
        documentNameEditable={false}
        mode={editable ? 'editing' : 'viewing'}
        readOnly={!editable}
        showFileOpen={false}
        showHelpMenu={false}
        colorMode="light"
        onEditorViewReady={() => onShown(editor)}
        onChange={() => onChange()}
        onError={(error) => onFailed(error.message)}
      />
    </div>
  );
}
