import { describe, expect, it } from 'vitest';
import { cdaFixtures, compact, fixtureSections } from '../../testing/documents/cdaFixtures.js';
import { ForbiddenMarkupError } from '../limits.js';
import { type Block, blocksText } from './narrative.js';
import { type CdaSection, NotCdaError, readCda } from './readCda.js';
import { XmlSyntaxError } from './xmlTree.js';

const flat = (sections: CdaSection[]): CdaSection[] => sections.flatMap((s) => [s, ...flat(s.sections)]);

function doc(body: string, opts: { prefix?: string } = {}): string {
  const p = opts.prefix ? `${opts.prefix}:` : '';
  const ns = opts.prefix ? `xmlns:${opts.prefix}="urn:hl7-org:v3"` : 'xmlns="urn:hl7-org:v3"';
  return `<?xml version="1.0"?><${p}ClinicalDocument ${ns} xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <${p}title>T</${p}title><${p}component><${p}structuredBody><${p}component><${p}section>
  <${p}title>S</${p}title><${p}text>${body}</${p}text></${p}section></${p}component></${p}structuredBody></${p}component></${p}ClinicalDocument>`;
}
const blocksOf = (body: string, opts?: { prefix?: string }): Block[] =>
  readCda(doc(body, opts)).sections[0]!.blocks;

describe('readCda on the fixtures', () => {
  for (const { name, bytes } of cdaFixtures()) {
    it(`reads every section of ${name}, in order, with all its narrative words`, () => {
      const cda = readCda(bytes);
      const expected = fixtureSections(bytes.toString('utf8'));
      const sections = flat(cda.sections);
      expect(sections.map((s) => s.title)).toEqual(expected.map((s) => s.title));
      sections.forEach((s, i) => {
        const text = compact(blocksText(s.blocks));
        for (const word of expected[i]!.words) expect(text).toContain(compact(word));
      });
    });
  }

  it('reads the header of the operative note', () => {
    const op = cdaFixtures().find((f) => f.name === 'Operative_Note.xml')!;
    const { header } = readCda(op.bytes);
    expect(header).toMatchObject({
      title: 'Community Health and Hospitals: Operative Note',
      documentType: 'Surgical operation note',
      effectiveTime: '201209161910-0400',
      patient: { name: 'Isabella Isa Jones', mrn: '998991', birthTime: '20050501', gender: 'Female' },
      author: { name: 'Henry Seven', time: '20050329224411-0500' },
      legalAuthenticator: { name: 'Henry Seven' },
      custodian: 'Community Health and Hospitals',
    });
  });

  it('never shows a social security number as the record number', () => {
    const consult = cdaFixtures().find((f) => f.name === 'Consultation_Note.xml')!;
    expect(readCda(consult.bytes).header.patient.mrn).toBeNull();
  });

  it('keeps lists, tables with spanning cells and bold runs of the fixtures', () => {
    const hp = cdaFixtures().find((f) => f.name === 'History_and_Physical.xml')!;
    const sections = flat(readCda(hp.bytes).sections);
    const results = sections.find((s) => s.title === 'RESULTS')!;
    const table = results.blocks.find((b) => b.kind === 'table');
    expect(table?.kind).toBe('table');
    if (table?.kind === 'table') {
      const spans = [...table.head, ...table.body].flat().filter((c) => c.colspan === 2);
      expect(spans.length).toBeGreaterThan(0);
    }
    const exam = sections.find((s) => s.title === 'PHYSICAL EXAMINATION')!;
    expect(exam.blocks.some((b) => b.kind === 'list')).toBe(true);
  });
});

