import {
  type CdaEditSection,
  type CdaEdits,
  message,
  type NarrativeBlock,
  type NarrativeSection,
  narrativeLimitCrossed,
} from '@quill/core';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits, NarrativeLimitError } from '../../limits.js';
import { guardXml } from '../../xmlGuard.js';
import { readBlocks } from '../narrative.js';
import { CDA_WHAT } from '../readCda.js';
import { type LocatedSection, locateSections, sectionsByKey, textInsertionPoint } from './locateSections.js';
import { patchNarrative, type Splice } from './patchNarrative.js';
import { readCdaEditModel } from './readCdaEditModel.js';
import { sourceTree } from './sourceTree.js';
import { indentAt, normaliseBlocks, writeNarrative } from './writeNarrative.js';
import { prefixOf, type ScannedElement, XmlScanError } from './xmlScanner.js';

/** Thrown when edits do not fit the document (unknown or read-only section); message is for users. */
export class CdaEditError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CdaEditError';
  }
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

/** The sections with the edited ones' narrative in place of theirs (by key). */
function withEdits(
  sections: readonly CdaEditSection[],
  edited: ReadonlyMap<string, NarrativeBlock[]>,
): NarrativeSection[] {
  return sections.map((s) => ({
    blocks: edited.get(s.key) ?? s.blocks,
    sections: withEdits(s.sections, edited),
  }));
}

/** The narrative written whole: what an edit the minimal patch cannot make does. */
function wholeSplice(xml: string, place: LocatedSection, blocks: NarrativeBlock[]): Splice {
  const anchor = place.text ?? place.section.children[0] ?? place.section;
  const content = writeNarrative(blocks, prefixOf(place.text ?? place.section), indentAt(xml, anchor.start));
  return spliceFor(xml, place, content, !blocks.length && !place.text);
}

/** Only what changed (patchNarrative), or null; splices that would overlap are refused too. */
function minimalSplices(xml: string, place: LocatedSection, blocks: NarrativeBlock[]): Splice[] | null {
  if (!place.text || place.text.selfClosing) return null;
  const splices = patchNarrative(xml, place.text, blocks);
  if (!splices) return null;
  const ordered = inApplyOrder(splices);
  for (let i = 1; i < ordered.length; i++) if (ordered[i]!.to > ordered[i - 1]!.from) return null;
  return ordered;
}

/**
 * Last first, so earlier offsets stay true; at one offset the wider splice first, so text
 * inserted there lands before what replaced the wider range.
 */
function inApplyOrder(splices: readonly Splice[]): Splice[] {
  return [...splices].sort((a, b) => b.from - a.from || b.to - a.to);
}

function applySplices(xml: string, splices: readonly Splice[]): string {
  let out = xml;
  for (const s of inApplyOrder(splices)) out = out.slice(0, s.from) + s.text + out.slice(s.to);
  return out;
}

/** Every `ID` on an element inside a section's `<text>`, as written. */
function narrativeIds(text: ScannedElement | null): string[] {
  const ids: string[] = [];
  const work = text ? [...text.children] : [];
  for (let el = work.pop(); el; el = work.pop()) {
    for (const [name, value] of el.attrs) if (name === 'ID') ids.push(value);
    work.push(...el.children);
  }
  return ids;
}

interface Planned {
  key: string;
  title: string;
  blocks: NarrativeBlock[];
  minimal: Splice[] | null;
  whole: Splice;
}

/** The sections of the edited text by key; null when the text no longer scans as XML. */
function placesIn(out: string): Map<string, LocatedSection> | null {
  try {
    return sectionsByKey(locateSections(out));
  } catch (e) {
    if (e instanceof XmlScanError) return null;
    throw e;
  }
}

/** The document with each planned section changed, minimally where `minimal` allows. */
function write(xml: string, plans: readonly Planned[], minimal: ReadonlySet<string>): string {
  return applySplices(
    xml,
    plans.flatMap((p) => (p.minimal && minimal.has(p.key) ? p.minimal : [p.whole])),
  );
}

