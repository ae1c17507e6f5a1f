import { type Editor, Extension, type Extensions, Mark, Node } from '@tiptap/core';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, TextSelection } from '@tiptap/pm/state';
import StarterKit from '@tiptap/starter-kit';
import { showToast } from '../../../app/toasts';
import { i18n } from '../../../lib/i18n';
import { adjacentMarker, findMarkers } from './qaMarkers';
import { Recognized, RecognizedReview } from './recognized';

/** Spec 02 §9: the editor's undo groups typing within 500 ms. */
export const UNDO_NEW_GROUP_DELAY_MS = 500;

/** The document: CDA sections only. */
const CdaDocument = Node.create({ name: 'doc', topNode: true, content: 'cdaSection+' });

/**
 * A CDA section: its title is a heading the user cannot edit; its narrative is the node's content.
 * A section the model marks as not editable is shown read-only.
 */
const CdaSection = Node.create({
  name: 'cdaSection',
  content: 'block+',
  isolating: true,
  defining: true,
  addAttributes() {
    return {
      key: { default: '' },
      title: { default: '' },
      depth: { default: 0 },
      editable: { default: true },
    };
  },
  parseHTML() {
    return [{ tag: 'section[data-cda-section]' }];
  },
  renderHTML({ node }) {
    return ['section', { 'data-cda-section': node.attrs.key }, 0];
  },
  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('section');
      dom.className = 'cda-section';
      dom.dataset.cdaSection = String(node.attrs.key);
      dom.dataset.depth = String(node.attrs.depth);
      const heading = document.createElement(`h${Math.min(3 + Number(node.attrs.depth), 6)}`);
      heading.className = 'cda-section-title';
      heading.contentEditable = 'false';
      heading.textContent = String(node.attrs.title);
      const body = document.createElement('div');
      body.className = 'cda-section-body';
      if (node.attrs.editable === false) {
        body.contentEditable = 'false';
        body.title = i18n.t('jobView.readOnlySection');
        dom.dataset.readonly = 'true';
      }
      dom.append(heading, body);
      return { dom, contentDOM: body, ignoreMutation: (m) => heading.contains(m.target) };
    };
  },
});

/**
 * Keeps a list's or table's caption and a table's number of head rows (neither shown nor edited)
 * so they are saved back as they came.
 */
const NarrativeAttributes = Extension.create({
  name: 'cdaNarrativeAttributes',
  addGlobalAttributes() {
    return [
      {
        types: ['bulletList', 'orderedList', 'table'],
        attributes: { caption: { default: null, rendered: false, keepOnSplit: false } },
      },
      { types: ['table'], attributes: { headRows: { default: 0, rendered: false } } },
    ];
  },
});

/**
 * Text inside narrative elements with an `ID` (coded entries point at them): shown with a dotted
 * underline. The save keeps the elements as written; the mark only shows and guards them.
 */
const CdaAnchor = Mark.create({
  name: 'cdaAnchor',
  inclusive: false,
  excludes: '',
  addAttributes() {
    return { ids: { default: '', rendered: false } };
  },
  renderHTML({ mark }) {
    return [
      'span',
      { class: 'cda-anchor', 'data-anchor': mark.attrs.ids, title: i18n.t('jobView.anchor') },
      0,
    ];
  },
});

/** Every anchor ID that still has text in the document. */
export function anchorIds(doc: PmNode): Set<string> {
  const ids = new Set<string>();
  doc.descendants((node) => {
    for (const mark of node.marks)
      if (mark.type.name === 'cdaAnchor') for (const id of String(mark.attrs.ids).split(' ')) ids.add(id);
    return true;
  });
  return ids;
}

const anchorGuardKey = new PluginKey('cdaAnchorGuard');

/**
 * Anchored text is never removed by accident: a change that would take the last of an anchor's
 * text away (a deleted word, row or list item) is refused, with a toast saying why.
 */
const AnchorGuard = Extension.create({
  name: 'cdaAnchorGuard',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: anchorGuardKey,
        filterTransaction(tr) {
          if (!tr.docChanged) return true;
          const before = anchorIds(tr.before);
          if (!before.size) return true;
          const after = anchorIds(tr.doc);
          for (const id of before) {
            if (after.has(id)) continue;
            showToast(i18n.t('jobView.anchorKept'), { kind: 'warning', id: 'cda-anchor-kept' });
            return false;
          }
          return true;
        },
      }),
    ];
  },
});

const sectionGuardKey = new PluginKey('cdaSectionGuard');

/**
 * Sections stay as they came: no change may add, remove or reorder sections, or touch a section
 * the model marks as not editable.
 */
const SectionGuard = Extension.create({
  name: 'cdaSectionGuard',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: sectionGuardKey,
        filterTransaction(tr) {
          if (!tr.docChanged) return true;
          const before = tr.before;
          const after = tr.doc;
          if (before.childCount !== after.childCount) return false;
          for (let i = 0; i < before.childCount; i += 1) {
            const a = before.child(i);
            const b = after.child(i);
            if (a.attrs.key !== b.attrs.key) return false;
            if (a.attrs.editable === false && !a.eq(b)) return false;
          }
          return true;
        },
      }),
    ];
  },
});

/** Selects the next (or previous) QA marker, wrapping around; nothing when there is none. */
export function goToMarker(editor: Editor, direction: 'next' | 'previous'): void {
  const { state, view } = editor;
  const target = adjacentMarker(findMarkers(state.doc), state.selection, direction);
  if (!target) return;
  view.dispatch(
    state.tr.setSelection(TextSelection.create(state.doc, target.from, target.to)).scrollIntoView(),
  );
  view.focus();
}

/** Spec 02 §9: next QA marker with ctrl+shift+. or ctrl+j, previous with ctrl+shift+, or ctrl+shift+j. */
const QaMarkers = Extension.create({
  name: 'qaMarkers',
  addKeyboardShortcuts() {
    const go = (direction: 'next' | 'previous') => () => {
      goToMarker(this.editor, direction);
      return true;
    };
    return {
      'Ctrl-Shift-.': go('next'),
      'Ctrl-j': go('next'),
      'Ctrl-Shift-,': go('previous'),
      'Ctrl-Shift-j': go('previous'),
    };
  },
});

/** The CDA editor's extensions: what the editing model can hold, and nothing more. */
export function cdaExtensions(): Extensions {
  return [
    StarterKit.configure({
      document: false,
      blockquote: false,
      code: false,
      codeBlock: false,
      heading: false,
      horizontalRule: false,
      link: false,
      strike: false,
      trailingNode: false,
      undoRedo: { newGroupDelay: UNDO_NEW_GROUP_DELAY_MS },
    }),
    CdaDocument,
    CdaSection,
    NarrativeAttributes,
    Table.configure({ resizable: false }),
    TableRow,
    TableHeader,
    TableCell,
    SectionGuard,
    CdaAnchor,
    AnchorGuard,
    Recognized,
    RecognizedReview,
    QaMarkers,
  ];
}
