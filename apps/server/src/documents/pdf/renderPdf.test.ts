import { describe, expect, it } from 'vitest';
import { compact } from '../../testing/documents/cdaFixtures.js';
import { pdfRawText, pdfWordBoxes, wordsOutside } from '../../testing/documents/pdfProbe.js';
import type { Block, TableCell } from '../cda/narrative.js';
import type { RenderableDocument } from '../renderable.js';
import { renderPdf } from './renderPdf.js';
import { type Measure, wrapRuns } from './wrapRuns.js';

/** A fixed-pitch measure: every character 5 points at size 10. */
const mono: Measure = (text, _face, size) => Array.from(text).length * (size / 2);

describe('wrapRuns', () => {
  it('breaks at spaces, keeps styles as segments, and honours line breaks', () => {
    const lines = wrapRuns(
      [{ text: 'aaa bbb ' }, { text: 'ccc', bold: true }, { text: '\n' }, { text: 'd' }],
      40,
      10,
      mono,
    );
    expect(lines.map((l) => l.segments.map((s) => [s.text, s.face, s.x]))).toEqual([
      [['aaa bbb', 'regular', 0]],
      [['ccc', 'bold', 0]],
      [['d', 'regular', 0]],
    ]);
  });

  it('breaks a word longer than the line between characters, and no line is wider than the width', () => {
    const lines = wrapRuns([{ text: `x ${'y'.repeat(25)} z` }], 50, 10, mono);
    for (const l of lines) {
      const end = Math.max(...l.segments.map((s) => s.x + mono(s.text, s.face, 10)));
      expect(end).toBeLessThanOrEqual(50);
    }
    expect(lines.map((l) => l.segments.map((s) => s.text).join('')).join('')).toBe(`x ${'y'.repeat(25)} z`);
  });

  it('keeps text that touches across a style change together as one word', () => {
    const lines = wrapRuns([{ text: 'aaaa ' }, { text: 'bb', bold: true }, { text: 'cc' }], 40, 10, mono);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.segments.map((s) => s.text)).toEqual(['bb', 'cc']);
  });
});

const words = (n: number, seed: string) => Array.from({ length: n }, (_, i) => `${seed}${i}`).join(' ');
const cell = (text: string, header = false): TableCell => ({
  header,
  colspan: 1,
  blocks: [{ kind: 'paragraph', runs: [{ text, bold: header }] }],
});

function stressDocument(): RenderableDocument {
  const longWord = `Pneumonoultramicroscopicsilicovolcanoconiosis${'X'.repeat(120)}`;
  const table: Block = {
    kind: 'table',
    caption: [{ text: 'Results table', bold: true }],
    head: [['Test', 'Value', 'Comment', 'Reference', 'Flag', 'Date', 'By'].map((h) => cell(h, true))],
    body: [
      ...Array.from({ length: 70 }, (_, r) =>
        ['HGB', `${r}.2`, words(12, `c${r}w`), 'ref', 'N', '01/01/2024', `Tech${r}`].map((t) => cell(t)),
      ),
      // One row taller than a whole page: it must split across pages.
      ['Tall', '1', words(900, 'tall'), 'r', 'H', 'd', 'b'].map((t) => cell(t)),
      [{ header: false, colspan: 7, blocks: [{ kind: 'paragraph', runs: [{ text: `Span ${longWord}` }] }] }],
    ],
  };
  return {
    title: `A very long document title ${words(20, 'title')}`,
    fields: [
      { label: 'Patient', value: 'Ørsted, Zoë Ελένη Дмитрий' },
      { label: 'Facility', value: words(30, 'facility') },
    ],
    runningHead: `Ørsted, Zoë · Job 7 ${words(40, 'head')}`,
    sections: [
      {
        title: 'NARRATIVE',
        code: null,
        blocks: [
          { kind: 'paragraph', runs: [{ text: `${words(300, 'p')} ${longWord} end` }] },
          {
            kind: 'list',
            ordered: true,
            caption: null,
            items: Array.from({ length: 12 }, (_, i) => [
              { kind: 'paragraph', runs: [{ text: words(15, `item${i}w`) }] },
              {
                kind: 'list',
                ordered: false,
                caption: null,
                items: [[{ kind: 'paragraph', runs: [{ text: `nested${i} ${longWord}` }] }]],
              },
            ]),
          },
          table,
        ],
        sections: [{ title: 'SUBSECTION', code: null, blocks: [], sections: [] }],
      },
    ],
  };
}

describe('renderPdf', () => {
  it('keeps every word of a long, awkward document inside the margins, over many pages', async () => {
    const doc = stressDocument();
    const pdf = await renderPdf(doc);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfWordBoxes(pdf);
    expect(pages.length).toBeGreaterThan(3);
    // The text stays within the 54-point side margins; page furniture sits inside the top and bottom ones.
    expect(wordsOutside(pages, { x: 54, y: 18 })).toEqual([]);
    const text = compact(await pdfRawText(pdf));
    for (const w of [
      'NARRATIVE',
      'SUBSECTION',
      'Resultstable',
      'p299',
      'item11w14',
      'tall899',
      'Tech69',
      'ΕλένηДмитрий',
    ]) {
      expect(text).toContain(w);
    }
    expect(text).toContain(compact(`Span Pneumonoultramicroscopicsilicovolcanoconiosis${'X'.repeat(120)}`));
    expect(text).toContain(`Page1of${pages.length}`);
    expect(text).toContain(`Page${pages.length}of${pages.length}`);
  });

  it('repeats the table head on the pages a table continues on', async () => {
    const pages = await pdfWordBoxes(await renderPdf(stressDocument()));
    const withHead = pages.filter((p) => p.words.some((w) => w.text === 'Reference'));
    expect(withHead.length).toBeGreaterThan(1);
  });

  it('renders a short note on exactly one page (its speed is measured by bench/documents)', async () => {
    const doc: RenderableDocument = {
      title: 'Progress Note',
      fields: [{ label: 'Patient', value: 'Doe, Jane' }],
      runningHead: null,
      sections: [
        {
          title: 'ASSESSMENT',
          code: null,
          blocks: [{ kind: 'paragraph', runs: [{ text: words(150, 'w') }] }],
          sections: [],
        },
      ],
    };
    const pages = await pdfWordBoxes(await renderPdf(doc));
    expect(pages.length).toBe(1);
    expect(wordsOutside(pages, { x: 54, y: 18 })).toEqual([]);
  });
});
