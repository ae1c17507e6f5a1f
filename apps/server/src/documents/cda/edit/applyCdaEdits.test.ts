import type { CdaEdits, NarrativeBlock, NarrativeRun } from '@quill/core';
import { describe, expect, it } from 'vitest';
import { random } from '../../../testing/random.js';
import { readCda } from '../readCda.js';
import { applyCdaEdits, CdaEditError } from './applyCdaEdits.js';
import { readCdaEditModel } from './readCdaEditModel.js';
import { escapeXmlText, normaliseBlocks, writeNarrative } from './writeNarrative.js';

const HEAD = `<?xml version="1.0" encoding="UTF-8"?>
<!-- a comment before the root -->
<?xml-stylesheet type="text/xsl" href="CDA.xsl"?>`;

function doc(sections: string, p = ''): string {
  const ns = p ? `xmlns:${p.slice(0, -1)}="urn:hl7-org:v3"` : 'xmlns="urn:hl7-org:v3"';
  return `${HEAD}
<${p}ClinicalDocument ${ns} xmlns:sdtc="urn:hl7-org:sdtc">
  <${p}title>Note</${p}title>
  <${p}component>
    <${p}structuredBody>
${sections}
    </${p}structuredBody>
  </${p}component>
</${p}ClinicalDocument>
`;
}

function section(title: string, text: string | null, p = '', inner = ''): string {
  return `      <${p}component>
        <${p}section>
          <${p}code code="1-1" displayName="${title}"/>
          <${p}title>${title}</${p}title>
          ${text === null ? '' : text}<!-- kept -->
          <${p}entry typeCode="DRIV"><${p}act><${p}text>entry text</${p}text></${p}act></${p}entry>${inner}
        </${p}section>
      </${p}component>`;
}

const para = (...runs: NarrativeRun[]): NarrativeBlock => ({ kind: 'paragraph', runs });
const edits = (key: string, blocks: NarrativeBlock[]): CdaEdits => ({ sections: [{ key, blocks }] });
const blocksOf = (xml: string, key: string) => {
  const find = (ss: ReturnType<typeof readCdaEditModel>['sections']): NarrativeBlock[] | undefined => {
    for (const s of ss) {
      if (s.key === key) return s.blocks;
      const inner = find(s.sections);
      if (inner) return inner;
    }
    return undefined;
  };
  return find(readCdaEditModel(xml).sections);
};

const ALPHABET = [
  'a',
  'Z',
  ' ',
  '&',
  '<',
  '>',
  '"',
  "'",
  ']]>',
  '&amp;',
  'é',
  'ß',
  '中',
  '😀',
  '\t',
  '/',
  '=',
  '<!--',
];

