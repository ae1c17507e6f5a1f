import { HL7_V3 } from '../xmlTree.js';
import { type ScannedElement, scannedChildren, scanXml } from './xmlScanner.js';

/** A section of the structured body as placed in the text, with its key ("0.2.1"). */
export interface LocatedSection {
  key: string;
  section: ScannedElement;
  /** The section's `<text>` element, if it has one. */
  text: ScannedElement | null;
  sections: LocatedSection[];
}

// Children of a section that come before `<text>` in the CDA R2 schema.
const BEFORE_TEXT = new Set(['templateId', 'id', 'code', 'title']);

/**
 * Where a missing `<text>` goes: after the last child that the schema puts before it (title,
 * code, id, templateId), or at the start of the section's content.
 */
export function textInsertionPoint(section: ScannedElement): number {
  let at = section.openEnd;
  for (const c of section.children) {
    if (c.ns === HL7_V3 && BEFORE_TEXT.has(c.local)) at = c.end;
    else break;
  }
  return at;
}

function locate(section: ScannedElement, key: string): LocatedSection {
  return {
    key,
    section,
    text: scannedChildren(section, HL7_V3, 'text')[0] ?? null,
    sections: scannedChildren(section, HL7_V3, 'component')
      .flatMap((c) => scannedChildren(c, HL7_V3, 'section'))
      .map((s, i) => locate(s, `${key}.${i}`)),
  };
}

/**
 * The sections of a CDA structured body with their positions, in the order and with the keys
 * the editing model uses (the n-th section of the body is "n", its m-th subsection "n.m").
 */
export function locateSections(xml: string): LocatedSection[] {
  const root = scanXml(xml);
  const body = scannedChildren(root, HL7_V3, 'component')[0];
  const structured = body ? scannedChildren(body, HL7_V3, 'structuredBody')[0] : undefined;
  if (!structured) return [];
  return scannedChildren(structured, HL7_V3, 'component')
    .flatMap((c) => scannedChildren(c, HL7_V3, 'section'))
    .map((s, i) => locate(s, String(i)));
}

/** Every located section by key, subsections included. */
export function sectionsByKey(sections: readonly LocatedSection[]): Map<string, LocatedSection> {
  const out = new Map<string, LocatedSection>();
  const walk = (list: readonly LocatedSection[]) => {
    for (const s of list) {
      out.set(s.key, s);
      walk(s.sections);
    }
  };
  walk(sections);
  return out;
}
