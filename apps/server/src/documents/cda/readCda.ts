import { type NarrativeLimitCrossed, narrativeLimitCrossed } from '@quill/core';
import { decodeXml, isHtmlPage } from '../decodeXml.js';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits, NarrativeLimitError } from '../limits.js';
import { runWalk, type Walk } from '../walk.js';
import { type Block, normaliseRuns, readBlocks, readInline, runsText } from './narrative.js';
import { narrativePrecheck } from './narrativePrecheck.js';
import { type CdaNonXmlBody, nonXmlBodyBlocks, readNonXmlBody } from './nonXmlBody.js';
import {
  child,
  children,
  HL7_V3,
  type OrderedNode,
  type ParsedXml,
  parseXml,
  path,
  textContent,
  type XmlElement,
  XmlSyntaxError,
} from './xmlTree.js';

/** A person named in the CDA header, and when they acted (HL7 TS as written). */
export interface CdaParticipant {
  name: string | null;
  time: string | null;
}

/** What the CDA header says, for display. Times are HL7 TS strings as written. */
export interface CdaHeader {
  title: string | null;
  /** The document type (LOINC display name). */
  documentType: string | null;
  effectiveTime: string | null;
  patient: { name: string | null; mrn: string | null; birthTime: string | null; gender: string | null };
  author: CdaParticipant | null;
  legalAuthenticator: CdaParticipant | null;
  /** The custodian organisation (facility). */
  custodian: string | null;
  encounter: { start: string | null; end: string | null; location: string | null } | null;
}

/** A section of the body: its title, its narrative and its subsections, in document order. */
export interface CdaSection {
  title: string;
  /** LOINC code of the section, when given. */
  code: string | null;
  blocks: Block[];
  sections: CdaSection[];
}

/** A CDA document read for display. `xml` keeps the parsed order tree for editing models. */
export interface CdaDocument {
  header: CdaHeader;
  /**
   * The body's sections. A non-XML body reads as one untitled section: its text, or a note saying
   * what the body is instead (an embedded PDF, a reference to an external file…).
   */
  sections: CdaSection[];
  /** component/nonXMLBody, null for a structured body (or none). */
  nonXmlBody: CdaNonXmlBody | null;
  xml: { ordered: OrderedNode[]; root: XmlElement };
}

/** Thrown when well-formed XML is not a CDA document. */
export class NotCdaError extends Error {
  constructor(readonly detail: string) {
    super(`Not a CDA document: ${detail}`);
    this.name = 'NotCdaError';
  }
}

const SSN_OID = '2.16.840.1.113883.4.1';

/** A display name from an HL7 PN: prefix, given names, family, suffix — or its text. */
export function personName(name: XmlElement | undefined): string | null {
  if (!name) return null;
  const part = (local: string) => children(name, local).map(textContent).filter(Boolean);
  const given = part('given');
  const family = part('family');
  if (!given.length && !family.length) return textContent(name) || null;
  const suffix = part('suffix');
  const main = [...part('prefix'), ...given, ...family].join(' ');
  return suffix.length ? `${main}, ${suffix.join(', ')}` : main;
}

const attr = (el: XmlElement | undefined, name: string) => el?.attrs[name] || null;

function participant(role: XmlElement | undefined, entity: string): CdaParticipant | null {
  if (!role) return null;
  const assigned = child(role, entity);
  const name =
    personName(path(assigned, 'assignedPerson', 'name')) ??
    (textContent(path(assigned, 'representedOrganization', 'name')) || null);
  return { name, time: attr(child(role, 'time'), 'value') };
}

