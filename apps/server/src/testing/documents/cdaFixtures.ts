import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Real HL7 C-CDA example documents (CC0), kept beside this file (see fixtures/cda/README.md). */
export const CDA_FIXTURE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'cda');

/** Every CDA fixture: file name and bytes. */
export function cdaFixtures(): { name: string; bytes: Buffer }[] {
  return readdirSync(CDA_FIXTURE_DIR)
    .filter((f) => f.endsWith('.xml'))
    .sort()
    .map((name) => ({ name, bytes: readFileSync(join(CDA_FIXTURE_DIR, name)) }));
}

/**
 * Tests only: a section whose narrative a test may replace whole — editable, and holding no text
 * that coded entries point at (a save refuses to remove that).
 */
export function replaceableWhole(section: { editable: boolean; blocks: unknown }): boolean {
  return section.editable && !JSON.stringify(section.blocks).includes('"anchors"');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, e: string) => {
    if (e.startsWith('#x')) return String.fromCodePoint(Number.parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(Number(e.slice(1)));
    return ENTITIES[e] ?? whole;
  });
}

/**
 * Tests only: each section's title and the words of its narrative `<text>`, found with a regular
 * expression over the raw XML (a title followed by its text) — independent of the product's
 * parser, so a test does not grade the parser with itself.
 */
export function fixtureSections(xml: string): { title: string; words: string[] }[] {
  const re =
    /<title>((?:(?!<\/title>)[\s\S])*)<\/title>\s*(?:<!--[\s\S]*?-->\s*)*<text(?:\s[^>]*)?(?:\/>|>([\s\S]*?)<\/text>)/g;
  return [...xml.matchAll(re)].map((m) => {
    const strip = (s: string) =>
      decode(s.replace(/<!--[\s\S]*?-->/g, ' ').replace(/<[^>]+>/g, ' '))
        .replace(/\s+/g, ' ')
        .trim();
    const text = strip(m[2] ?? '');
    return { title: strip(m[1]!), words: text ? text.split(' ') : [] };
  });
}

/** Text without any whitespace, for "does this word appear" checks that survive line wrapping. */
export function compact(text: string): string {
  return text.replace(/\s+/g, '');
}
