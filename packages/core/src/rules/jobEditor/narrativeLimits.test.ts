import { describe, expect, it } from 'vitest';
import type { NarrativeBlock } from '../../contract/documents/cda.js';
import { NARRATIVE_LIMITS, type NarrativeSection, narrativeLimitCrossed } from './narrativeLimits.js';

const paragraph = (text: string): NarrativeBlock => ({ kind: 'paragraph', runs: [{ text }] });
const section = (blocks: NarrativeBlock[], sections: NarrativeSection[] = []): NarrativeSection => ({
  blocks,
  sections,
});

describe('narrativeLimitCrossed (issue 41)', () => {
  it('passes a document at each limit', () => {
    const long = paragraph('x'.repeat(NARRATIVE_LIMITS.maxParagraphLength));
    expect(narrativeLimitCrossed([section([long])])).toBeNull();
    const many = Array.from({ length: NARRATIVE_LIMITS.maxParagraphs }, () => paragraph('ok'));
    expect(narrativeLimitCrossed([section(many.slice(0, 10_000)), section(many.slice(10_000))])).toBeNull();
  });

  it('names the paragraph length, counting a paragraph’s runs together and captions', () => {
    const half = 'x'.repeat(NARRATIVE_LIMITS.maxParagraphLength / 2 + 1);
    const split: NarrativeBlock = { kind: 'paragraph', runs: [{ text: half }, { text: half }] };
    expect(narrativeLimitCrossed([section([split])])?.limit).toBe('maxParagraphLength');
    const list: NarrativeBlock = {
      kind: 'list',
      ordered: false,
      caption: [{ text: half + half }],
      items: [],
    };
    expect(narrativeLimitCrossed([section([], [section([list])])])).toEqual({
      limit: 'maxParagraphLength',
      max: NARRATIVE_LIMITS.maxParagraphLength,
    });
  });

  it('counts paragraphs, list items and table cells over the whole document', () => {
    const many = Array.from({ length: NARRATIVE_LIMITS.maxParagraphs / 2 }, () => paragraph('ok'));
    const table: NarrativeBlock = {
      kind: 'table',
      caption: null,
      head: [],
      body: [[{ header: false, colspan: 1, blocks: [paragraph('cell')] }]],
    };
    expect(narrativeLimitCrossed([section(many), section([...many, table])])).toEqual({
      limit: 'maxParagraphs',
      max: NARRATIVE_LIMITS.maxParagraphs,
    });
  });

  it('names the section size when one section’s narrative is over it', () => {
    const paragraphs = Math.ceil(NARRATIVE_LIMITS.maxSectionBytes / 50_000);
    const big = Array.from({ length: paragraphs }, () => paragraph('é'.repeat(25_000)));
    expect(narrativeLimitCrossed([section(big)])?.limit).toBe('maxSectionBytes');
    expect(narrativeLimitCrossed([section(big.slice(0, paragraphs / 2))])).toBeNull();
    // Bytes, not characters: the same count of ASCII characters is within it.
    const ascii = Array.from({ length: paragraphs }, () => paragraph('e'.repeat(25_000)));
    expect(narrativeLimitCrossed([section(ascii)])).toBeNull();
  });
});