function readHeader(doc: XmlElement): CdaHeader {
  const role = path(doc, 'recordTarget', 'patientRole');
  const ids = children(role, 'id');
  // A social security number is never shown as the record number.
  const mrnId = ids.find((id) => id.attrs.root !== SSN_OID && id.attrs.extension);
  const patient = child(role, 'patient');
  const encounter = path(doc, 'componentOf', 'encompassingEncounter');
  const encounterTime = child(encounter, 'effectiveTime');
  const location =
    textContent(path(encounter, 'location', 'healthCareFacility', 'location', 'name')) ||
    textContent(path(encounter, 'location', 'healthCareFacility', 'serviceProviderOrganization', 'name'));
  return {
    title: textContent(child(doc, 'title')) || null,
    documentType: attr(child(doc, 'code'), 'displayName'),
    effectiveTime: attr(child(doc, 'effectiveTime'), 'value'),
    patient: {
      name: personName(child(patient, 'name')),
      mrn: attr(mrnId, 'extension'),
      birthTime: attr(child(patient, 'birthTime'), 'value'),
      gender:
        attr(child(patient, 'administrativeGenderCode'), 'displayName') ??
        attr(child(patient, 'administrativeGenderCode'), 'code'),
    },
    author: participant(child(doc, 'author'), 'assignedAuthor'),
    legalAuthenticator: participant(child(doc, 'legalAuthenticator'), 'assignedEntity'),
    custodian:
      textContent(path(doc, 'custodian', 'assignedCustodian', 'representedCustodianOrganization', 'name')) ||
      null,
    encounter: encounter
      ? {
          start: attr(child(encounterTime, 'low'), 'value') ?? attr(encounterTime, 'value'),
          end: attr(child(encounterTime, 'high'), 'value'),
          location: location || null,
        }
      : null,
  };
}

function* readSection(section: XmlElement): Walk<CdaSection> {
  const titleEl = child(section, 'title');
  const code = child(section, 'code');
  const title =
    (titleEl ? runsText(normaliseRuns(readInline(titleEl.children))).replace(/\n/g, ' ') : '') ||
    attr(code, 'displayName') ||
    '';
  const text = child(section, 'text');
  const sections: CdaSection[] = [];
  for (const c of children(section, 'component'))
    for (const s of children(c, 'section')) sections.push((yield readSection(s)) as CdaSection);
  return { title, code: attr(code, 'code'), blocks: text ? readBlocks(text.children) : [], sections };
}

/** Reads a parsed document as CDA: a ClinicalDocument root in urn:hl7-org:v3, header and body. */
export function readCdaTree(parsed: ParsedXml): CdaDocument {
  const doc = parsed.root;
  if (doc.local !== 'ClinicalDocument' || doc.ns !== HL7_V3) {
    throw new NotCdaError(
      `the root element is ${doc.name}${doc.ns ? ` in ${doc.ns}` : ''}, not ClinicalDocument in ${HL7_V3}`,
    );
  }
  const body = child(doc, 'component');
  const structured = child(body, 'structuredBody');
  const nonXml = child(body, 'nonXMLBody');
  const nonXmlBody = !structured && nonXml ? readNonXmlBody(nonXml) : null;
  const sections = structured
    ? children(structured, 'component').flatMap((c) =>
        children(c, 'section').map((s) => runWalk(readSection(s))),
      )
    : nonXmlBody
      ? [{ title: '', code: null, blocks: nonXmlBodyBlocks(nonXmlBody), sections: [] }]
      : [];
  return { header: readHeader(doc), sections, nonXmlBody, xml: parsed };
}

/** How a CDA document is named in messages about its limits. */
export const CDA_WHAT = 'the CDA document';

/**
 * Parses CDA XML text (or bytes in their encoding: decodeXml) for display, within `limits` (scanned
 * before the parse) and core's NARRATIVE_LIMITS (after it). Throws XmlSyntaxError (an HTML page
 * among them), NotCdaError, or DocumentLimitError / ForbiddenMarkupError / NarrativeLimitError.
 */
export function readCda(xml: string | Buffer, limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS): CdaDocument {
  // Bytes in any encoding TextDecoder knows (UTF-16 with its BOM, a declared ISO-8859-1…).
  const text = (typeof xml === 'string' ? xml : decodeXml(xml)).replace(/^\uFEFF/, '');
  // An HTML page is said to be one, before its doctype or its markup is taken for a broken CDA.
  if (isHtmlPage(text)) throw new XmlSyntaxError('an HTML page, not a clinical document', { reason: 'html' });
  // Issue 41: one limit for intake and use — a narrative the editor and the renderers cannot
  // handle is refused here, at once when its paragraphs show it before the parse.
  const refuse = (crossed: NarrativeLimitCrossed | null) => {
    if (crossed) throw new NarrativeLimitError(crossed, CDA_WHAT);
  };
  const cda = readCdaTree(parseXml(text, limits, CDA_WHAT, (xml) => refuse(narrativePrecheck(xml))));
  refuse(narrativeLimitCrossed(cda.sections));
  return cda;
}
