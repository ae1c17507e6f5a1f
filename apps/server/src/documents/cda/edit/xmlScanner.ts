/**
 * A small position-aware XML scanner: it finds where each element starts and ends in the text,
 * so an edit can splice exactly one element's content and leave every other byte as written.
 * It expects well-formed XML (parse it with xmlTree's parseXml first); it still refuses what it
 * cannot place (unclosed markup, mismatched end tags).
 */

/** An element's place in the text. Offsets are string indexes (UTF-16), end exclusive. */
export interface ScannedElement {
  /** The name as written, prefix included. */
  name: string;
  /** Attributes in document order, values as written (entities not decoded). */
  attrs: [name: string, rawValue: string][];
  /** Resolved namespace URI of the name; null when in no namespace. */
  ns: string | null;
  local: string;
  /** Prefix → namespace in scope inside this element ('' is the default namespace). */
  scope: ReadonlyMap<string, string>;
  /** Index of the '<' of the start tag. */
  start: number;
  /** Index just after the start tag's '>'. */
  openEnd: number;
  /** Index of the '<' of the end tag (equals openEnd when self-closing). */
  closeStart: number;
  /** Index just after the end tag (or of the self-closing tag). */
  end: number;
  selfClosing: boolean;
  children: ScannedElement[];
}

/** Thrown when the text cannot be scanned as XML; `offset` is where it went wrong. */
export class XmlScanError extends Error {
  constructor(
    readonly detail: string,
    readonly offset: number,
  ) {
    super(`XML scan failed at offset ${offset}: ${detail}`);
    this.name = 'XmlScanError';
  }
}

const NAME_START = /[A-Za-z_:\u00C0-\uFFFF]/;
const NAME_CHAR = /[A-Za-z0-9_:.\u00B7\u00C0-\uFFFF-]/;
const SPACE = /[ \t\r\n]/;

function skipTo(xml: string, from: number, marker: string, what: string): number {
  const at = xml.indexOf(marker, from);
  if (at === -1) throw new XmlScanError(`unclosed ${what}`, from);
  return at + marker.length;
}

/** Skips `<!DOCTYPE …>` including an internal subset with quoted strings and comments. */
function skipDoctype(xml: string, from: number): number {
  let i = from + 9;
  let depth = 0;
  while (i < xml.length) {
    const c = xml[i]!;
    if (c === '"' || c === "'") i = skipTo(xml, i + 1, c, 'quoted DOCTYPE string');
    else if (xml.startsWith('<!--', i)) i = skipTo(xml, i + 4, '-->', 'comment');
    else if (xml.startsWith('<?', i)) i = skipTo(xml, i + 2, '?>', 'processing instruction');
    else if (c === '[') {
      depth += 1;
      i += 1;
    } else if (c === ']') {
      depth -= 1;
      i += 1;
    } else if (c === '>' && depth <= 0) return i + 1;
    else i += 1;
  }
  throw new XmlScanError('unclosed DOCTYPE', from);
}

function readName(xml: string, from: number): number {
  if (!NAME_START.test(xml[from] ?? '')) throw new XmlScanError('expected a name', from);
  let i = from + 1;
  while (i < xml.length && NAME_CHAR.test(xml[i]!)) i += 1;
  return i;
}

function skipSpace(xml: string, from: number): number {
  let i = from;
  while (i < xml.length && SPACE.test(xml[i]!)) i += 1;
  return i;
}

function resolve(
  name: string,
  attrs: [string, string][],
  scope: ReadonlyMap<string, string>,
): Pick<ScannedElement, 'local' | 'ns' | 'scope'> {
  let inner = scope;
  for (const [key, value] of attrs) {
    if (key === 'xmlns' || key.startsWith('xmlns:')) {
      if (inner === scope) inner = new Map(scope);
      (inner as Map<string, string>).set(key === 'xmlns' ? '' : key.slice(6), value);
    }
  }
  const colon = name.indexOf(':');
  const prefix = colon === -1 ? '' : name.slice(0, colon);
  return {
    local: colon === -1 ? name : name.slice(colon + 1),
    ns: inner.get(prefix) || null,
    scope: inner,
  };
}

