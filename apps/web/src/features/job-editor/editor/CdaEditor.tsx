import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { CdaEditModel } from '@quill/core/contract/documents/cda';
import type { Editor, JSONContent } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { moveInToolbar } from '../../../lib/toolbarKeys';
import classes from './CdaEditor.module.css';
import { modelToDoc } from './cdaDoc';
import { EDITOR_TOOLBAR_ID } from './editorIds';
import { cdaExtensions, goToMarker } from './extensions';

export interface CdaEditorProps {
  model: CdaEditModel;
  /** Edit mode and the jobEditText permission. */
  editable: boolean;
  /** jobPermissions.hasTableSupport: tables can be inserted. */
  hasTableSupport: boolean;
  /** The editor, once created (and null when it goes). */
  onReady: (editor: Editor | null) => void;
  /** Any change of the text. */
  onChange: (doc: JSONContent) => void;
  /** Shown docked above the text (the audio player). */
  dock?: ReactNode;
}

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} openDelay={450}>
      <ActionIcon
        variant={active ? 'filled' : 'subtle'}
        // An active button's white glyph needs a dark fill for 4.5:1 (Mantine's filled gray is lighter).
        color={active ? 'gray.8' : 'gray'}
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        // One tab stop for the whole toolbar: its buttons are reached with the arrow keys.
        tabIndex={-1}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

function Toolbar({
  editor,
  editable,
  hasTableSupport,
}: {
  editor: Editor;
  editable: boolean;
  hasTableSupport: boolean;
}) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const off = !editable;
  const chain = () => editor.chain().focus();
  return (
    <Group
      gap={4}
      className={classes.toolbar}
      role="toolbar"
      aria-label={t('jobView.editorLabel')}
      id={EDITOR_TOOLBAR_ID}
      tabIndex={0}
      onKeyDown={moveInToolbar}
    >
      <ToolButton
        label={t('jobView.undo')}
        disabled={off || !state.canUndo}
        onClick={() => chain().undo().run()}
      >
        ↶
      </ToolButton>
      <ToolButton
        label={t('jobView.redo')}
        disabled={off || !state.canRedo}
        onClick={() => chain().redo().run()}
      >
        ↷
      </ToolButton>
      <span className={classes.divider} />
      <ToolButton
        label={t('jobView.bold')}
        active={state.bold}
        disabled={off}
        onClick={() => chain().toggleBold().run()}
      >
        <b>B</b>
      </ToolButton>
      <ToolButton
        label={t('jobView.italic')}
        active={state.italic}
        disabled={off}
        onClick={() => chain().toggleItalic().run()}
      >
        <i>I</i>
      </ToolButton>
      <ToolButton
        label={t('jobView.underline')}
        active={state.underline}
        disabled={off}
        onClick={() => chain().toggleUnderline().run()}
      >
        <u>U</u>
      </ToolButton>
      <span className={classes.divider} />
      <ToolButton
        label={t('jobView.bulletList')}
        active={state.bullet}
        disabled={off}
        onClick={() => chain().toggleBulletList().run()}
      >
        •≡
      </ToolButton>
      <ToolButton
        label={t('jobView.orderedList')}
        active={state.ordered}
        disabled={off}
        onClick={() => chain().toggleOrderedList().run()}
      >
        1≡
      </ToolButton>
      {hasTableSupport && (
        <ToolButton
          label={t('jobView.insertTable')}
          disabled={off}
          onClick={() => chain().insertTable({ rows: 2, cols: 2, withHeaderRow: false }).run()}
        >
          ▦
        </ToolButton>
      )}
      <span className={classes.divider} />
      <ToolButton
        label={t('jobView.previousMarker')}
        disabled={false}
        onClick={() => goToMarker(editor, 'previous')}
      >
        ‹?
      </ToolButton>
      <ToolButton label={t('jobView.nextMarker')} disabled={false} onClick={() => goToMarker(editor, 'next')}>
        ?›
      </ToolButton>
    </Group>
  );
}

/**
 * The CDA editor (Tiptap): a headed block per section, narrative editable only when `editable`
 * (sections the model marks read-only never), undo grouping 500 ms, spellcheck off (spec 02 §9).
 */
export function CdaEditor({ model, editable, hasTableSupport, onReady, onChange, dock }: CdaEditorProps) {
  const { t } = useTranslation();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const editor = useEditor({
    extensions: cdaExtensions(),
    content: modelToDoc(model),
    editable,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: { spellcheck: 'false', 'aria-label': t('jobView.editorLabel'), class: classes.prose ?? '' },
    },
    onUpdate: ({ editor: e, transaction }) => {
      if (transaction.docChanged) onChangeRef.current(e.getJSON());
    },
  });
  useEffect(() => {
    editor.setEditable(editable);
  }, [editor, editable]);
  useEffect(() => {
    onReady(editor);
    return () => onReady(null);
  }, [editor, onReady]);
  return (
    <div className={classes.editor} data-editable={editable}>
      <Toolbar editor={editor} editable={editable} hasTableSupport={hasTableSupport} />
      {dock && <div className={classes.dock}>{dock}</div>}
      <EditorContent editor={editor} className={classes.content} />
    </div>
  );
}
