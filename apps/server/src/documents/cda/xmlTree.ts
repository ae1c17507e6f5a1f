import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits, MAX_DEPTH_SETTING } from '../limits.js';
import { XmlGuard } from '../xmlGuard.js';

/** The HL7 v3 namespace every CDA element lives in. */
export const HL7_V3 = 'urn:hl7-org:v3';

/**
 * One node of fast-xml-parser's preserve-order tree: `{ tag: children, ':@'?: attributes }`, or a
 * text node `{ '#text': '…' }`, or a comment `{ '#comment': [{ '#text': '…' }] }`.
 */
export type OrderedNode = Record<string, unknown>;

/** An element with its namespace resolved, its attributes as written and its children in order. */
export interface XmlElement {
  type: 'element';
  /** The name as written, prefix included (`sdtc:raceCode`). */
  name: string;
  local: string;
  /** The resolved namespace URI; null when the name is in no namespace. */
  ns: string | null;
  attrs: Readonly<Record<string, string>>;
  children: XmlNode[];
}
export interface XmlText {
  type: 'text';
  text: string;
}
export type XmlNode = XmlElement | XmlText;

/** A parsed XML document: the ordered tree (kept for a later lossless model) and its root element. */
export interface ParsedXml {
  ordered: OrderedNode[];
  root: XmlElement;
}

const ATTRS = ':@';
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  allowBooleanAttributes: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  commentPropName: '#comment',
  cdataPropName: '#cdata',
  // Decodes numeric character references (&#233;) as well as the XML ones.
  htmlEntities: true,
  // Depth is bounded by DOCUMENT_MAX_DEPTH (scanned before the parse), not by the parser's own 100.
  maxNestedTags: MAX_DEPTH_SETTING,
});

/** Why a file is not readable XML, when a clerk can be told in a sentence of its own. */
export type XmlSyntaxReason = 'truncated' | 'html' | 'encoding' | 'badText';

/**
 * Thrown when bytes are not a well-formed XML document; `detail` says where and why, `line` and
 * `column` (1-based) where the reader stopped, `reason` the kind when it has a sentence of its own.
 */
export class XmlSyntaxError extends Error {
  readonly reason: XmlSyntaxReason | null;
  readonly line: number | null;
  readonly column: number | null;
  readonly encoding: string | null;
  constructor(
    readonly detail: string,
    opts: { reason?: XmlSyntaxReason; line?: number; column?: number; encoding?: string } = {},
  ) {
    super(`Not well-formed XML: ${detail}`);
    this.name = 'XmlSyntaxError';
    this.reason = opts.reason ?? null;
    this.line = opts.line ?? null;
    this.column = opts.column ?? null;
    this.encoding = opts.encoding ?? null;
  }
}