/** Scans a start tag at `from` ('<' of it); returns the element without its end yet. */
function scanStartTag(xml: string, from: number, scope: ReadonlyMap<string, string>): ScannedElement {
  const nameEnd = readName(xml, from + 1);
  const name = xml.slice(from + 1, nameEnd);
  const attrs: [string, string][] = [];
  let i = nameEnd;
  for (;;) {
    const afterSpace = skipSpace(xml, i);
    const c = xml[afterSpace];
    if (c === undefined) throw new XmlScanError(`unclosed start tag <${name}>`, from);
    if (c === '>' || (c === '/' && xml[afterSpace + 1] === '>')) {
      const selfClosing = c === '/';
      const openEnd = afterSpace + (selfClosing ? 2 : 1);
      return {
        name,
        attrs,
        ...resolve(name, attrs, scope),
        start: from,
        openEnd,
        closeStart: openEnd,
        end: openEnd,
        selfClosing,
        children: [],
      };
    }
    if (afterSpace === i) throw new XmlScanError(`expected a space before an attribute of <${name}>`, i);
    const attrEnd = readName(xml, afterSpace);
    const attrName = xml.slice(afterSpace, attrEnd);
    i = skipSpace(xml, attrEnd);
    if (xml[i] !== '=') throw new XmlScanError(`attribute ${attrName} has no value`, i);
    i = skipSpace(xml, i + 1);
    const quote = xml[i];
    if (quote !== '"' && quote !== "'") throw new XmlScanError(`attribute ${attrName} is not quoted`, i);
    const close = xml.indexOf(quote, i + 1);
    if (close === -1) throw new XmlScanError(`unclosed value of attribute ${attrName}`, i);
    attrs.push([attrName, xml.slice(i + 1, close)]);
    i = close + 1;
  }
}

/**
 * Scans the whole document and returns its root element with every descendant element's
 * offsets. Comments, CDATA sections, processing instructions and a DOCTYPE are skipped over.
 */
export function scanXml(xml: string): ScannedElement {
  const stack: ScannedElement[] = [];
  let root: ScannedElement | null = null;
  let i = 0;
  const attach = (el: ScannedElement) => {
    const parent = stack.at(-1);
    if (parent) parent.children.push(el);
    else if (root) throw new XmlScanError('more than one root element', el.start);
    else root = el;
  };
  for (;;) {
    const lt = xml.indexOf('<', i);
    if (lt === -1) break;
    if (xml.startsWith('<!--', lt)) i = skipTo(xml, lt + 4, '-->', 'comment');
    else if (xml.startsWith('<![CDATA[', lt)) i = skipTo(xml, lt + 9, ']]>', 'CDATA section');
    else if (xml.startsWith('<?', lt)) i = skipTo(xml, lt + 2, '?>', 'processing instruction');
    else if (xml.startsWith('<!DOCTYPE', lt)) i = skipDoctype(xml, lt);
    else if (xml[lt + 1] === '/') {
      const nameEnd = readName(xml, lt + 2);
      const name = xml.slice(lt + 2, nameEnd);
      const gt = skipSpace(xml, nameEnd);
      if (xml[gt] !== '>') throw new XmlScanError(`malformed end tag </${name}>`, lt);
      const open = stack.pop();
      if (!open || open.name !== name)
        throw new XmlScanError(`end tag </${name}> does not match <${open?.name ?? ''}>`, lt);
      open.closeStart = lt;
      open.end = gt + 1;
      i = gt + 1;
    } else {
      const el = scanStartTag(xml, lt, stack.at(-1)?.scope ?? new Map());
      attach(el);
      if (!el.selfClosing) stack.push(el);
      i = el.end;
    }
  }
  if (stack.length) throw new XmlScanError(`<${stack.at(-1)!.name}> is never closed`, stack.at(-1)!.start);
  if (!root) throw new XmlScanError('no root element', 0);
  return root;
}

/** Child elements with this namespace and local name. */
export function scannedChildren(el: ScannedElement, ns: string, local: string): ScannedElement[] {
  return el.children.filter((c) => c.ns === ns && c.local === local);
}

/** The prefix (with its colon, or '') of an element's name. */
export function prefixOf(el: ScannedElement): string {
  const colon = el.name.indexOf(':');
  return colon === -1 ? '' : el.name.slice(0, colon + 1);
}