describe('readCda narrative', () => {
  it('turns loose text, paragraphs, br and styled content into paragraphs of runs', () => {
    const blocks = blocksOf(
      'Lead  text <content styleCode="Bold">bold</content><content styleCode="Italics Underline">x</content>' +
        '<br/> second line<paragraph><caption>Cap</caption>Para <sup>2</sup></paragraph>',
    );
    expect(blocks).toEqual([
      {
        kind: 'paragraph',
        runs: [
          { text: 'Lead text ' },
          { text: 'bold', bold: true },
          { text: 'x', italic: true, underline: true },
          { text: '\n' },
          { text: 'second line' },
        ],
      },
      { kind: 'paragraph', runs: [{ text: 'Cap', bold: true }, { text: ' Para 2' }] },
    ]);
  });

  it('reads ordered and nested lists, and tables with head, body, caption and colspan', () => {
    const [list, table] = blocksOf(
      '<list listType="ordered"><item>One<list><item>Inner</item></list></item><item><paragraph>Two</paragraph></item></list>' +
        '<table><caption>Labs</caption><thead><tr><th>Test</th><th>Value</th></tr></thead>' +
        '<tbody><tr><td colspan="2">Group</td></tr><tr><td>HGB</td><td>13.2</td></tr></tbody></table>',
    );
    expect(list).toMatchObject({
      kind: 'list',
      ordered: true,
      items: [[{ kind: 'paragraph' }, { kind: 'list' }], [{}]],
    });
    expect(table).toMatchObject({
      kind: 'table',
      caption: [{ text: 'Labs', bold: true }],
      head: [[{ header: true, colspan: 1 }, { header: true }]],
      body: [[{ colspan: 2 }], [{ header: false }, { header: false }]],
    });
    if (table?.kind === 'table')
      expect(table.head[0]![0]!.blocks).toEqual([
        { kind: 'paragraph', runs: [{ text: 'Test', bold: true }] },
      ]);
  });

  it('reads row spans, and whether the table markup says it has no lines', () => {
    const table = (attrs: string) =>
      blocksOf(
        `<table${attrs}><tbody><tr><td rowspan="3">d</td><td rowspan="1">a</td><td rowspan="x">b</td></tr></tbody></table>`,
      )[0] as Extract<Block, { kind: 'table' }>;
    expect(table('').body[0]!.map((c) => c.rowspan)).toEqual([3, undefined, undefined]);
    const borderless = (attrs: string) => table(attrs).borderless === true;
    expect(borderless(' border="0"')).toBe(true);
    expect(borderless(' border="0" rules="none" frame="void"')).toBe(true);
    expect(borderless(' styleCode="xNoBorder"')).toBe(true);
    expect(borderless('')).toBe(false);
    expect(borderless(' border=""')).toBe(false);
    expect(borderless(' border="1"')).toBe(false);
    expect(borderless(' border="0" rules="all"')).toBe(false);
    expect(borderless(' border="0" frame="box"')).toBe(false);
    expect(borderless(' border="0" styleCode="Botrule"')).toBe(false);
  });

  it('leaves out deleted revisions, comments and footnote references; keeps footnote text', () => {
    const blocks = blocksOf(
      'Kept <content revised="delete">gone</content><!-- note --><footnoteRef IDREF="f1"/>' +
        '<footnote ID="f1">see below</footnote>',
    );
    expect(blocksText(blocks)).toBe('Kept [see below]');
  });

  it('reads documents whose elements carry a namespace prefix, and decodes character references', () => {
    expect(blocksText(blocksOf('Caf&#233; &amp; <cda:content>tea</cda:content>', { prefix: 'cda' }))).toBe(
      'Café & tea',
    );
  });

  it('takes the section title from the code when there is no title', () => {
    const xml = doc('x').replace('<title>S</title>', '<code code="10164-2" displayName="History"/>');
    expect(readCda(xml).sections[0]).toMatchObject({ title: 'History', code: '10164-2' });
  });
});

describe('readCda refuses what is not CDA', () => {
  it.each([
    ['malformed XML', '<ClinicalDocument xmlns="urn:hl7-org:v3"><title></ClinicalDocument>', XmlSyntaxError],
    [
      'a DOCTYPE',
      '<!DOCTYPE x [<!ENTITY a "b">]><ClinicalDocument xmlns="urn:hl7-org:v3"/>',
      ForbiddenMarkupError,
    ],
    ['another root', '<section xmlns="urn:hl7-org:v3"/>', NotCdaError],
    ['no namespace', '<ClinicalDocument/>', NotCdaError],
    ['another namespace', '<ClinicalDocument xmlns="urn:example"/>', NotCdaError],
    ['two roots', '<a/><b/>', XmlSyntaxError],
  ])('%s', (_, xml, error) => {
    expect(() => readCda(xml)).toThrow(error);
  });
});