/**
 * The sections whose minimal change does not read back as the narrative the user saved, read
 * from their place in the edited text (the reading `readsInPlace` holds equal to the parser's).
 */
function misread(
  after: ReadonlyMap<string, LocatedSection>,
  out: string,
  plans: readonly Planned[],
): Set<string> {
  const wrong = new Set<string>();
  for (const plan of plans) {
    if (!plan.minimal) continue;
    const text = after.get(plan.key)?.text;
    const blocks = text ? readBlocks(sourceTree(out, text).nodes) : [];
    if (JSON.stringify(normaliseBlocks(blocks)) !== JSON.stringify(plan.blocks)) wrong.add(plan.key);
  }
  return wrong;
}

/**
 * Applies narrative edits to CDA XML by splicing, every character outside what the user changed
 * kept as written. Within an edited section's `<text>` only what differs is written
 * (patchNarrative): a changed word changes its text node, and every other element, attribute,
 * `ID` and line break stays. Where that cannot be done, or does not read back as the saved
 * narrative, the section's `<text>` content is written whole (its start tag kept; a missing
 * `<text>` is added after the title). No edits give the original string back. Throws
 * CdaEditError for a section key the document lacks, a section that is not editable, or a change
 * that removes an `ID` the narrative had (coded entries point at it); XmlSyntaxError, NotCdaError
 * or XmlScanError for a document that is not well-formed CDA.
 */
export function applyCdaEdits(
  xml: string,
  edits: CdaEdits,
  limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS,
): string {
  if (!edits.sections.length) return xml;
  // A byte order mark stays where it is; offsets are taken past it.
  if (xml.startsWith('\uFEFF')) return `\uFEFF${applyCdaEdits(xml.slice(1), edits, limits)}`;
  const read = readCdaEditModel(xml, limits).sections;
  const model = flatten(read);
  const located = sectionsByKey(locateSections(xml));
  const plans: Planned[] = edits.sections.map((edit) => {
    const section = model.get(edit.key);
    const place = located.get(edit.key);
    if (!section || !place)
      throw new CdaEditError(message('documents.edit.unknownSection', { key: edit.key }));
    const title = section.title || edit.key;
    if (!section.editable) throw new CdaEditError(message('documents.edit.readOnlySection', { title }));
    const blocks = normaliseBlocks(edit.blocks);
    return {
      key: edit.key,
      title,
      blocks,
      minimal: minimalSplices(xml, place, blocks),
      whole: wholeSplice(xml, place, blocks),
    };
  });
  // Issue 41: the edited document stays within what the intake takes (core NARRATIVE_LIMITS).
  const crossed = narrativeLimitCrossed(withEdits(read, new Map(plans.map((p) => [p.key, p.blocks]))));
  if (crossed) throw new NarrativeLimitError(crossed, CDA_WHAT);
  // Sections nest, but a `<text>` never contains another section's `<text>`: ranges are disjoint.
  const minimal = new Set(plans.filter((p) => p.minimal).map((p) => p.key));
  let out = write(xml, plans, minimal);
  let after = placesIn(out);
  const wrong = after ? misread(after, out, plans) : new Set(minimal);
  if (wrong.size) {
    for (const key of wrong) minimal.delete(key);
    out = write(xml, plans, minimal);
    after = placesIn(out);
  }
  if (!after) throw new CdaEditError(message('documents.edit.unwritable'));
  for (const plan of plans) {
    const kept = new Set(narrativeIds(after.get(plan.key)?.text ?? null));
    if (narrativeIds(located.get(plan.key)!.text).some((id) => !kept.has(id)))
      throw new CdaEditError(message('documents.edit.anchorRemoved', { title: plan.title }));
  }
  // The edited document must stay readable: within the same bounds as any stored document.
  guardXml(out, limits, CDA_WHAT);
  return out;
}
