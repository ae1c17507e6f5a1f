import type {
  CdaEditModel,
  CdaEditSection,
  NarrativeBlock,
  NarrativeRun,
} from '@quill/core/contract/documents/cda';
import { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { afterEach, describe, expect, it } from 'vitest';
import { changedSections, docToModel, modelToDoc } from './cdaDoc';
import { anchorIds, cdaExtensions } from './extensions';
import { adjacentMarker, findMarkers } from './qaMarkers';

const p = (...texts: (string | NarrativeRun)[]) =>
  ({
    kind: 'paragraph',
    runs: texts.map((t) => (typeof t === 'string' ? { text: t } : t)),
  }) as NarrativeBlock;

const section = (key: string, title: string, blocks: NarrativeBlock[], sections: CdaEditSection[] = []) => ({
  key,
  title,
  code: null,
  editable: true,
  blocks,
  sections,
});

/** A model in the normal form ProseMirror keeps (merged runs, no empty runs). */
const model: CdaEditModel = {
  header: {
    title: 'Consultation',
    documentType: null,
    patientName: 'Doe, Jane',
    mrn: null,
    birthTime: null,
    gender: null,
    author: null,
    authorTime: null,
    effectiveTime: null,
    custodian: null,
  },
  sections: [
    section(
      '0',
      'History',
      [
        p(
          'Patient ',
          { text: 'denies', bold: true },
          ' pain',
          { text: '\n' },
          { text: 'since [?] days', italic: true, underline: true },
        ),
        {
          kind: 'list',
          ordered: false,
          caption: [{ text: 'Medications' }],
          items: [
            [p('aspirin')],
            [p('ibuprofen'), { kind: 'list', ordered: true, caption: null, items: [[p('twice')]] }],
          ],
        },
      ],
      [section('0.0', 'Family history', [p('Non-contributory.')])],
    ),
    {
      ...section('1', 'Results', [
        {
          kind: 'table',
          caption: null,
          head: [
            [
              { header: true, colspan: 1, blocks: [p('Test')] },
              { header: true, colspan: 1, blocks: [p('Value')] },
            ],
          ],
          body: [
            [{ header: false, colspan: 2, blocks: [p('Na 140')] }],
            [
              { header: false, colspan: 1, rowspan: 2, blocks: [p('K')] },
              { header: false, colspan: 1, blocks: [p('4.1')] },
            ],
            [{ header: false, colspan: 1, blocks: [p('4.3')] }],
          ],
        },
      ]),
      editable: false,
    },
    section('2', 'Plan', []),
  ],
};

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

function load(m: CdaEditModel) {
  editor = new Editor({ extensions: cdaExtensions(), content: modelToDoc(m) });
  return editor;
}

describe('CDA model ⇄ editor document', () => {
  it('round-trips: model → editor → model gives the same model', () => {
    expect(docToModel(model, modelToDoc(model))).toEqual(model);
    // Through a real editor (the schema accepts every node and attribute, and keeps them).
    expect(docToModel(model, load(model).getJSON())).toEqual(model);
  });

  it('normalises what ProseMirror cannot hold: split runs merge, empty runs go', () => {
    const raw = { sections: [section('0', 'A', [p('a', 'b', ''), p({ text: 'x\ny', bold: true })])] };
    expect(docToModel(raw, load(raw as CdaEditModel).getJSON()).sections[0]!.blocks).toEqual([
      p('ab'),
      { kind: 'paragraph', runs: [{ text: 'x', bold: true }, { text: '\n' }, { text: 'y', bold: true }] },
    ]);
  });

  it('sends only the sections whose narrative changed', () => {
    const e = load(model);
    const loaded = e.getJSON();
    expect(changedSections(loaded, e.getJSON())).toEqual({ sections: [] });
    // Type into the nested "Family history" section.
    let pos = -1;
    e.state.doc.descendants((node, at) => {
      if (pos < 0 && node.isText && node.text === 'Non-contributory.') pos = at;
    });
    e.chain().setTextSelection(pos).insertContent('Still ').run();
    expect(changedSections(loaded, e.getJSON())).toEqual({
      sections: [{ key: '0.0', blocks: [p('Still Non-contributory.')] }],
    });
  });

  it('refuses changes to a read-only section and to the section structure', () => {
    const e = load(model);
    const before = e.getJSON();
    let pos = -1;
    e.state.doc.descendants((node, at) => {
      if (pos < 0 && node.isText && node.text === 'Na 140') pos = at;
    });
    e.chain().setTextSelection(pos).insertContent('X').run();
    e.commands.setContent({ type: 'doc', content: [modelToDoc(model).content![0]!] });
    expect(e.getJSON()).toEqual(before);
  });

  it('moves the selection to the next and previous QA marker', () => {
    const m = { ...model, sections: [section('0', 'A', [p('one ___ two [?] three')])] };
    const e = load(m);
    const markers = findMarkers(e.state.doc);
    expect(markers.map((r) => e.state.doc.textBetween(r.from, r.to))).toEqual(['___', '[?]']);
    expect(adjacentMarker(markers, { from: 1, to: 1 }, 'next')).toEqual(markers[0]);
    expect(adjacentMarker(markers, markers[1]!, 'next')).toEqual(markers[0]);
    expect(adjacentMarker(markers, markers[0]!, 'previous')).toEqual(markers[1]);
    e.view.dispatch(e.state.tr.setSelection(TextSelection.create(e.state.doc, 2)));
    e.view.someProp('handleKeyDown', (f) =>
      f(e.view, new KeyboardEvent('keydown', { key: 'j', ctrlKey: true })),
    );
    expect(e.state.doc.textBetween(e.state.selection.from, e.state.selection.to)).toBe('___');
    e.view.someProp('handleKeyDown', (f) =>
      f(
        e.view,
        new KeyboardEvent('keydown', {
          key: '.',
          ctrlKey: true,
          shiftKey: true,
          keyCode: 190,
        } as KeyboardEventInit),
      ),
    );
    expect(e.state.doc.textBetween(e.state.selection.from, e.state.selection.to)).toBe('[?]');
    e.view.someProp('handleKeyDown', (f) =>
      f(
        e.view,
        new KeyboardEvent('keydown', {
          key: 'J',
          ctrlKey: true,
          shiftKey: true,
          keyCode: 74,
        } as KeyboardEventInit),
      ),
    );
    expect(e.state.doc.textBetween(e.state.selection.from, e.state.selection.to)).toBe('___');
  });

  it('shows text with narrative IDs as anchors that can be corrected but not removed', () => {
    const m = {
      ...model,
      sections: [
        section('0', 'Allergies', [
          {
            kind: 'table',
            caption: null,
            head: [],
            body: [
              [
                { header: false, colspan: 1, blocks: [p({ text: 'Penicilin', anchors: 'a1' })] },
                { header: false, colspan: 1, blocks: [p('Hives')] },
              ],
            ],
          },
        ]),
      ],
    } as CdaEditModel;
    const e = load(m);
    expect(docToModel(m, e.getJSON())).toEqual(m);
    expect(e.view.dom.querySelector('.cda-anchor[data-anchor="a1"]')?.textContent).toBe('Penicilin');
    let from = -1;
    e.state.doc.descendants((node, at) => {
      if (from < 0 && node.isText && node.text === 'Penicilin') from = at;
    });
    // A typo fixed inside the anchor is fine.
    e.chain()
      .setTextSelection(from + 7)
      .insertContent('l')
      .run();
    expect(anchorIds(e.state.doc)).toEqual(new Set(['a1']));
    expect(e.state.doc.textContent).toContain('Penicillin');
    // Removing all of it, or its whole row, is refused.
    const before = e.getJSON();
    e.chain()
      .setTextSelection({ from, to: from + 'Penicillin'.length })
      .deleteSelection()
      .run();
    expect(e.getJSON()).toEqual(before);
    e.chain().setTextSelection(from).deleteTable().run();
    expect(e.getJSON()).toEqual(before);
  });
});
