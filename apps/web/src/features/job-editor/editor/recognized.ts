import { Extension, Mark } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import { Mapping } from '@tiptap/pm/transform';
import { i18n } from '../../../lib/i18n';

/**
 * Issue 27: text a speech recognizer wrote and nobody has edited yet (the narrative's
 * `xRecognized` style), shown highlighted so the transcriptionist sees what still needs checking.
 */
export const Recognized = Mark.create({
  name: 'recognized',
  inclusive: false,
  renderHTML() {
    return ['span', { class: 'cda-recognized', title: i18n.t('transcribe.start.recognizedTitle') }, 0];
  },
});

const reviewedKey = new PluginKey('cdaRecognizedReview');

/** The ranges of the final document the transactions changed. */
function changedRanges(trs: readonly Transaction[]): [number, number][] {
  const all = new Mapping();
  for (const tr of trs) for (const map of tr.mapping.maps) all.appendMap(map);
  const ranges: [number, number][] = [];
  all.maps.forEach((map, i) => {
    const after = all.slice(i + 1);
    map.forEach((_oldStart, _oldEnd, newStart, newEnd) => {
      ranges.push([after.map(newStart, -1), after.map(newEnd, 1)]);
    });
  });
  return ranges;
}

/** The start of every paragraph (textblock) a range touches. */
function touchedTextblocks(doc: PmNode, [from, to]: [number, number]): Map<number, PmNode> {
  const found = new Map<number, PmNode>();
  const at = (pos: number) => {
    const $pos = doc.resolve(Math.max(0, Math.min(pos, doc.content.size)));
    if ($pos.parent.isTextblock) found.set($pos.before(), $pos.parent);
  };
  at(from);
  at(to);
  doc.nodesBetween(from, to, (node, pos) => {
    if (node.isTextblock) found.set(pos, node);
    return !node.isTextblock;
  });
  return found;
}

/** A paragraph the user edits is theirs: its recognized text loses the highlight. */
export const RecognizedReview = Extension.create({
  name: 'cdaRecognizedReview',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: reviewedKey,
        appendTransaction(trs, _before, state) {
          const edits = trs.filter((tr) => tr.docChanged && !tr.getMeta(reviewedKey));
          const type = state.schema.marks.recognized;
          if (!edits.length || !type) return null;
          const blocks = new Map<number, PmNode>();
          for (const range of changedRanges(trs))
            for (const [pos, node] of touchedTextblocks(state.doc, range)) blocks.set(pos, node);
          const tr = state.tr.setMeta(reviewedKey, true);
          for (const [pos, node] of blocks)
            if (state.doc.rangeHasMark(pos + 1, pos + node.nodeSize - 1, type))
              tr.removeMark(pos + 1, pos + node.nodeSize - 1, type);
          return tr.docChanged ? tr.setMeta('addToHistory', false) : null;
        },
      }),
    ];
  },
});
