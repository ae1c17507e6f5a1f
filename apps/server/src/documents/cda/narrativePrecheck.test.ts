import { NARRATIVE_LIMITS } from '@quill/core';
import { describe, expect, it } from 'vitest';
import { cdaFixtures } from '../../testing/documents/cdaFixtures.js';
import { cdaWith } from '../../testing/documents/hostileDocuments.js';
import { NarrativeLimitError } from '../limits.js';
import { narrativePrecheck } from './narrativePrecheck.js';
import { readCda } from './readCda.js';

const paragraphs = (count: number, text = 'The patient is stable.') =>
  cdaWith(`<paragraph>${text}</paragraph>\n`.repeat(count)).toString('utf8');

const caught = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return err;
  }
  return null;
};

describe('narrativePrecheck and readCda (issue 41: one limit for intake and use)', () => {
  it('refuses a 7 MB paragraph and 99,950 paragraphs before the parse, naming the limit', () => {
    const long = cdaWith(`<paragraph>${'The patient is stable. '.repeat(320_000)}</paragraph>`).toString();
    expect(narrativePrecheck(long)).toEqual({
      limit: 'maxParagraphLength',
      max: NARRATIVE_LIMITS.maxParagraphLength,
    });
    expect(narrativePrecheck(paragraphs(99_950))?.limit).toBe('maxParagraphs');
    const err = caught(() => readCda(long));
    expect(err).toBeInstanceOf(NarrativeLimitError);
    expect(err).toMatchObject({ limit: 'maxParagraphLength' });
  });

  it('passes what is just within each limit, and readCda reads it', () => {
    const atCount = paragraphs(NARRATIVE_LIMITS.maxParagraphs);
    expect(narrativePrecheck(atCount)).toBeNull();
    expect(readCda(atCount).sections[0]!.blocks).toHaveLength(NARRATIVE_LIMITS.maxParagraphs);
    const atLength = paragraphs(1, 'x'.repeat(NARRATIVE_LIMITS.maxParagraphLength));
    expect(narrativePrecheck(atLength)).toBeNull();
    expect(readCda(atLength).sections).toHaveLength(1);
  });

  it('counts white space collapsed and an entity as one character, and no empty paragraph', () => {
    const spaced = paragraphs(1, `${'x '.repeat(NARRATIVE_LIMITS.maxParagraphLength / 2)}`);
    expect(narrativePrecheck(spaced)).toBeNull();
    const entities = paragraphs(1, '&amp;'.repeat(NARRATIVE_LIMITS.maxParagraphLength));
    expect(narrativePrecheck(entities)).toBeNull();
    expect(narrativePrecheck(paragraphs(NARRATIVE_LIMITS.maxParagraphs + 1, ' '))).toBeNull();
  });

  it('leaves paragraphs inside comments and CDATA to the exact check after the parse', () => {
    const commented = cdaWith(
      `<!--${'<paragraph>x</paragraph>'.repeat(NARRATIVE_LIMITS.maxParagraphs + 1)}-->`,
    );
    expect(narrativePrecheck(commented.toString())).toBeNull();
    expect(readCda(commented).sections).toHaveLength(1);
    const split = paragraphs(
      1,
      `${'x'.repeat(60_000)}<!-- a note --><content>${'y'.repeat(60_000)}</content>`,
    );
    expect(narrativePrecheck(split)).toBeNull();
    expect(caught(() => readCda(split))).toMatchObject({ limit: 'maxParagraphLength' });
  });

  it('refuses none of the shared CDA fixtures', () => {
    for (const f of cdaFixtures()) expect(narrativePrecheck(f.bytes.toString('utf8')), f.name).toBeNull();
  });
});
