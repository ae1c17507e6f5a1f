import type { Node as PmNode } from '@tiptap/pm/model';

/**
 * QA markers: the places a transcriptionist left for review. The CDA model has no marker flag, so
 * a marker is text: '[?]' or a run of three or more underscores.
 */
export const QA_MARKER = /\[\?\]|_{3,}/g;

/** A marker's document range. */
export interface MarkerRange {
  from: number;
  to: number;
}

/** Every QA marker in the document, in order. */
export function findMarkers(doc: PmNode): MarkerRange[] {
  const found: MarkerRange[] = [];
  doc.descendants((node, pos) => {
    if (!node.isText || !node.text) return;
    for (const m of node.text.matchAll(QA_MARKER)) {
      found.push({ from: pos + m.index, to: pos + m.index + m[0].length });
    }
  });
  return found;
}

/**
 * The marker after (or before) the selection, wrapping around at the end (or start); null when the
 * document has none.
 */
export function adjacentMarker(
  markers: readonly MarkerRange[],
  selection: MarkerRange,
  direction: 'next' | 'previous',
): MarkerRange | null {
  if (!markers.length) return null;
  if (direction === 'next') return markers.find((m) => m.from >= selection.to) ?? markers[0]!;
  return [...markers].reverse().find((m) => m.to <= selection.from) ?? markers[markers.length - 1]!;
}