/** The 1-based line and column just past the end of a text. */
function endOf(text: string): { line: number; column: number } {
  const trimmed = text.trimEnd();
  const lines = trimmed.split(/\r\n|\r|\n/);
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

// fast-xml-parser's words for elements still open at the end of the text, or none begun.
const UNCLOSED = /^(Unclosed tag|Invalid '\[|Start tag expected)/;

/** The syntax error of text the validator refused: a truncation when the text stops mid-document. */
function syntaxError(
  xml: string,
  complete: boolean,
  err: { msg: string; line: number; col: number },
): XmlSyntaxError {
  const end = endOf(xml);
  const atEnd = err.line === end.line && !/^Expected closing tag/.test(err.msg);
  if (!complete && (UNCLOSED.test(err.msg) || atEnd))
    return new XmlSyntaxError(`the file ends before the document is complete (line ${end.line})`, {
      reason: 'truncated',
      ...end,
    });
  return new XmlSyntaxError(`${err.msg} (line ${err.line})`, { line: err.line, column: err.col });
}

function resolve(
  name: string,
  attrs: Record<string, string>,
  scope: ReadonlyMap<string, string>,
): { local: string; ns: string | null; scope: ReadonlyMap<string, string> } {
  let inner = scope;
  for (const [key, value] of Object.entries(attrs)) {
    if (key === 'xmlns' || key.startsWith('xmlns:')) {
      if (inner === scope) inner = new Map(scope);
      (inner as Map<string, string>).set(key === 'xmlns' ? '' : key.slice(6), value);
    }
  }
  const colon = name.indexOf(':');
  const prefix = colon === -1 ? '' : name.slice(0, colon);
  const local = colon === -1 ? name : name.slice(colon + 1);
  return { local, ns: inner.get(prefix) || null, scope: inner };
}

function textOf(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value.map((v) => String((v as OrderedNode)['#text'] ?? '')).join('');
}

/** The element view of an ordered tree, built with a work list (never recursion on depth). */
function toNodes(ordered: OrderedNode[], scope: ReadonlyMap<string, string>): XmlNode[] {
  const top: XmlNode[] = [];
  const work: { list: OrderedNode[]; scope: ReadonlyMap<string, string>; out: XmlNode[] }[] = [
    { list: ordered, scope, out: top },
  ];
  for (let job = work.pop(); job; job = work.pop()) {
    for (const node of job.list) {
      if ('#text' in node) {
        job.out.push({ type: 'text', text: String(node['#text']) });
        continue;
      }
      if ('#cdata' in node) {
        job.out.push({ type: 'text', text: textOf(node['#cdata']) });
        continue;
      }
      const name = Object.keys(node).find((k) => k !== ATTRS);
      if (!name || name === '#comment' || name.startsWith('?')) continue;
      const attrs = (node[ATTRS] ?? {}) as Record<string, string>;
      const r = resolve(name, attrs, job.scope);
      const el: XmlElement = { type: 'element', name, local: r.local, ns: r.ns, attrs, children: [] };
      job.out.push(el);
      work.push({ list: (node[name] ?? []) as OrderedNode[], scope: r.scope, out: el.children });
    }
  }
  return top;
}

/**
 * Parses XML text into fast-xml-parser's order-preserving tree (attributes and comments kept)
 * and a namespace-resolved element view of it. Throws XmlSyntaxError unless well-formed.
 * The text is first scanned against `limits` (size, elements, attributes, depth: DocumentLimitError)
 * and documents with a DOCTYPE are refused (ForbiddenMarkupError): CDA has none, and entity
 * declarations are a risk (external entities, entity expansion).
 */
export function parseXml(
  xml: string,
  limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS,
  what = 'the document',
  /** Runs after the bounds are checked, before the parse: a cheap refusal of its own (readCda). */
  beforeParse?: (xml: string) => void,
): ParsedXml {
  const guard = new XmlGuard(limits, what);
  guard.push(xml);
  beforeParse?.(xml);
  if (/<!DOCTYPE/i.test(xml)) throw new XmlSyntaxError('a DOCTYPE declaration is not allowed');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw syntaxError(xml, guard.complete, valid.err);
  const ordered = parser.parse(xml) as OrderedNode[];
  const roots = toNodes(ordered, new Map()).filter((n): n is XmlElement => n.type === 'element');
  if (roots.length !== 1) throw new XmlSyntaxError('the document must have exactly one root element');
  return { ordered, root: roots[0]! };
}

/** The child elements of `el` in the HL7 v3 namespace with this local name. */
export function children(
  el: XmlElement | undefined,
  local: string,
  ns: string | null = HL7_V3,
): XmlElement[] {
  if (!el) return [];
  return el.children.filter((c): c is XmlElement => c.type === 'element' && c.local === local && c.ns === ns);
}

/** The first child element with this local name (HL7 v3 namespace), if any. */
export function child(el: XmlElement | undefined, local: string): XmlElement | undefined {
  return children(el, local)[0];
}

/** Follows a path of local names through first children: `path(doc, 'recordTarget', 'patientRole')`. */
export function path(el: XmlElement | undefined, ...locals: string[]): XmlElement | undefined {
  let at = el;
  for (const local of locals) at = child(at, local);
  return at;
}

/** All text below an element, with whitespace collapsed. */
export function textContent(el: XmlElement | undefined): string {
  if (!el) return '';
  const parts: string[] = [];
  const work: XmlNode[] = [el];
  for (let n = work.pop(); n; n = work.pop()) {
    if (n.type === 'text') parts.push(n.text);
    else for (let i = n.children.length - 1; i >= 0; i--) work.push(n.children[i]!);
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
}
