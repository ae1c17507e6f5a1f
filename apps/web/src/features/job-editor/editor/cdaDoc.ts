import type {
  CdaEditModel,
  CdaEditSection,
  CdaEdits,
  NarrativeBlock,
  NarrativeRun,
  NarrativeTableCell,
} from '@quill/core/contract/documents/cda';
import type { JSONContent } from '@tiptap/core';

/*
 * The CDA editing model (packages/core/src/contract/documents/cda.ts) ⇄ the editor's ProseMirror JSON.
 *
 * Every section, at any depth, is one top-level `cdaSection` node (attrs key, title, depth,
 * editable) holding its own narrative; nested sections follow their parent in document order, so
 * the tree is rebuilt by key. Paragraph runs become text with bold/italic/underline marks (and
 * the anchors of coded entries a `cdaAnchor` mark, shown and guarded; the save keeps the IDs), a '\n'
 * run a hard break. Lists and tables keep their caption (and a table its number of head rows) as
 * attributes the editor does not show or change.
 *
 * ProseMirror normalises what it holds: adjacent runs of the same style are one text node, empty
 * runs do not exist, and a section, list item or cell has at least one paragraph. So "what
 * changed" compares the normalised narrative of the loaded document with the current one
 * ({@link changedSections}), never the raw model.
 */

type Marks = Pick<NarrativeRun, 'bold' | 'italic' | 'underline' | 'recognized' | 'anchors'>;

/** Run flags that are marks of the same name (recognized: issue 27's unedited recognizer text). */
const MARKS = ['bold', 'italic', 'underline', 'recognized'] as const;

function runsToInline(runs: readonly NarrativeRun[]): JSONContent[] {
  const out: JSONContent[] = [];
  for (const run of runs) {
    const marks: JSONContent['marks'] = MARKS.filter((m) => run[m]).map((type) => ({ type }));
    if (run.anchors) marks.push({ type: 'cdaAnchor', attrs: { ids: run.anchors } });
    const parts = run.text.split('\n');
    parts.forEach((part, i) => {
      if (i > 0) out.push({ type: 'hardBreak' });
      if (part) out.push(marks.length ? { type: 'text', text: part, marks } : { type: 'text', text: part });
    });
  }
  return out;
}

function sameMarks(a: Marks, b: Marks): boolean {
  return MARKS.every((m) => Boolean(a[m]) === Boolean(b[m])) && a.anchors === b.anchors;
}

function inlineToRuns(content: readonly JSONContent[] | undefined): NarrativeRun[] {
  const runs: NarrativeRun[] = [];
  for (const node of content ?? []) {
    if (node.type === 'hardBreak') {
      runs.push({ text: '\n' });
      continue;
    }
    if (node.type !== 'text' || !node.text) continue;
    const run: NarrativeRun = { text: node.text };
    for (const mark of node.marks ?? []) {
      if ((MARKS as readonly string[]).includes(mark.type)) run[mark.type as (typeof MARKS)[number]] = true;
      else if (mark.type === 'cdaAnchor' && mark.attrs?.ids) run.anchors = String(mark.attrs.ids);
    }
    const last = runs[runs.length - 1];
    if (last && last.text !== '\n' && sameMarks(last, run)) last.text += run.text;
    else runs.push(run);
  }
  return runs;
}

const emptyParagraph = (): JSONContent => ({ type: 'paragraph' });

function paragraph(runs: readonly NarrativeRun[]): JSONContent {
  const content = runsToInline(runs);
  return content.length ? { type: 'paragraph', content } : emptyParagraph();
}

/** At least one block: ProseMirror needs one in a section, list item or cell. */
function blockList(blocks: readonly NarrativeBlock[]): JSONContent[] {
  const content = blocks.map(blockToNode);
  return content.length ? content : [emptyParagraph()];
}

function cellToNode(cell: NarrativeTableCell): JSONContent {
  return {
    type: cell.header ? 'tableHeader' : 'tableCell',
    attrs: { colspan: cell.colspan, rowspan: cell.rowspan ?? 1, colwidth: null },
    content: blockList(cell.blocks),
  };
}

function blockToNode(block: NarrativeBlock): JSONContent {
  switch (block.kind) {
    case 'paragraph':
      return paragraph(block.runs);
    case 'list':
      return {
        type: block.ordered ? 'orderedList' : 'bulletList',
        attrs: block.ordered ? { start: 1, type: null, caption: block.caption } : { caption: block.caption },
        content: block.items.map((item) => ({ type: 'listItem', content: listItemContent(item) })),
      };
    case 'table':
      return {
        type: 'table',
        attrs: { caption: block.caption, headRows: block.head.length },
        content: [...block.head, ...block.body].map((row) => ({
          type: 'tableRow',
          content: row.map(cellToNode),
        })),
      };
  }
}

