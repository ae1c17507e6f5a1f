import { NARRATIVE_LIMITS, type NarrativeBlock, type NarrativeLimitName, narrativeSize } from '@quill/core';
import { readCda } from '../../documents/cda/readCda.js';
import { fixtureWithNarrative, paragraphOfLength, paragraphsOf } from './hostileDocuments.js';

/**
 * Issue 41, one limit for intake and use: narratives just within and just past each of core's
 * NARRATIVE_LIMITS, to put around a real document (its own blocks count toward the limits). The
 * limits test and bench/hostile-documents build the same documents from here.
 */
const blocksOf = (sections: { blocks: NarrativeBlock[]; sections: unknown[] }[]): number =>
  sections.reduce((n, s) => n + narrativeSize(s.blocks).blocks + blocksOf(s.sections as typeof sections), 0);

const LONG = NARRATIVE_LIMITS.maxParagraphLength;
/** Paragraphs of the longest length that fill a section to just under its size limit. */
const SECTION_PARAGRAPHS = Math.floor(NARRATIVE_LIMITS.maxSectionBytes / (LONG + 64)) - 1;

export interface NarrativeLimitCases {
  /** Narratives the intake takes: each limit, just within. */
  within: [NarrativeLimitName, string][];
  /** Narratives the intake refuses: each limit, just past, with the words its refusal names. */
  past: [NarrativeLimitName, string, RegExp][];
}

/** The narratives around `fixture` (a CDA whose first section's text they replace). */
export function narrativeLimitCases(fixture: Buffer): NarrativeLimitCases {
  const fixtureBlocks = blocksOf(readCda(fixture).sections);
  return {
    within: [
      ['maxParagraphLength', paragraphOfLength(LONG)],
      ['maxParagraphs', paragraphsOf(NARRATIVE_LIMITS.maxParagraphs - fixtureBlocks)],
      ['maxSectionBytes', paragraphOfLength(LONG).repeat(SECTION_PARAGRAPHS)],
    ],
    past: [
      ['maxParagraphLength', paragraphOfLength(LONG + 1), /paragraph length/],
      ['maxParagraphs', paragraphsOf(NARRATIVE_LIMITS.maxParagraphs - fixtureBlocks + 1), /paragraph count/],
      ['maxSectionBytes', paragraphOfLength(LONG).repeat(SECTION_PARAGRAPHS + 3), /section size/],
    ],
  };
}

/** The documents just within each limit, the fixture around each narrative. */
export function documentsWithinNarrativeLimits(fixture: Buffer): [NarrativeLimitName, Buffer][] {
  return narrativeLimitCases(fixture).within.map(([limit, narrative]) => [
    limit,
    fixtureWithNarrative(fixture, narrative),
  ]);
}
