import { describe, expect, it } from 'vitest';
import { assertWellFormedXml } from './cda/wellFormed.js';
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
  it('is a valid zip with the three parts a Word document needs, with escaped text', () => {
    const docx = buildDocx([
      { text: 'Progress Note', heading: true },
      { text: 'Creatinine < 1.2 & stable — “ok”', bold: true },
    ]);
    expect(docx.subarray(0, 4).toString('hex')).toBe('504b0304');
    const entries = readStoredZip(docx);
    expect(entries.map((e) => e.name).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'word/document.xml',
    ]);
    for (const e of entries) assertWellFormedXml(e.data.toString('utf8'));
    const body = entries.find((e) => e.name === 'word/document.xml')?.data.toString('utf8') ?? '';
    expect(body).toContain('Creatinine &lt; 1.2 &amp; stable — “ok”');
    expect(buildDocx([{ text: 'x' }]).equals(buildDocx([{ text: 'x' }]))).toBe(true);
  });
});
