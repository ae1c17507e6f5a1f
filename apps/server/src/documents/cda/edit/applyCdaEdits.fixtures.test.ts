import type { CdaEditSection, NarrativeBlock, NarrativeRun } from '@quill/core';
import { describe, expect, it } from 'vitest';
import { cdaFixtures } from '../../../testing/cdaFixtures.js';
import { readCda } from '../readCda.js';
import { parseXml, type XmlNode } from '../xmlTree.js';
import { applyCdaEdits } from './applyCdaEdits.js';
import { locateSections, sectionsByKey } from './locateSections.js';
import { readCdaEditModel } from './readCdaEditModel.js';

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
  it.each(editable.map((s) => [s.key, s.title, s] as const))(
    'changing one word in section %s (%s) rewrites only its <text>',
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

      // (c) the new word is read back, and every other section reads as before.
      const after = flat(readCdaEditModel(edited).sections);
      expect(after.map((s) => s.key)).toEqual(sections.map((s) => s.key));
      for (const [i, s] of after.entries()) {
        if (s.key === key) {
          expect(s.blocks).toEqual(blocks);
          expect(JSON.stringify(s.blocks)).toContain(NEW_WORD);
        } else expect(s).toEqual(sections[i]);
      }
    },
  );

  it('sends an unchanged model back for every editable section as the same narrative', () => {
    const edits = editable.map((s) => ({ key: s.key, blocks: s.blocks }));
    const edited = applyCdaEdits(original, { sections: edits });
    expect(flat(readCdaEditModel(edited).sections)).toEqual(sections);
  });
});