describe('applyCdaEdits', () => {
  const xml = doc(
    [
      section(
        'Plan',
        '<text styleCode="x" ID="keep">\n            <paragraph>Old plan.</paragraph>\n          </text>',
      ),
      section('Empty', '<text/>', '', ''),
      section('Missing', null),
      section(
        'Parent',
        '<text>Parent text</text>',
        '',
        `\n          <component><section><title>Child</title><text><list><item>one</item></list></text></section></component>`,
      ),
    ].join('\n'),
  );

  it('reads the sections with path keys', () => {
    const model = readCdaEditModel(xml);
    expect(model.sections.map((s) => [s.key, s.title, s.editable])).toEqual([
      ['0', 'Plan', true],
      ['1', 'Empty', true],
      ['2', 'Missing', true],
      ['3', 'Parent', true],
    ]);
    expect(model.sections[3]!.sections.map((s) => [s.key, s.title])).toEqual([['3.0', 'Child']]);
    expect(model.header.title).toBe('Note');
  });

  it('replaces only the content of the <text>, keeping its start tag and attributes', () => {
    const out = applyCdaEdits(xml, edits('0', [para({ text: 'New plan.' })]));
    expect(out).toBe(
      xml.replace(
        '<text styleCode="x" ID="keep">\n            <paragraph>Old plan.</paragraph>\n          </text>',
        '<text styleCode="x" ID="keep">\n            <paragraph>New plan.</paragraph>\n          </text>',
      ),
    );
  });

  it('fills a self-closing <text/> and adds a missing <text> after the title', () => {
    const out = applyCdaEdits(xml, {
      sections: [
        { key: '1', blocks: [para({ text: 'Was empty' })] },
        { key: '2', blocks: [para({ text: 'Was missing' })] },
      ],
    });
    expect(out).toContain('<text>\n            <paragraph>Was empty</paragraph>\n          </text>');
    expect(out).toMatch(/<title>Missing<\/title>\n {10}<text>/);
    expect(blocksOf(out, '1')).toEqual([para({ text: 'Was empty' })]);
    expect(blocksOf(out, '2')).toEqual([para({ text: 'Was missing' })]);
    // Nothing else moved: the rest of the document is the same once the new narrative is gone.
    const stripped = out
      .replace('<text>\n            <paragraph>Was empty</paragraph>\n          </text>', '<text/>')
      .replace(/\n {10}<text>[\s\S]*?Was missing[\s\S]*?<\/text>/, '');
    expect(stripped).toBe(xml);
  });

  it('edits a subsection without touching its parent, and an empty edit of a missing <text> adds nothing', () => {
    const out = applyCdaEdits(xml, {
      sections: [
        { key: '3.0', blocks: [para({ text: 'child' })] },
        { key: '2', blocks: [] },
      ],
    });
    expect(blocksOf(out, '3.0')).toEqual([para({ text: 'child' })]);
    expect(blocksOf(out, '3')).toEqual(blocksOf(xml, '3'));
    expect(out.replace(/<text>\s*<paragraph>child<\/paragraph>\s*<\/text>/, '')).toBe(
      xml.replace('<text><list><item>one</item></list></text>', ''),
    );
  });

  it('returns the same bytes for no edits', () => {
    expect(applyCdaEdits(xml, { sections: [] })).toBe(xml);
  });

  it('refuses a section the document does not have, and changes nothing', () => {
    expect(() => applyCdaEdits(xml, edits('9', [para({ text: 'x' })]))).toThrow(CdaEditError);
    expect(() => applyCdaEdits(xml, edits('0.4', [para({ text: 'x' })]))).toThrow(
      'The document has no section 0.4; reload the job and make the change again.',
    );
  });

  it('keeps entry references, multimedia, links, sub/sup, any style code and revisions editable', () => {
    const kept = [
      '<text><content ID="r1">Penicillin</content></text>',
      '<text><renderMultiMedia referencedObject="img1"/>Image</text>',
      '<text><paragraph>See <linkHtml href="http://x">this</linkHtml></paragraph></text>',
      '<text>H<sub>2</sub>O</text>',
      '<text><content styleCode="xRowGrey">grey</content></text>',
      '<text><content revised="delete">gone</content>kept</text>',
    ];
    const model = readCdaEditModel(doc(kept.map((t, i) => section(`S${i}`, t)).join('\n')));
    expect(model.sections.map((s) => s.editable)).toEqual(kept.map(() => true));
    expect(model.sections[0]!.blocks).toEqual([para({ text: 'Penicillin', anchors: 'r1' })]);
  });

  it('marks processing instructions, foreign elements and row spans read-only, and refuses to edit them', () => {
    const readOnly = [
      '<text><?render page-break?>text</text>',
      '<text><sdtc:thing/></text>',
      '<text><table><tbody><tr><td rowspan="2">a</td><td>b</td></tr><tr><td>c</td></tr></tbody></table></text>',
    ];
    const model = readCdaEditModel(doc(readOnly.map((t, i) => section(`S${i}`, t)).join('\n')));
    expect(model.sections.map((s) => s.editable)).toEqual(readOnly.map(() => false));
    const one = doc(section('Notes', readOnly[0]!));
    expect(() => applyCdaEdits(one, edits('0', [para({ text: 'x' })]))).toThrow(
      'The section "Notes" holds content the editor cannot keep',
    );
  });

  it('does not offer machine-only sections without text (DICOM Object Catalog, untitled) for editing', () => {
    const dicom = `      <component>
        <section>
          <templateId root="2.16.840.1.113883.10.20.6.1.1"/>
          <code code="121181" codeSystem="1.2.840.10008.2.16.4" codeSystemName="DCM" displayName="DICOM Object Catalog"/>
          <entry><act classCode="ACT" moodCode="EVN"><id root="1.2.3"/></act></entry>
        </section>
      </component>
      <component>
        <section>
          <entry><act classCode="ACT" moodCode="EVN"><id root="1.2.4"/></act></entry>
        </section>
      </component>`;
    const xml = doc(`${dicom}\n${section('Findings', null)}`);
    expect(readCdaEditModel(xml).sections.map((s) => s.editable)).toEqual([false, false, true]);
    expect(() => applyCdaEdits(xml, edits('0', [para({ text: 'x' })]))).toThrow(CdaEditError);
  });

  it('keeps layout-only table attributes, colspans, list types and known style codes editable', () => {
    const text =
      '<text><table border="1" width="100%"><thead><tr><th colspan="2" align="left">H</th></tr></thead><tbody><tr><td valign="top"><content styleCode="Bold Italics">a</content></td><td>b<br/>c</td></tr></tbody></table><list listType="ordered"><item>i</item></list></text>';
    const model = readCdaEditModel(doc(section('T', text)));
    expect(model.sections[0]!.editable).toBe(true);
  });

  it('shows row spans in the model (the section stays read-only) and writes them back when asked', () => {
    const text =
      '<text><table border="0"><thead><tr><th>Date</th><th>Test</th><th>Value</th></tr></thead><tbody><tr><td rowspan="2">05/01/2024</td><td>Weight</td><td>88 kg</td></tr><tr><td>Pulse</td><td>72/min</td></tr></tbody></table></text>';
    const xml = doc(section('Vitals', text));
    const read = readCdaEditModel(xml).sections[0]!;
    // The editor shows the spanning cell over its rows; editing such a table is a later step.
    expect(read.editable).toBe(false);
    const table = read.blocks[0] as Extract<NarrativeBlock, { kind: 'table' }>;
    expect(table.body[0]![0]).toMatchObject({ rowspan: 2 });
    expect(table.body[1]!.map((c) => c.rowspan)).toEqual([undefined, undefined]);
    // Written whole and read again: the same cells, the span kept (and "no lines" is display only).
    const written = writeNarrative(normaliseBlocks(read.blocks), '', '');
    expect(written.match(/rowspan="2"/g)).toHaveLength(1);
    const again = readCda(doc(section('Vitals', `<text>${written}</text>`))).sections[0]!.blocks;
    expect(normaliseBlocks(again)).toEqual(normaliseBlocks(read.blocks));
  });

  describe('minimal edits', () => {
    const edit = (text: string, change: (blocks: NarrativeBlock[]) => NarrativeBlock[]) => {
      const xml = doc(section('S', text));
      const blocks = readCdaEditModel(xml).sections[0]!.blocks;
      return { xml, out: applyCdaEdits(xml, edits('0', change(structuredClone(blocks)))) };
    };
    const runsOf = (b: NarrativeBlock | undefined) =>
      (b as Extract<NarrativeBlock, { kind: 'paragraph' }>).runs;

    it('changes one word of a narrative with a bold paragraph, loose text and line breaks in place', () => {
      const text = `<text>
            <paragraph styleCode="Bold">Goals</paragraph>
            Walk daily<br/>Eat well<br/>
            Sleep eight hours
          </text>`;
      const { xml, out } = edit(text, (blocks) => {
        const run = runsOf(blocks[1]).find((r) => r.text.includes('Eat'))!;
        run.text = run.text.replace('Eat', 'Drink');
        return blocks;
      });
      expect(out).toBe(xml.replace('Eat well', 'Drink well'));
    });

    it('changes a word of a nested list item without touching its loose text or list type', () => {
      const text =
        '<text><list><item>Problem #1<list><item>Hypertension</item></list></item><item>Problem #2</item></list></text>';
      const { xml, out } = edit(text, (blocks) => {
        const outer = blocks[0] as Extract<NarrativeBlock, { kind: 'list' }>;
        const inner = outer.items[0]![1] as Extract<NarrativeBlock, { kind: 'list' }>;
        runsOf(inner.items[0]![0])[0]!.text = 'Hypotension';
        return blocks;
      });
      expect(out).toBe(xml.replace('Hypertension', 'Hypotension'));
    });

    const allergies =
      '<text><table><tbody><tr ID="row1"><td ID="a1">Penicillin</td><td>Hives</td></tr><tr><td ID="a2">Codeine</td><td>Nausea</td></tr></tbody></table></text>';
    type Table = Extract<NarrativeBlock, { kind: 'table' }>;

    it('edits the text of cells with IDs, keeping every ID', () => {
      const { xml, out } = edit(allergies, (blocks) => {
        const body = (blocks[0] as Table).body;
        runsOf(body[0]![0]!.blocks[0])[0]!.text = 'Penicillin G';
        runsOf(body[1]![1]!.blocks[0])[0]!.text = 'Vomiting';
        return blocks;
      });
      expect(out).toBe(xml.replace('Penicillin', 'Penicillin G').replace('Nausea', 'Vomiting'));
    });

    it('adds a row beside the others and leaves the rows with IDs as written', () => {
      const { xml, out } = edit(allergies, (blocks) => {
        const body = (blocks[0] as Table).body;
        body.push(body[1]!.map((c, i) => ({ ...c, blocks: [para({ text: i ? 'Rash' : 'Latex' })] })));
        return blocks;
      });
      const end = xml.indexOf('</tbody>');
      expect(out.slice(0, end)).toBe(xml.slice(0, end));
      expect(out.slice(end)).toMatch(/^\s*<tr><td>Latex<\/td><td>Rash<\/td><\/tr>\s*<\/tbody>/);
    });

    it('adds a cell to a row beside the others, keeping their IDs', () => {
      const { xml, out } = edit(allergies, (blocks) => {
        const body = (blocks[0] as Table).body;
        body[1]!.push({ header: false, colspan: 1, blocks: [para({ text: 'Mild' })] });
        return blocks;
      });
      expect(out).toBe(
        xml.replace(
          '<tr><td ID="a2">Codeine</td><td>Nausea</td></tr>',
          '<tr><td ID="a2">Codeine</td><td>Nausea</td><td>Mild</td></tr>',
        ),
      );
    });

    it('fills an empty cell written as <td/>', () => {
      const text = '<text><table><tbody><tr><td>Dose</td><td/></tr></tbody></table></text>';
      const { xml, out } = edit(text, (blocks) => {
        (blocks[0] as Table).body[0]![1]!.blocks = [para({ text: '5 mg' })];
        return blocks;
      });
      expect(out).toBe(xml.replace('<td/>', '<td>5 mg</td>'));
    });

    it('adds a list item beside the others', () => {
      const text = `<text>
            <list listType="ordered">
              <item>First</item>
            </list>
          </text>`;
      const { xml, out } = edit(text, (blocks) => {
        (blocks[0] as Extract<NarrativeBlock, { kind: 'list' }>).items.push([para({ text: 'Second' })]);
        return blocks;
      });
      expect(out).toBe(
        xml.replace('<item>First</item>', '<item>First</item>\n              <item>Second</item>'),
      );
    });

    it('keeps the comments written in a narrative around what changed', () => {
      const text = `<text>
            <paragraph>Walk daily</paragraph>
            <!-- reviewed with the patient -->
            <paragraph>Eat well</paragraph>
          </text>`;
      expect(readCdaEditModel(doc(section('Plan', text))).sections[0]!.editable).toBe(true);
      const { xml, out } = edit(text, (blocks) => {
        runsOf(blocks[1])[0]!.text = 'Eat very well';
        return blocks;
      });
      expect(out).toBe(xml.replace('Eat well', 'Eat very well'));
    });

    it('edits a paragraph led by a caption in place, keeping the caption and the IDs', () => {
      const text =
        '<text><paragraph><caption>History</caption><content ID="Fndng1">Sore throat.</content></paragraph></text>';
      const { xml, out } = edit(text, (blocks) => {
        const runs = runsOf(blocks[0]);
        runs[runs.length - 1]!.text = runs[runs.length - 1]!.text.replace('Sore', 'Scratchy');
        return blocks;
      });
      expect(out).toBe(xml.replace('Sore throat.', 'Scratchy throat.'));
    });

    it('refuses a change that removes an ID the entries point at', () => {
      expect(() =>
        edit(allergies, (blocks) => {
          (blocks[0] as Table).body.shift();
          return blocks;
        }),
      ).toThrow(`The change to "S" removes text that the document's coded entries point at`);
    });

    it('bolds a word by wrapping only that word', () => {
      const { xml, out } = edit('<text><paragraph>take with food</paragraph></text>', () => [
        para({ text: 'take ' }, { text: 'with', bold: true }, { text: ' food' }),
      ]);
      expect(out).toBe(xml.replace('take with food', 'take <content styleCode="Bold">with</content> food'));
    });

    it('removes a deleted paragraph with its line, and keeps the rest', () => {
      const text = `<text>
            <paragraph>One</paragraph>
            <paragraph>Two</paragraph>
            <paragraph>Three</paragraph>
          </text>`;
      const { xml, out } = edit(text, (blocks) => [blocks[0]!, blocks[2]!]);
      expect(out).toBe(xml.replace('\n            <paragraph>Two</paragraph>', ''));
    });

    it('adds a new paragraph on a line of its own after the one it follows', () => {
      const text = `<text>
            <paragraph>One</paragraph>
            <paragraph>Three</paragraph>
          </text>`;
      const { xml, out } = edit(text, (blocks) => [blocks[0]!, para({ text: 'Two' }), blocks[1]!]);
      expect(out).toBe(
        xml.replace(
          '<paragraph>One</paragraph>',
          '<paragraph>One</paragraph>\n            <paragraph>Two</paragraph>',
        ),
      );
    });

    it('deletes a line break with the spaces around it', () => {
      const text = '<text><paragraph>left \n   <br/>\n   right</paragraph></text>';
      const { out } = edit(text, () => [para({ text: 'left right' })]);
      expect(out).toContain('<paragraph>left right</paragraph>');
    });
  });

  it('writes in the namespace prefix the document uses', () => {
    const prefixed = doc(
      section('Plan', '<v3:text><v3:paragraph>Old</v3:paragraph></v3:text>', 'v3:'),
      'v3:',
    );
    const out = applyCdaEdits(
      prefixed,
      edits('0', [para({ text: 'New', bold: true }, { text: '\n' }, { text: 'line' })]),
    );
    expect(out).toContain(
      '<v3:paragraph><v3:content styleCode="Bold">New</v3:content><v3:br/>line</v3:paragraph>',
    );
    expect(readCda(out).sections[0]!.blocks).toEqual([
      para({ text: 'New', bold: true }, { text: '\n' }, { text: 'line' }),
    ]);
  });

  it('round-trips lists and tables to the same model', () => {
    const blocks: NarrativeBlock[] = [
      para(
        { text: 'Lead ' },
        { text: 'bold', bold: true },
        { text: ' and ' },
        { text: 'both', bold: true, italic: true },
      ),
      {
        kind: 'list',
        ordered: true,
        caption: [{ text: 'Steps', bold: true }],
        items: [
          [para({ text: 'one' })],
          [para({ text: 'two' }), para({ text: 'two, again' })],
          [
            para({ text: 'nested' }),
            {
              kind: 'list',
              ordered: false,
              caption: null,
              items: [[para({ text: 'deep', underline: true })], []],
            },
          ],
          [],
        ],
      },
      {
        kind: 'table',
        caption: [{ text: 'Results', bold: true }],
        head: [
          [
            { header: true, colspan: 2, blocks: [para({ text: 'Test', bold: true })] },
            { header: true, colspan: 1, blocks: [para({ text: 'Value', bold: true, italic: true })] },
          ],
        ],
        body: [
          [
            { header: true, colspan: 1, blocks: [para({ text: 'Row', bold: true })] },
            { header: false, colspan: 1, blocks: [para({ text: 'a' }, { text: '\n' }, { text: 'b' })] },
            {
              header: false,
              colspan: 1,
              blocks: [{ kind: 'list', ordered: false, caption: null, items: [[para({ text: 'x' })]] }],
            },
          ],
          [{ header: false, colspan: 3, blocks: [] }],
        ],
      },
    ];
    expect(normaliseBlocks(blocks)).toEqual(blocks);
    const out = applyCdaEdits(xml, edits('0', blocks));
    expect(blocksOf(out, '0')).toEqual(blocks);
    expect(readCdaEditModel(out).sections[0]!.editable).toBe(true);
    // The rewritten narrative reads back the same when sent again.
    expect(applyCdaEdits(out, edits('0', blocks))).toBe(out);
  });

  it('normalises what the editor sends to what the document will read back', () => {
    const sent: NarrativeBlock[] = [
      para({ text: '  two   spaces ', bold: false }, { text: 'more', italic: false }),
      para({ text: '   ' }),
      { kind: 'list', ordered: false, caption: [{ text: 'cap' }], items: [[para({ text: 'x' })]] },
    ];
    const out = applyCdaEdits(xml, edits('0', sent));
    expect(blocksOf(out, '0')).toEqual(normaliseBlocks(sent));
    expect(normaliseBlocks(sent)).toEqual([
      para({ text: 'two spaces more' }),
      {
        kind: 'list',
        ordered: false,
        caption: [{ text: 'cap', bold: true }],
        items: [[para({ text: 'x' })]],
      },
    ]);
  });

  it('escapes any text so it reads back exactly (seeded property test)', () => {
    const next = random(20261123);
    for (let n = 0; n < 300; n++) {
      const length = 1 + Math.floor(next() * 12);
      let text = 'w';
      for (let i = 0; i < length; i++) text += ALPHABET[Math.floor(next() * ALPHABET.length)];
      const run: NarrativeRun = { text: `${text}z`, ...(next() < 0.5 ? { bold: true } : {}) };
      const out = applyCdaEdits(xml, edits('0', [para(run)]));
      expect(blocksOf(out, '0')).toEqual(normaliseBlocks([para(run)]));
      expect(escapeXmlText(run.text)).not.toMatch(/[<>]|&(?!amp;|lt;|gt;)/);
    }
  });

  it('refuses a document that is not well-formed', () => {
    expect(() => applyCdaEdits('<ClinicalDocument>', edits('0', []))).toThrow();
  });
});
