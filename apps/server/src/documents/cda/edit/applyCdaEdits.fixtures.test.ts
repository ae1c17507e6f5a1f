import type { CdaEditSection, NarrativeBlock, NarrativeRun } from '@quill/core';
import { describe, expect, it } from 'vitest';
import { cdaFixtures } from '../../../testing/documents/cdaFixtures.js';
import { random } from '../../../testing/random.js';
import { readCda } from '../readCda.js';
import { parseXml, type XmlNode } from '../xmlTree.js';
import { applyCdaEdits, CdaEditError } from './applyCdaEdits.js';
import { locateSections, sectionsByKey } from './locateSections.js';
import { readCdaEditModel } from './readCdaEditModel.js';
import { normaliseBlocks } from './writeNarrative.js';

const flat = (sections: CdaEditSection[]): CdaEditSection[] =>
  sections.flatMap((s) => [s, ...flat(s.sections)]);

/** Runs of the first paragraph found anywhere in the blocks (lists and tables included). */
function firstParagraphRuns(blocks: NarrativeBlock[]): NarrativeRun[] | null {
  for (const b of blocks) {
    if (b.kind === 'paragraph') return b.runs;
    const inner =
      b.kind === 'list' ? b.items.flat() : [...b.head, ...b.body].flat().flatMap((cell) => cell.blocks);
    const found = firstParagraphRuns(inner);
    if (found) return found;
  }
  return null;
}

const NEW_WORD = 'Zyxwvut';

/** A deep copy of the blocks with the first word of 3+ letters of the first paragraph replaced. */
function changeOneWord(blocks: NarrativeBlock[]): NarrativeBlock[] | null {
  const copy = structuredClone(blocks);
  const runs = firstParagraphRuns(copy);
  const run = runs?.find((r) => /[A-Za-z]{3,}/.test(r.text));
  if (!run) return null;
  run.text = run.text.replace(/[A-Za-z]{3,}/, NEW_WORD);
  return copy;
}

/**
 * Tests only: an order-preserving canonical form of an XML document — element names, attributes
 * sorted by name, and text exactly as parsed — with the content of the `<text>` of the section
 * with key `dropKey` emptied. Parsed by fast-xml-parser, not by the scanner under test.
 */
function canonical(xml: string, dropKey: string): unknown {
  const counters = new Map<string, number>();
  const walk = (n: XmlNode, sectionKey: string, parentIsSection: boolean): unknown => {
    if (n.type === 'text') return n.text;
    let key = sectionKey;
    if (n.local === 'section') {
      const index = counters.get(sectionKey) ?? 0;
      counters.set(sectionKey, index + 1);
      key = sectionKey ? `${sectionKey}.${index}` : String(index);
    }
    const drop = n.local === 'text' && parentIsSection && sectionKey === dropKey;
    return {
      name: n.name,
      attrs: Object.entries(n.attrs).sort(([a], [b]) => a.localeCompare(b)),
      children: drop ? [] : n.children.map((c) => walk(c, key, n.local === 'section')),
    };
  };
  return walk(parseXml(xml).root, '', false);
}

/** Tests only: every element (name and sorted attributes) and text node in document order. */
function nodeList(xml: string): string[] {
  const out: string[] = [];
  const work: XmlNode[] = [parseXml(xml).root];
  for (let n = work.pop(); n; n = work.pop()) {
    if (n.type === 'text') {
      out.push(`text:${n.text}`);
      continue;
    }
    const attrs = Object.entries(n.attrs).sort(([a], [b]) => a.localeCompare(b));
    out.push(`element:${n.name} ${JSON.stringify(attrs)}`);
    for (let i = n.children.length - 1; i >= 0; i--) work.push(n.children[i]!);
  }
  return out;
}

// LOINC codes of the C-CDA sections whose narrative the coded entries point into.
const CODED_SECTIONS = new Set(['48765-2', '10160-0', '11450-4', '30954-2']);

/**
 * Every `reference/@value` ("#id") of the document that names no `ID` in it. (The HL7 examples
 * themselves have a few that point nowhere; an edit must not add any.)
 */
