import type { CdaEditModel, CdaEditSection } from '@quill/core';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits } from '../../limits.js';
import { type CdaSection, readCda } from '../readCda.js';
import { child, children, HL7_V3, type XmlElement, type XmlNode } from '../xmlTree.js';
import { type LocatedSection, locateSections } from './locateSections.js';

// Narrative elements and attributes the editing model keeps (or may drop without changing what
// the narrative says: table layout hints). Anything else makes the section read-only.
const ELEMENTS = new Set([
  'content',
  'paragraph',
  'list',
  'item',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'br',
  'caption',
  'col',
  'colgroup',
]);
const LAYOUT_ATTRIBUTES = new Set([
  'border',
  'width',
  'align',
  'valign',
  'cellpadding',
  'cellspacing',
  'char',
  'charoff',
  'span',
  'frame',
  'rules',
  'summary',
]);
const STYLE_CODES = new Set(['Bold', 'Italics', 'Underline']);

function attributeKept(el: XmlElement, name: string, value: string): boolean {
  if (name === 'xmlns') return value === HL7_V3;
  if (name.startsWith('xmlns:')) return true;
  if (name === 'styleCode')
    return value
      .split(/\s+/)
      .filter(Boolean)
      .every((c) => STYLE_CODES.has(c));
  if (name === 'listType') return el.local === 'list';
  if (name === 'colspan') return el.local === 'td' || el.local === 'th';
  return LAYOUT_ATTRIBUTES.has(name);
}

/**
 * True when every element and attribute below a section's `<text>` is one the editing model
 * keeps: no IDs that entries point at, no multimedia, links, footnotes, revisions, sub/superscript,
 * row spans, other style codes or foreign elements.
 */
export function narrativeIsEditable(text: XmlElement): boolean {
  const ok = (n: XmlNode): boolean => {
    if (n.type === 'text') return true;
    if (n.ns !== HL7_V3 || !ELEMENTS.has(n.local)) return false;
    if (!Object.entries(n.attrs).every(([k, v]) => attributeKept(n, k, v))) return false;
    return n.children.every(ok);
  };
  return text.children.every(ok);
}

function hasMarkupTheModelDrops(xml: string, text: LocatedSection['text']): boolean {
  if (!text || text.selfClosing) return false;
  const inner = xml.slice(text.openEnd, text.closeStart);
  return inner.includes('<!--') || inner.includes('<?');
}

function toEditSection(
  xml: string,
  read: CdaSection,
  el: XmlElement,
  located: LocatedSection,
): CdaEditSection {
  const subElements = children(el, 'component').flatMap((c) => children(c, 'section'));
  if (subElements.length !== read.sections.length || located.sections.length !== read.sections.length)
    throw new Error(`section ${located.key} has subsections the scanner and the parser count differently`);
  const text = child(el, 'text');
  const editable =
    !located.section.selfClosing &&
    (text ? narrativeIsEditable(text) && !hasMarkupTheModelDrops(xml, located.text) : true);
  return {
    key: located.key,
    title: read.title,
    code: read.code,
    editable,
    blocks: read.blocks,
    sections: read.sections.map((s, i) => toEditSection(xml, s, subElements[i]!, located.sections[i]!)),
  };
}

/**
 * Reads CDA XML into the editing model: read-only header fields and the body's sections (keyed by
 * their path) with narrative blocks. Sections whose narrative holds what the model cannot keep are
 * marked not editable. Throws XmlSyntaxError, NotCdaError or XmlScanError.
 */
export function readCdaEditModel(
  document: string,
  limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS,
): CdaEditModel {
  const xml = document.replace(/^\uFEFF/, '');
  const doc = readCda(xml, limits);
  const { header } = doc;
  const base = {
    title: header.title,
    documentType: header.documentType,
    patientName: header.patient.name,
    mrn: header.patient.mrn,
    birthTime: header.patient.birthTime,
    gender: header.patient.gender,
    author: header.author?.name ?? null,
    authorTime: header.author?.time ?? null,
    effectiveTime: header.effectiveTime,
    custodian: header.custodian,
  };
  const structured = child(child(doc.xml.root, 'component'), 'structuredBody');
  if (!structured) {
    // A non-XML body (or none) is shown, never edited.
    return {
      header: base,
      sections: doc.sections.map((s, i) => ({
        key: String(i),
        title: s.title,
        code: s.code,
        editable: false,
        blocks: s.blocks,
        sections: [],
      })),
    };
  }
  const elements = children(structured, 'component').flatMap((c) => children(c, 'section'));
  const located = locateSections(xml);
  if (elements.length !== doc.sections.length || located.length !== doc.sections.length)
    throw new Error('the scanner and the parser count the body sections differently');
  return {
    header: base,
    sections: doc.sections.map((s, i) => toEditSection(xml, s, elements[i]!, located[i]!)),
  };
}
