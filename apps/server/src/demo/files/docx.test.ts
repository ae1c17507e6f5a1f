import { describe, expect, it } from 'vitest';
import { assertWellFormedXml } from '../../documents/cda/build/wellFormed.js';
import { buildDocx } from './docx.js';
import { buildStoredZip, crc32 } from './zip.js';

interface Entry {
  name: string;
  data: Buffer;
}

/** Reads a stored ZIP through its central directory, checking signatures, sizes and CRCs. */
function readStoredZip(zip: Buffer): Entry[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(eocd).toBe(zip.length - 22);
  const count = zip.readUInt16LE(eocd + 10);
  const cdSize = zip.readUInt32LE(eocd + 12);
  let p = zip.readUInt32LE(eocd + 16);
  expect(p + cdSize).toBe(eocd);
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(p)).toBe(0x02014b50);
    expect(zip.readUInt16LE(p + 10)).toBe(0); // stored
    const crc = zip.readUInt32LE(p + 16);
    const size = zip.readUInt32LE(p + 20);
    expect(zip.readUInt32LE(p + 24)).toBe(size);
    const nameLen = zip.readUInt16LE(p + 28);
    const extraLen = zip.readUInt16LE(p + 30);
    const commentLen = zip.readUInt16LE(p + 32);
    const offset = zip.readUInt32LE(p + 42);
    const name = zip.toString('utf8', p + 46, p + 46 + nameLen);
    expect(zip.readUInt32LE(offset)).toBe(0x04034b50);
    expect(zip.readUInt32LE(offset + 14)).toBe(crc);
    const localName = zip.readUInt16LE(offset + 26);
    const localExtra = zip.readUInt16LE(offset + 28);
    const start = offset + 30 + localName + localExtra;
    const data = zip.subarray(start, start + size);
    expect(crc32(data)).toBe(crc);
    entries.push({ name, data });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

describe('crc32', () => {
  it('matches the standard check value', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
  });
});

describe('buildStoredZip', () => {
  it('writes a readable archive', () => {
    const zip = buildStoredZip([
      { name: 'a.txt', data: Buffer.from('hello') },
      { name: 'dir/b.bin', data: Buffer.from([0, 1, 2, 255]) },
    ]);
    const entries = readStoredZip(zip);
    expect(entries.map((e) => e.name)).toEqual(['a.txt', 'dir/b.bin']);
    expect(entries[0]?.data.toString()).toBe('hello');
  });
});

describe('buildDocx', () => {
  it('is a real Word package: content types, relationships, styles, properties and the main part, escaped', () => {
    const docx = buildDocx(
      [
        { text: 'Progress Note', heading: 1 },
        { text: 'Creatinine < 1.2 & stable — “ok”', bold: true },
        { text: 'Plan', heading: 2 },
        { text: 'Walk daily', bullet: true },
        { table: { head: ['Drug', 'Dose'], rows: [['Aspirin', '81 mg'], ['Short row']] } },
      ],
      { title: 'Progress <Note>' },
    );
    expect(docx.subarray(0, 4).toString('hex')).toBe('504b0304');
    const entries = readStoredZip(docx);
    expect(entries.map((e) => e.name).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'docProps/app.xml',
      'docProps/core.xml',
      'word/_rels/document.xml.rels',
      'word/document.xml',
      'word/styles.xml',
    ]);
    for (const e of entries) assertWellFormedXml(e.data.toString('utf8'));
    const part = (name: string) => entries.find((e) => e.name === name)?.data.toString('utf8') ?? '';
    const body = part('word/document.xml');
    expect(body).toContain('Creatinine &lt; 1.2 &amp; stable — “ok”');
    expect(body).toContain('<w:pStyle w:val="Heading1"/>');
    expect(body).toContain('<w:pStyle w:val="Heading2"/>');
    expect(body).toContain('<w:tblStyle w:val="TableGrid"/>');
    // Every row has the table's columns (a short row is filled with empty cells).
    expect(body.match(/<w:tc>/g)?.length).toBe(6);
    expect(part('word/styles.xml')).toContain('w:styleId="Heading1"');
    expect(part('docProps/core.xml')).toContain('<dc:title>Progress &lt;Note&gt;</dc:title>');
    expect(buildDocx([{ text: 'x' }]).equals(buildDocx([{ text: 'x' }]))).toBe(true);
  });
});
