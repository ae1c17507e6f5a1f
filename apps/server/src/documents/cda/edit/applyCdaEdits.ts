import { type CdaEditSection, type CdaEdits, message } from '@quill/core';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits } from '../../limits.js';
import { guardXml } from '../../xmlGuard.js';
import { CDA_WHAT } from '../readCda.js';
import { type LocatedSection, locateSections, sectionsByKey, textInsertionPoint } from './locateSections.js';
import { readCdaEditModel } from './readCdaEditModel.js';
import { normaliseBlocks, writeNarrative } from './writeNarrative.js';
import { prefixOf } from './xmlScanner.js';

/** Thrown when edits do not fit the document (unknown or read-only section); message is for users. */
export class CdaEditError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CdaEditError';
  }
}

interface Splice {
  from: number;
  to: number;
  text: string;
}

/** The whitespace that starts the line `at` is on. */
function indentAt(xml: string, at: number): string {
  const lineStart = xml.lastIndexOf('\n', at - 1) + 1;
  return /^[ \t]*/.exec(xml.slice(lineStart, at))![0];
}

function spliceFor(xml: string, located: LocatedSection, content: string, blank: boolean): Splice {
  const { text, section } = located;
  if (text && !text.selfClosing) return { from: text.openEnd, to: text.closeStart, text: content };
  if (text) {
    // `<text …/>` keeps its attributes and gets content and an end tag.
    const startTag = xml.slice(text.start, text.end).replace(/\s*\/>$/, '>');
    return {
      from: text.start,
      to: text.end,
      text: blank ? xml.slice(text.start, text.end) : `${startTag}${content}</${text.name}>`,
    };
  }
  if (blank) return { from: section.openEnd, to: section.openEnd, text: '' };
  const at = textInsertionPoint(section);
  const name = `${prefixOf(section)}text`;
  const indent = indentAt(xml, section.children[0]?.start ?? section.start);
  return { from: at, to: at, text: `\n${indent}<${name}>${content}</${name}>` };
}

function flatten(sections: readonly CdaEditSection[], out = new Map<string, CdaEditSection>()) {
  for (const s of sections) {
    out.set(s.key, s);
    flatten(s.sections, out);
  }
  return out;
}

/**
 * Applies narrative edits to CDA XML by splicing: each edited section's `<text>` content is
 * replaced by the new narrative (its start tag and attributes kept; a missing `<text>` is added
 * after the title), and every other character of the document stays as it was. No edits give the
 * original string back. Throws CdaEditError for a section key the document lacks or a section
 * that is not editable; XmlSyntaxError, NotCdaError or XmlScanError for a document that is not
 * well-formed CDA.
 */
export function applyCdaEdits(
  xml: string,
  edits: CdaEdits,
  limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS,
): string {
  if (!edits.sections.length) return xml;
  // A byte order mark stays where it is; offsets are taken past it.
  if (xml.startsWith('\uFEFF')) return `\uFEFF${applyCdaEdits(xml.slice(1), edits, limits)}`;
  const model = flatten(readCdaEditModel(xml, limits).sections);
  const located = sectionsByKey(locateSections(xml));
  const splices: Splice[] = [];
  for (const edit of edits.sections) {
    const section = model.get(edit.key);
    const place = located.get(edit.key);
    if (!section || !place)
      throw new CdaEditError(message('documents.edit.unknownSection', { key: edit.key }));
    if (!section.editable)
      throw new CdaEditError(message('documents.edit.readOnlySection', { title: section.title || edit.key }));
    const blocks = normaliseBlocks(edit.blocks);
    const anchor = place.text ?? place.section.children[0] ?? place.section;
    const content = writeNarrative(
      blocks,
      prefixOf(place.text ?? place.section),
      indentAt(xml, anchor.start),
    );
    splices.push(spliceFor(xml, place, content, !blocks.length && !place.text));
  }
  // Sections nest, but a `<text>` never contains another section's `<text>`: ranges are disjoint.
  splices.sort((a, b) => b.from - a.from);
  let out = xml;
  for (const s of splices) out = out.slice(0, s.from) + s.text + out.slice(s.to);
  // The edited document must stay readable: within the same bounds as any stored document.
  guardXml(out, limits, CDA_WHAT);
  return out;
}
