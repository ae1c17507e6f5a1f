import type { CdaEditModel, CdaEditSection } from '@quill/core';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits } from '../../limits.js';
import { readBlocks } from '../narrative.js';
import { nonXmlBodyInfo } from '../nonXmlBody.js';
import { type CdaSection, readCda } from '../readCda.js';
import { child, children, HL7_V3, type XmlElement, type XmlNode } from '../xmlTree.js';
import { type LocatedSection, locateSections } from './locateSections.js';
import { sourceTree } from './sourceTree.js';

// Narrative elements of CDA R2 that a save keeps as written around what the user changed
// (patchNarrative). Anything else (foreign elements) makes the section read-only.
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
  'linkHtml',
  'sub',
  'sup',
  'footnote',
  'footnoteRef',
  'renderMultiMedia',
]);

function attributeKept(name: string, value: string): boolean {
  if (name === 'xmlns') return value === HL7_V3;
  // The editor's tables have no row spans: a spanned row would show its cells out of place.
  if (name === 'rowspan') return value.trim() === '1';
  return true;
}

/**
 * True when every element and attribute below a section's `<text>` is one the editing model
 * shows in place: CDA narrative elements only, and no row spans. IDs that entries point at,
 * links, footnotes, multimedia and any style code are kept by the save.
 */
export function narrativeIsEditable(text: XmlElement): boolean {
  const ok = (n: XmlNode): boolean => {
    if (n.type === 'text') return true;
    if (n.ns !== HL7_V3 || !ELEMENTS.has(n.local)) return false;
    if (!Object.entries(n.attrs).every(([k, v]) => attributeKept(k, v))) return false;
    return n.children.every(ok);
  };
  return text.children.every(ok);
}

// DICOM Object Catalog (DCM 121181; C-CDA template 2.16.840.1.113883.10.20.6.1.1): the list of
// images an imaging report refers to, for machines only.
const MACHINE_ONLY_CODES = new Set(['121181']);
const MACHINE_ONLY_TEMPLATES = new Set(['2.16.840.1.113883.10.20.6.1.1']);

/** A section written for machines: no `<text>` and a machine-only template or code, or no title either. */
function machineOnly(el: XmlElement, read: CdaSection): boolean {
  if (child(el, 'text')) return false;
  if (!read.title.trim()) return true;
  if (MACHINE_ONLY_CODES.has(child(el, 'code')?.attrs.code ?? '')) return true;
  return children(el, 'templateId').some((t) => MACHINE_ONLY_TEMPLATES.has(t.attrs.root ?? ''));
}

function hasMarkupTheModelDrops(xml: string, text: LocatedSection['text']): boolean {
  if (!text || text.selfClosing) return false;
  const inner = xml.slice(text.openEnd, text.closeStart);
  return inner.includes('<?') || inner.includes('<![CDATA[');
}

/** True when the narrative read from its place in the text is the narrative shown. */
function readsInPlace(xml: string, text: LocatedSection['text'], blocks: CdaSection['blocks']): boolean {
  if (!text || text.selfClosing) return true;
  return JSON.stringify(readBlocks(sourceTree(xml, text).nodes)) === JSON.stringify(blocks);
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
    !machineOnly(el, read) &&
    (text
      ? narrativeIsEditable(text) &&
        !hasMarkupTheModelDrops(xml, located.text) &&
        readsInPlace(xml, located.text, read.blocks)
      : true);
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
      nonXmlBody: doc.nonXmlBody ? nonXmlBodyInfo(doc.nonXmlBody) : null,
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
