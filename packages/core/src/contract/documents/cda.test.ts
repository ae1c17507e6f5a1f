import { describe, expect, it } from 'vitest';
import {
  CDA_EDIT_LIMITS,
  CdaEditModelSchema,
  CdaEditsSchema,
  jsonDepthWithin,
  type NarrativeBlock,
  narrativeSize,
} from './cda.js';

const para = (text: string): NarrativeBlock => ({ kind: 'paragraph', runs: [{ text }] });
const messages = (value: unknown) => {
  const r = CdaEditsSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('CDA editing contract', () => {
  it('takes a model with nested sections, lists and tables', () => {
    const model = {
      header: {
        title: 'Note',
        documentType: null,
        patientName: 'Ann Lee',
        mrn: '1',
        birthTime: '19700101',
        gender: null,
        author: null,
        authorTime: null,
        effectiveTime: null,
        custodian: null,
      },
      sections: [
        {
          key: '0',
          title: 'Plan',
          code: null,
          editable: true,
          blocks: [
            para('a'),
            { kind: 'list', ordered: true, caption: null, items: [[para('b')]] },
            {
              kind: 'table',
              caption: [{ text: 'c', bold: true }],
              head: [[{ header: true, colspan: 2, blocks: [para('h')] }]],
              body: [[{ header: false, colspan: 1, blocks: [] }]],
            },
          ],
          sections: [{ key: '0.0', title: 'Sub', code: '1', editable: false, blocks: [], sections: [] }],
        },
      ],
    };
    expect(CdaEditModelSchema.parse(model)).toEqual(model);
  });

  it('takes edits of some sections', () => {
    const edits = { sections: [{ key: '2.1', blocks: [para('new & <text> 😀')] }] };
    expect(CdaEditsSchema.parse(edits)).toEqual(edits);
    expect(CdaEditsSchema.parse({ sections: [] })).toEqual({ sections: [] });
  });

  it('refuses bad keys, duplicate sections, unknown blocks and control characters with clear messages', () => {
    expect(messages({ sections: [{ key: 'a.b', blocks: [] }] })).toEqual([
      'A section key is a path of numbers such as 0.2.1',
    ]);
    expect(
      messages({
        sections: [
          { key: '1', blocks: [] },
          { key: '1', blocks: [] },
        ],
      }),
    ).toEqual(['Section 1 is named twice in one save']);
    expect(messages({ sections: [{ key: '1', blocks: [{ kind: 'image' }] }] })).toEqual([
      'Each block must be a paragraph, a list or a table',
    ]);
    expect(messages({ sections: [{ key: '1', blocks: [para('bell \u0007')] }] })).toEqual([
      'The text contains a control character that a document cannot hold; remove it and save again',
    ]);
    expect(messages({ sections: [{ key: '1', blocks: [para('tab\tand\nline')] }] })).toEqual([]);
  });

  it('refuses nesting deeper than the limit, and absurd nesting without running out of stack', () => {
    let deep: NarrativeBlock = para('x');
    for (let i = 0; i <= CDA_EDIT_LIMITS.maxDepth; i++)
      deep = { kind: 'list', ordered: false, caption: null, items: [[deep]] };
    expect(narrativeSize([deep]).depth).toBe(CDA_EDIT_LIMITS.maxDepth + 1);
    expect(messages({ sections: [{ key: '0', blocks: [deep] }] })).toEqual([
      `Section 0 nests lists and tables more than ${CDA_EDIT_LIMITS.maxDepth} deep`,
    ]);
    let absurd: unknown = [];
    for (let i = 0; i < 100_000; i++) absurd = [absurd];
    expect(jsonDepthWithin(absurd, 100)).toBe(false);
    expect(messages({ sections: [{ key: '0', blocks: absurd }] })).toEqual([
      `The narrative nests lists and tables more than ${CDA_EDIT_LIMITS.maxDepth} deep`,
    ]);
  });

  it('refuses more blocks than a save may hold', () => {
    const blocks = Array.from({ length: CDA_EDIT_LIMITS.maxBlocks + 1 }, () => para('x'));
    expect(messages({ sections: [{ key: '0', blocks }] })).toEqual([
      `A save may hold at most ${CDA_EDIT_LIMITS.maxBlocks} paragraphs, list items and table cells`,
    ]);
  });
});
