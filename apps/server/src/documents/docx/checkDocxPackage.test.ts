import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { buildDocx } from '../../demo/files/docx.js';
import { buildStoredZip } from '../../demo/files/zip.js';
import { DEFAULT_DOCUMENT_LIMITS, DocumentLimitError, ForbiddenMarkupError } from '../limits.js';
import { checkDocxPackage } from './checkDocxPackage.js';
import { NotDocxError } from './readDocx.js';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const TYPES = { name: '[Content_Types].xml', data: Buffer.from('<Types/>') };
const part = (name: string, text: string) => ({ name, data: Buffer.from(text) });

async function reason(bytes: Buffer): Promise<string> {
  const err = await checkDocxPackage(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(NotDocxError);
  return (err as NotDocxError).detail;
}

/** A deflated zip (yazl) of the given parts. */
function deflatedZip(parts: { name: string; data: Buffer }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const p of parts) zip.addBuffer(p.data, p.name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

describe('checkDocxPackage', () => {
  it('takes a real Word document, with the namespace bound to any prefix or as the default', async () => {
    await checkDocxPackage(
      buildDocx([{ text: 'Hello', heading: 1 }, { table: { head: ['a'], rows: [['b']] } }]),
    );
    await checkDocxPackage(
      await deflatedZip([
        TYPES,
        part('word/document.xml', `<?xml version="1.0"?><!-- c --><document xmlns="${W}"><body/></document>`),
      ]),
    );
    await checkDocxPackage(
      buildStoredZip([TYPES, part('word/document.xml', `<x:document xmlns:x='${W}'/>`)]),
    );
  });

  it('refuses what is not a Word package', async () => {
    expect(await reason(Buffer.from('hello'))).toBe('not a zip file');
    expect(await reason(Buffer.alloc(0))).toBe('not a zip file');
    const doc = buildDocx([{ text: 'x' }]);
    expect(await reason(doc.subarray(0, doc.length - 30))).toMatch(/central directory|end of central/i);
    expect(await reason(buildStoredZip([part('word/document.xml', `<w:document xmlns:w="${W}"/>`)]))).toMatch(
      /Content_Types/,
    );
    expect(await reason(buildStoredZip([TYPES, part('word/other.xml', 'x')]))).toMatch(/word\/document\.xml/);
    expect(
      await reason(buildStoredZip([TYPES, part('word/document.xml', '<w:document xmlns:w="urn:other"/>')])),
    ).toMatch(/namespace/);
    expect(await reason(buildStoredZip([TYPES, part('word/document.xml', '<html/>')]))).toMatch(
      /document element/,
    );
  });

  it('refuses a bomb while inflating it: a part that declares a small size but inflates past the bound', async () => {
    // 60 MB of spaces deflate to ~60 KB (the bomb); the main part's bound is 8 MB.
    const huge = Buffer.alloc(60 * 1024 * 1024, 0x20);
    const bomb = await deflatedZip([TYPES, { name: 'word/document.xml', data: huge }]);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const err = await checkDocxPackage(bomb).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocumentLimitError);
    expect((err as DocumentLimitError).setting).toBe('DOCUMENT_MAX_XML_BYTES');
  }, 30_000);

  it('refuses a DOCTYPE in any XML part and a zip-slip part name', async () => {
    const doctype = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><w:document xmlns:w="${W}"/>`;
    const err = await checkDocxPackage(buildStoredZip([TYPES, part('word/document.xml', doctype)])).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ForbiddenMarkupError);
    const slip = buildStoredZip([
      TYPES,
      part('../../etc/x.xml', '<a/>'),
      part('word/document.xml', `<w:document xmlns:w="${W}"/>`),
    ]);
    expect(await checkDocxPackage(slip).catch((e: unknown) => e)).toBeInstanceOf(ForbiddenMarkupError);
  });

  it('stops zip bombs at the declared sizes, before inflating', async () => {
    const huge = Buffer.alloc(DEFAULT_DOCUMENT_LIMITS.maxXmlBytes + 1, 0x20);
    const bomb = await deflatedZip([TYPES, { name: 'word/document.xml', data: huge }]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const err = await checkDocxPackage(bomb).catch((e: unknown) => e);
    expect((err as DocumentLimitError).limit).toBe('maxXmlBytes');
    const many = buildStoredZip([
      TYPES,
      ...Array.from({ length: DEFAULT_DOCUMENT_LIMITS.maxParts }, (_, i) => part(`p/${i}`, '')),
    ]);
    const err2 = await checkDocxPackage(many).catch((e: unknown) => e);
    expect((err2 as DocumentLimitError).setting).toBe('DOCUMENT_MAX_PARTS');
  }, 30_000);
});
