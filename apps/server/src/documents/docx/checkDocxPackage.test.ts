import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { buildDocx } from '../../demo/docx.js';
import { buildStoredZip } from '../../demo/zip.js';
import { checkDocxPackage, DOCX_PACKAGE_LIMITS } from './checkDocxPackage.js';
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

  it('checks a large document without holding the event loop (no XML parsing; zlib inflates off it)', async () => {
    const paragraph = `<w:p><w:r><w:t>The patient is stable and comfortable, plan unchanged.</w:t></w:r></w:p>`;
    const main = `<w:document xmlns:w="${W}"><w:body>${paragraph.repeat(200_000)}</w:body></w:document>`;
    expect(main.length).toBeGreaterThan(15 * 1024 * 1024);
    const big = await deflatedZip([TYPES, part('word/document.xml', main)]);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    await checkDocxPackage(big);
    // A blocked loop is recorded when the monitor's next tick runs.
    await new Promise((resolve) => setTimeout(resolve, 50));
    delay.disable();
    // readDocx's synchronous parse of the same holds the loop for ~1.8 s here; the stream check ~10 ms.
    expect(delay.max / 1e6).toBeLessThan(250);
  }, 30_000);

  it('stops zip bombs at the declared sizes, before inflating', async () => {
    const huge = Buffer.alloc(DOCX_PACKAGE_LIMITS.maxMainPartBytes + 1, 0x20);
    const bomb = await deflatedZip([TYPES, { name: 'word/document.xml', data: huge }]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await reason(bomb)).toMatch(/larger than/);
    const many = buildStoredZip([
      TYPES,
      ...Array.from({ length: DOCX_PACKAGE_LIMITS.maxEntries }, (_, i) => part(`p/${i}`, '')),
    ]);
    expect(await reason(many)).toMatch(/more than 5000 parts/);
  }, 30_000);
});