/** A list item starts with a paragraph in the editor's schema. */
function listItemContent(blocks: readonly NarrativeBlock[]): JSONContent[] {
  const content = blocks.map(blockToNode);
  if (content[0]?.type !== 'paragraph') content.unshift(emptyParagraph());
  return content;
}

function nodeToCell(node: JSONContent): NarrativeTableCell {
  const cell: NarrativeTableCell = {
    header: node.type === 'tableHeader',
    colspan: Number(node.attrs?.colspan ?? 1) || 1,
    blocks: nodesToBlocks(node.content),
  };
  const rowspan = Number(node.attrs?.rowspan ?? 1) || 1;
  if (rowspan > 1) cell.rowspan = rowspan;
  return cell;
}

function nodeToBlock(node: JSONContent): NarrativeBlock | null {
  switch (node.type) {
    case 'paragraph':
      return { kind: 'paragraph', runs: inlineToRuns(node.content) };
    case 'bulletList':
    case 'orderedList':
      return {
        kind: 'list',
        ordered: node.type === 'orderedList',
        caption: (node.attrs?.caption as NarrativeRun[] | null | undefined) ?? null,
        items: (node.content ?? []).map((item) => nodesToBlocks(item.content)),
      };
    case 'table': {
      const rows = (node.content ?? []).map((row) => (row.content ?? []).map(nodeToCell));
      const headRows = Math.min(Number(node.attrs?.headRows ?? 0) || 0, rows.length);
      return {
        kind: 'table',
        caption: (node.attrs?.caption as NarrativeRun[] | null | undefined) ?? null,
        head: rows.slice(0, headRows),
        body: rows.slice(headRows),
      };
    }
    default:
      return null;
  }
}

function isEmptyParagraph(block: NarrativeBlock): boolean {
  return block.kind === 'paragraph' && block.runs.length === 0;
}

/** Blocks of a section, list item or cell; a lone empty paragraph (ProseMirror's filler) is none. */
function nodesToBlocks(nodes: readonly JSONContent[] | undefined): NarrativeBlock[] {
  const blocks = (nodes ?? []).map(nodeToBlock).filter((b): b is NarrativeBlock => b !== null);
  return blocks.length === 1 && isEmptyParagraph(blocks[0]!) ? [] : blocks;
}

function flatten(sections: readonly CdaEditSection[], depth: number, out: JSONContent[]): void {
  for (const section of sections) {
    out.push({
      type: 'cdaSection',
      attrs: { key: section.key, title: section.title, depth, editable: section.editable },
      content: blockList(section.blocks),
    });
    flatten(section.sections, depth + 1, out);
  }
}

/** The editor document of a CDA editing model: one `cdaSection` per section, in document order. */
export function modelToDoc(model: Pick<CdaEditModel, 'sections'>): JSONContent {
  const content: JSONContent[] = [];
  flatten(model.sections, 0, content);
  return { type: 'doc', content };
}

/** The narrative of every section of an editor document, by section key. */
export function docToSectionBlocks(doc: JSONContent): Map<string, NarrativeBlock[]> {
  const bySection = new Map<string, NarrativeBlock[]>();
  for (const node of doc.content ?? []) {
    if (node.type !== 'cdaSection') continue;
    bySection.set(String(node.attrs?.key), nodesToBlocks(node.content));
  }
  return bySection;
}

function rebuild(
  sections: readonly CdaEditSection[],
  blocks: Map<string, NarrativeBlock[]>,
): CdaEditSection[] {
  return sections.map((s) => ({
    ...s,
    blocks: blocks.get(s.key) ?? s.blocks,
    sections: rebuild(s.sections, blocks),
  }));
}

/** The model with each section's narrative taken from the editor document (header and tree kept). */
export function docToModel<M extends Pick<CdaEditModel, 'sections'>>(model: M, doc: JSONContent): M {
  return { ...model, sections: rebuild(model.sections, docToSectionBlocks(doc)) };
}

/**
 * The edits to save: the sections whose narrative differs between the document as loaded and as
 * it is now, each with its whole new narrative, in document order. Sections the model marks as
 * not editable are never sent.
 */
export function changedSections(loaded: JSONContent, current: JSONContent): CdaEdits {
  const before = docToSectionBlocks(loaded);
  const editable = new Set(
    (current.content ?? []).filter((n) => n.attrs?.editable !== false).map((n) => String(n.attrs?.key)),
  );
  const sections: CdaEdits['sections'] = [];
  for (const [key, blocks] of docToSectionBlocks(current)) {
    if (!editable.has(key)) continue;
    if (JSON.stringify(before.get(key)) !== JSON.stringify(blocks)) sections.push({ key, blocks });
  }
  return { sections };
}
