import type { XmlElement, XmlNode, XmlText } from '../xmlTree.js';
import type { ScannedElement } from './xmlScanner.js';

/** Where a text node's characters are written: `at[i]` is the index of decoded unit i, `at[len]` its end. */
export interface TextSource {
  at: number[];
}

/**
 * The content of one element as the narrative reader's nodes (xmlTree's shape), each tied to its
 * place in the document text, so an edit can change exactly the characters a user changed.
 */
export interface SourceTree {
  nodes: XmlNode[];
  texts: WeakMap<XmlText, TextSource>;
  elements: WeakMap<XmlElement, ScannedElement>;
}

const NAMED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * Decodes character data as an XML parser does (the five named entities and character
 * references), keeping the index each decoded unit came from. An unknown entity stays as written.
 */
export function decodeText(xml: string, from: number, to: number): { text: string; at: number[] } {
  let text = '';
  const at: number[] = [];
  let i = from;
  while (i < to) {
    if (xml[i] === '&') {
      const semi = xml.indexOf(';', i);
      if (semi !== -1 && semi < to) {
        const name = xml.slice(i + 1, semi);
        let decoded: string | undefined = NAMED[name];
        const code = /^#x([0-9a-f]+)$/i.exec(name)?.[1] ?? /^#([0-9]+)$/.exec(name)?.[1];
        if (code !== undefined) {
          const n = Number.parseInt(code, name[1] === 'x' || name[1] === 'X' ? 16 : 10);
          decoded = n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : undefined;
        }
        if (decoded !== undefined) {
          for (let k = 0; k < decoded.length; k++) at.push(i);
          text += decoded;
          i = semi + 1;
          continue;
        }
      }
    }
    at.push(i);
    text += xml[i];
    i += 1;
  }
  at.push(to);
  return { text, at };
}

/** The nodes inside `el` (between its start and end tag), built with a work list. */
export function sourceTree(xml: string, el: ScannedElement): SourceTree {
  const texts = new WeakMap<XmlText, TextSource>();
  const elements = new WeakMap<XmlElement, ScannedElement>();
  const top: XmlNode[] = [];
  const work: { scanned: ScannedElement; out: XmlNode[] }[] = [{ scanned: el, out: top }];
  const addText = (out: XmlNode[], from: number, to: number) => {
    // A comment is not text: the text on either side of it is two nodes, as the parser has them.
    // Searched within [from, to) only: a search to the document's end for each of many text nodes
    // made reading a document of 100,000 paragraphs quadratic (issue 41: past the 30 s budget).
    const span = xml.slice(from, to);
    let start = from;
    while (start < to) {
      const found = span.indexOf('<!--', start - from);
      const comment = found === -1 ? -1 : found + from;
      const end = comment !== -1 ? comment : to;
      if (end > start) {
        const { text, at } = decodeText(xml, start, end);
        const node: XmlText = { type: 'text', text };
        texts.set(node, { at });
        out.push(node);
      }
      start = end === to ? to : xml.indexOf('-->', comment + 4) + 3;
    }
  };
  for (let job = work.pop(); job; job = work.pop()) {
    const { scanned, out } = job;
    let cursor = scanned.openEnd;
    for (const c of scanned.children) {
      addText(out, cursor, c.start);
      const attrs: Record<string, string> = {};
      for (const [name, raw] of c.attrs) attrs[name] = decodeText(raw, 0, raw.length).text;
      const node: XmlElement = {
        type: 'element',
        name: c.name,
        local: c.local,
        ns: c.ns,
        attrs,
        children: [],
      };
      elements.set(node, c);
      out.push(node);
      work.push({ scanned: c, out: node.children });
      cursor = c.end;
    }
    addText(out, cursor, scanned.closeStart);
  }
  return { nodes: top, texts, elements };
}

/** The range of the text a node takes (a text node's characters, an element's tags and content). */
export function nodeRange(tree: SourceTree, node: XmlNode): { start: number; end: number } {
  if (node.type === 'element') {
    const scanned = tree.elements.get(node)!;
    return { start: scanned.start, end: scanned.end };
  }
  const { at } = tree.texts.get(node)!;
  return { start: at[0]!, end: at.at(-1)! };
}