function unresolvedReferences(xml: string): string[] {
  const ids = new Set<string>();
  const refs: string[] = [];
  const work: XmlNode[] = [parseXml(xml).root];
  for (let n = work.pop(); n; n = work.pop()) {
    if (n.type === 'text') continue;
    if (n.attrs.ID) ids.add(n.attrs.ID);
    if (n.local === 'reference' && n.attrs.value?.startsWith('#')) refs.push(n.attrs.value.slice(1));
    work.push(...n.children);
  }
  return refs.filter((r) => !ids.has(r));
}

const referenceCount = (xml: string) => (xml.match(/<(\w+:)?reference\s+value="#/g) ?? []).length;

it('four of the five fixtures have coded sections, with entries pointing into their narrative', () => {
  const withCoded = cdaFixtures().filter(({ bytes }) =>
    flat(readCdaEditModel(bytes.toString('utf8')).sections).some((s) => s.code && CODED_SECTIONS.has(s.code)),
  );
  expect(withCoded.length).toBe(4);
});

describe.each(cdaFixtures())('CDA edit round trip of $name', ({ bytes }) => {
  const original = bytes.toString('utf8');
  const model = readCdaEditModel(original);
  const sections = flat(model.sections);

  it('reads every section with a key, and most sections are editable', () => {
    expect(sections.length).toBe(flat(readCdaEditModel(original).sections).length);
    expect(new Set(sections.map((s) => s.key)).size).toBe(sections.length);
    expect(sections.filter((s) => s.editable).length).toBeGreaterThan(0);
  });

  it('gives the original bytes back for no edits, and for an unchanged section', () => {
    expect(applyCdaEdits(original, { sections: [] })).toBe(original);
  });

  const editable = sections.filter((s) => s.editable && changeOneWord(s.blocks));
  const originalNodes = nodeList(original);
  it.each(editable.map((s) => [s.key, s.title, s] as const))(
    'changing one word in section %s (%s) changes exactly one text node',
    (key, _title, section) => {
      const blocks = changeOneWord(section.blocks)!;
      const edited = applyCdaEdits(original, { sections: [{ key, blocks }] });

      // (a) well-formed, still CDA.
      expect(() => readCda(edited)).not.toThrow();

      // (b) every byte outside the section's <text> content is the original's.
      const place = sectionsByKey(locateSections(original)).get(key)!;
      expect(place.text).not.toBeNull();
      const { openEnd, closeStart } = place.text!;
      expect(edited.slice(0, openEnd)).toBe(original.slice(0, openEnd));
      expect(edited.slice(edited.length - (original.length - closeStart))).toBe(original.slice(closeStart));
      // … and canonicalised, with that section's text left out, the documents are equal.
      expect(canonical(edited, key)).toEqual(canonical(original, key));
      expect(canonical(edited, '-')).not.toEqual(canonical(original, '-'));
      // … and node by node the whole document differs in one text node: every element, `<br/>`,
      // styleCode and ID is where it was.
      const before = originalNodes;
      const now = nodeList(edited);
      expect(now.length).toBe(before.length);
      const changed = now.filter((n, i) => n !== before[i]);
      expect(changed).toHaveLength(1);
      expect(changed[0]).toMatch(new RegExp(`^text:.*${NEW_WORD}`, 's'));

      // (c) the new word is read back, and every other section reads as before.
      const after = flat(readCdaEditModel(edited).sections);
      expect(after.map((s) => s.key)).toEqual(sections.map((s) => s.key));
      for (const [i, s] of after.entries()) {
        if (s.key === key) {
          expect(s.blocks).toEqual(blocks);
          expect(JSON.stringify(s.blocks)).toContain(NEW_WORD);
        } else expect({ ...s, sections: [] }).toEqual({ ...sections[i], sections: [] });
      }
    },
  );

  it('gives the original bytes back when every editable section is sent back unchanged', () => {
    const edits = editable.map((s) => ({ key: s.key, blocks: s.blocks }));
    expect(applyCdaEdits(original, { sections: edits })).toBe(original);
  });

  const coded = sections.filter((s) => s.code && CODED_SECTIONS.has(s.code));
  it('keeps its coded sections (allergies, medications, problems, results) editable', () => {
    expect(coded.filter((s) => !s.editable).map((s) => s.title)).toEqual([]);
  });

  it.each(coded.filter((s) => changeOneWord(s.blocks)).map((s) => [s.key, s.title, s] as const))(
    'after an edit of coded section %s (%s) every entry reference still names a narrative ID',
    (key, _title, section) => {
      const dangling = unresolvedReferences(original);
      expect(referenceCount(original)).toBeGreaterThan(dangling.length);
      const edited = applyCdaEdits(original, { sections: [{ key, blocks: changeOneWord(section.blocks)! }] });
      expect(edited).not.toBe(original);
      expect(referenceCount(edited)).toBe(referenceCount(original));
      expect(unresolvedReferences(edited)).toEqual(dangling);
    },
  );
});

/** Every paragraph's runs and every block list (section, item, cell) of the blocks, in order. */
function parts(blocks: NarrativeBlock[]) {
  const runs: NarrativeRun[][] = [];
  const lists: NarrativeBlock[][] = [blocks];
  const walk = (bs: NarrativeBlock[]) => {
    for (const b of bs) {
      if (b.kind === 'paragraph') runs.push(b.runs);
      else {
        const inner = b.kind === 'list' ? b.items : [...b.head, ...b.body].flat().map((c) => c.blocks);
        lists.push(...inner);
        for (const bs2 of inner) walk(bs2);
      }
    }
  };
  walk(blocks);
  return { runs, lists };
}

/** One random edit a user could make: type, delete, break a line, bold, remove or copy a block. */
function randomEdit(blocks: NarrativeBlock[], next: () => number): NarrativeBlock[] {
  const copy = structuredClone(blocks);
  const { runs, lists } = parts(copy);
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
  const kind = Math.floor(next() * 6);
  const paragraphRuns = runs.filter((r) => r.some((run) => run.text !== '\n'));
  if (kind < 4 && paragraphRuns.length) {
    const rs = pick(paragraphRuns);
    const run = pick(rs.filter((r) => r.text !== '\n'));
    const at = Math.floor(next() * (run.text.length + 1));
    const to = Math.min(run.text.length, at + Math.floor(next() * 8));
    if (kind === 0) run.text = `${run.text.slice(0, at)}new words ${run.text.slice(at)}`;
    else if (kind === 1) run.text = run.text.slice(0, at) + run.text.slice(to);
    else if (kind === 2) rs.splice(rs.indexOf(run) + 1, 0, { text: '\n' }, { text: 'next line' });
    else rs.splice(rs.indexOf(run) + 1, 0, { text: 'bold words', bold: true });
    return copy;
  }
  const list = pick(lists.filter((l) => l.length));
  if (!list) return copy;
  const i = Math.floor(next() * list.length);
  if (kind === 4) list.splice(i, 1);
  else list.splice(i, 0, structuredClone(list[i]!));
  return copy;
}

it('random edits of every fixture section save as the narrative sent, outside text as it was, or are refused for an ID', () => {
  const next = random(25);
  let saved = 0;
  let refused = 0;
  for (const { bytes } of cdaFixtures()) {
    const original = bytes.toString('utf8');
    const located = sectionsByKey(locateSections(original));
    for (const section of flat(readCdaEditModel(original).sections).filter((s) => s.editable)) {
      const blocks = randomEdit(section.blocks, next);
      let edited: string;
      try {
        edited = applyCdaEdits(original, { sections: [{ key: section.key, blocks }] });
      } catch (e) {
        expect(e).toBeInstanceOf(CdaEditError);
        expect((e as Error).message).toContain('coded entries point at');
        refused += 1;
        continue;
      }
      saved += 1;
      const { openEnd, closeStart } = located.get(section.key)!.text!;
      expect(edited.slice(0, openEnd)).toBe(original.slice(0, openEnd));
      expect(edited.slice(edited.length - (original.length - closeStart))).toBe(original.slice(closeStart));
      const after = flat(readCdaEditModel(edited).sections).find((s) => s.key === section.key)!;
      expect(normaliseBlocks(after.blocks)).toEqual(normaliseBlocks(blocks));
      expect(unresolvedReferences(edited)).toEqual(unresolvedReferences(original));
    }
  }
  expect(saved).toBeGreaterThan(50);
  expect(refused).toBeGreaterThan(0);
});
