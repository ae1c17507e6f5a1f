import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { message } from '@quill/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocx } from '../../demo/files/docx.js';
import { buildStoredZip } from '../../demo/files/zip.js';
import { DomainError } from '../../errors/domainErrors.js';
import { blocksText } from '../cda/narrative.js';
import { extractRtfText } from '../rtf/extractRtfText.js';
import { docxToPdf } from './docxToPdf.js';
import { docxToRtf } from './docxToRtf.js';
import { NotDocxError, readDocx } from './readDocx.js';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const docx = (body: string, root = `<w:document ${W}><w:body>${body}</w:body></w:document>`) =>
  buildStoredZip([{ name: 'word/document.xml', data: Buffer.from(root) }]);

describe('readDocx', () => {
  it('reads the paragraphs of a Word document, with bold runs', async () => {
    const blocks = await readDocx(
      buildDocx([
        { text: 'Discharge Summary', heading: true },
        { text: 'HISTORY', bold: true },
        { text: 'Well & good' },
      ]),
    );
    expect(blocks).toEqual([
      {
        kind: 'paragraph',
        runs: [{ text: 'Discharge Summary', bold: true, italic: false, underline: false }],
      },
      { kind: 'paragraph', runs: [{ text: 'HISTORY', bold: true, italic: false, underline: false }] },
      { kind: 'paragraph', runs: [{ text: 'Well & good', bold: false, italic: false, underline: false }] },
    ]);
  });

  it('reads tabs, breaks, hyperlinks and tables, and leaves deleted text out', async () => {
    const blocks = await readDocx(
      docx(
        '<w:p><w:r><w:rPr><w:i/><w:b w:val="0"/></w:rPr><w:t>a</w:t><w:tab/><w:t>b</w:t><w:br/><w:t>c</w:t></w:r>' +
          '<w:hyperlink><w:r><w:t>link</w:t></w:r></w:hyperlink><w:del><w:r><w:delText>gone</w:delText></w:r></w:del></w:p>' +
          '<w:tbl><w:tr><w:tc><w:tcPr><w:gridSpan w:val="2"/></w:tcPr><w:p><w:r><w:t>wide</w:t></w:r></w:p></w:tc></w:tr>' +
          '<w:tr><w:tc><w:p><w:r><w:t>x</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>y</w:t></w:r></w:p></w:tc></w:tr></w:tbl>',
      ),
    );
    expect(blocks[0]).toEqual({
      kind: 'paragraph',
      runs: [
        { text: 'a', bold: false, italic: true, underline: false },
        { text: '\t', bold: false, italic: true, underline: false },
        { text: 'b', bold: false, italic: true, underline: false },
        { text: '\n' },
        { text: 'c', bold: false, italic: true, underline: false },
        { text: 'link', bold: false, italic: false, underline: false },
      ],
    });
    expect(blocks[1]).toMatchObject({
      kind: 'table',
      body: [[{ colspan: 2 }], [{ colspan: 1 }, { colspan: 1 }]],
    });
    expect(blocksText(blocks)).not.toContain('gone');
  });

  it.each([
    [
      'not a zip',
      Buffer.from('PK\u0003\u0004 but not really a zip file at all'),
      /zip|signature|end of central/i,
    ],
    [
      'a zip without word/document.xml',
      buildStoredZip([{ name: 'a.txt', data: Buffer.from('x') }]),
      /word\/document\.xml/,
    ],
    ['a main part that is not XML', docx('', '<w:document'), /not well-formed/],
    ['a main part that is not WordprocessingML', docx('', '<html/>'), /WordprocessingML/],
  ])('refuses %s', async (_, bytes, detail) => {
    const err = await readDocx(bytes).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotDocxError);
    expect((err as NotDocxError).detail).toMatch(detail);
  });
});

describe('docxToRtf', () => {
  it('writes the document text as RTF: paragraphs, tabs and table cells', async () => {
    const rtf = await docxToRtf(
      docx(
        '<w:p><w:r><w:t xml:space="preserve">Left</w:t><w:tab/><w:t>Right {x}</w:t></w:r></w:p>' +
          '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Cell A</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>Cell B</w:t></w:r></w:p></w:tc></w:tr></w:tbl>',
      ),
    );
    const text = extractRtfText(rtf);
    expect(text).toContain('Left\tRight {x}');
    expect(text).toContain('Cell A\tCell B');
  });
});

describe('docxToPdf', () => {
  let dir: string;
  const script = async (name: string, body: string) => {
    const file = join(dir, name);
    await writeFile(file, `#!/bin/sh\n${body}\n`);
    await chmod(file, 0o755);
    return file;
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quill-soffice-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('answers 503 with the LibreOffice message when soffice is not installed', async () => {
    const err = await docxToPdf(buildDocx([{ text: 'x' }]), { soffice: null }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ kind: 'unavailable', message: message('documents.wordNeedsLibreOffice') });
  });

  // A stand-in for LibreOffice (outside our system): checks its arguments and writes the PDF
  // where soffice would, named after the input.
  it('runs soffice headless in a temporary directory and answers the PDF it wrote', async () => {
    const fake = await script(
      'soffice-ok',
      `[ "$1" = "--headless" ] || exit 9
while [ $# -gt 1 ]; do [ "$1" = "--outdir" ] && out="$2"; shift; done
[ -s "$1" ] || exit 8
printf '%%PDF-1.4 fake' > "$out/$(basename "$1" .docx).pdf"`,
    );
    const pdf = await docxToPdf(buildDocx([{ text: 'x' }]), { soffice: fake });
    expect(pdf.toString()).toBe('%PDF-1.4 fake');
  });

  it.each([
    ['fails', 'echo "conversion broke" >&2; exit 1', /conversion broke/],
    ['writes nothing', 'exit 0', /wrote no PDF/],
    ['hangs', 'sleep 5', /timed out/],
  ])('answers 503 when soffice %s', async (name, body, detail) => {
    const fake = await script(`soffice-${name}`, body);
    const err = await docxToPdf(buildDocx([{ text: 'x' }]), { soffice: fake, timeoutMs: 500 }).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ kind: 'unavailable' });
    expect((err as Error).message).toMatch(detail);
    expect((err as Error).message).toContain('could not be converted to PDF');
  });
});
