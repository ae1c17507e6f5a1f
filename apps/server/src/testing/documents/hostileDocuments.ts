import { deflateRawSync } from 'node:zlib';
import { crc32 } from '../../demo/files/zip.js';

/**
 * Hostile documents for the hostile-documents suite (issue 23, suite 3), generated in memory:
 * compression and repetition bombs, so nothing large is committed. Each is what a probe of the
 * server sent, or a classic attack on XML and zip readers.
 */

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const CONTENT_TYPES = {
  name: '[Content_Types].xml',
  data: Buffer.from(
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
  ),
};

/**
 * A zip entry's local (at 4) or central directory (at 6) header: the fields both share, UTF-8 name,
 * deflated. The rest of a central header (version made by, offset) is the caller's.
 */
function entryHeader(
  signature: number,
  length: number,
  at: number,
  f: { crc: number; packed: number; size: number; nameLength: number },
): Buffer {
  const b = Buffer.alloc(length);
  b.writeUInt32LE(signature, 0);
  b.writeUInt16LE(20, at);
  b.writeUInt16LE(0x0800, at + 2);
  b.writeUInt16LE(8, at + 4);
  b.writeUInt32LE(f.crc, at + 10);
  b.writeUInt32LE(f.packed, at + 14);
  b.writeUInt32LE(f.size, at + 18);
  b.writeUInt16LE(f.nameLength, at + 22);
  return b;
}

/**
 * A zip of deflated parts, written by hand so that a part's name can be anything (zip-slip names
 * included) and its declared size can lie (`declare`), as a hostile zip's can.
 */
export function deflatedZip(parts: { name: string; data: Buffer; declare?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name, 'utf8');
    const packed = deflateRawSync(p.data, { level: 9 });
    const crc = crc32(p.data);
    const size = p.declare ?? p.data.length;
    const fields = { crc, packed: packed.length, size, nameLength: name.length };
    const local = entryHeader(0x04034b50, 30, 4, fields);
    const central = entryHeader(0x02014b50, 46, 6, fields);
    central.writeUInt16LE(20, 4);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** A Word package around a main part. */
export function docxWith(mainPart: Buffer | string, extra: { name: string; data: Buffer }[] = []): Buffer {
  const data = typeof mainPart === 'string' ? Buffer.from(mainPart) : mainPart;
  return deflatedZip([CONTENT_TYPES, ...extra, { name: 'word/document.xml', data }]);
}

/** A workbook package around a first sheet. */
export function xlsxWith(sheet: Buffer | string, extra: { name: string; data: Buffer }[] = []): Buffer {
  const data = typeof sheet === 'string' ? Buffer.from(sheet) : sheet;
  return deflatedZip([
    CONTENT_TYPES,
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>',
      ),
    },
    ...extra,
    { name: 'xl/worksheets/sheet1.xml', data },
  ]);
}

/** `count` repetitions of `unit` inside `head` … `tail`, as bytes (no intermediate string). */
function repeated(head: string, unit: string, count: number, tail: string): Buffer {
  const u = Buffer.from(unit);
  const body = Buffer.alloc(u.length * count);
  body.fill(u);
  return Buffer.concat([Buffer.from(head), body, Buffer.from(tail)]);
}

/** The issue's Word bomb: ~60 KB that inflates to a 60 MB word/document.xml of paragraphs. */
export function docxBomb(megabytes = 60): Buffer {
  const p = '<w:p><w:r><w:t>The patient is stable.</w:t></w:r></w:p>';
  const count = Math.ceil((megabytes * 1024 * 1024) / p.length);
  return docxWith(repeated(`<w:document xmlns:w="${W}"><w:body>`, p, count, '</w:body></w:document>'));
}

/** A CDA document with the given narrative inside its one section (and root attributes). */
export function cdaWith(narrative: Buffer | string, rootAttributes = ''): Buffer {
  const head = `<?xml version="1.0" encoding="UTF-8"?>
<ClinicalDocument xmlns="urn:hl7-org:v3"${rootAttributes}><title>Discharge Summary</title>
<component><structuredBody><component><section><title>Hospital Course</title><text>`;
  const tail = '</text></section></component></structuredBody></component></ClinicalDocument>';
  return Buffer.concat([Buffer.from(head), Buffer.from(narrative), Buffer.from(tail)]);
}

/** The issue's CDA: ~15 MB, 1,000,000 paragraphs. */
export function cdaParagraphs(count = 1_000_000): Buffer {
  return cdaWith(repeated('', '<paragraph/>\n  ', count, ''));
}

/** 200,000 attributes on the root element. */
export function cdaAttributes(count = 200_000): Buffer {
  const attrs = Array.from({ length: count }, (_, i) => ` a${i}="x"`).join('');
  return cdaWith('<paragraph>ok</paragraph>', attrs);
}

/** Narrative nested `depth` deep. */
export function cdaDeep(depth = 200_000): Buffer {
  return cdaWith(repeated('', '<content>', depth, '') + '</content>'.repeat(depth));
}

/** ~15 MB of one paragraph's text: within the upload bound, over the XML size bound. */
export function cdaLarge(megabytes = 15): Buffer {
  return cdaWith(
    repeated(
      '<paragraph>',
      'The patient is stable. ',
      Math.ceil((megabytes * 1024 * 1024) / 23),
      '</paragraph>',
    ),
  );
}

/** An external entity reading a local file (XXE). */
export function cdaXxe(): Buffer {
  return Buffer.from(`<?xml version="1.0"?>
<!DOCTYPE ClinicalDocument [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
${cdaWith('<paragraph>&xxe;</paragraph>')
  .toString('utf8')
  .replace(/^<\?xml[^>]*>\s*/, '')}`);
}

/** The billion laughs: ten entities, each ten of the one before (a 3 GB expansion). */
export function billionLaughs(
  root = '<ClinicalDocument xmlns="urn:hl7-org:v3"><title>&lol9;</title></ClinicalDocument>',
): Buffer {
  const entities = ['<!ENTITY lol "lol">'];
  for (let i = 1; i <= 9; i++)
    entities.push(`<!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">`);
  return Buffer.from(`<?xml version="1.0"?>\n<!DOCTYPE lolz [\n${entities.join('\n')}\n]>\n${root}`);
}

/** A Word document with a part named to climb out of any folder it were unpacked into. */
export function docxZipSlip(): Buffer {
  return docxWith(`<w:document xmlns:w="${W}"><w:body/></w:document>`, [
    { name: '../../../../tmp/quill-zip-slip.xml', data: Buffer.from('<x/>') },
  ]);
}

/** A Word document whose main part declares an external entity. */
export function docxXxe(): Buffer {
  return docxWith(
    `<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>&xxe;</w:t></w:r></w:p></w:body></w:document>`,
  );
}

/** A workbook whose first sheet inflates to 60 MB of rows. */
export function xlsxBomb(megabytes = 60): Buffer {
  const row = '<row><c t="inlineStr"><is><t>x</t></is></c></row>';
  const count = Math.ceil((megabytes * 1024 * 1024) / row.length);
  return xlsxWith(
    repeated(
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
      row,
      count,
      '</sheetData></worksheet>',
    ),
  );
}

/** A workbook with a zip-slip part name. */
export function xlsxZipSlip(): Buffer {
  return xlsxWith('<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>', [
    { name: '/etc/quill-zip-slip.xml', data: Buffer.from('<x/>') },
  ]);
}

/** A workbook whose sheet carries the billion laughs. */
export function xlsxBillionLaughs(): Buffer {
  return xlsxWith(
    billionLaughs(
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row><c t="inlineStr"><is><t>&lol9;</t></is></c></row></sheetData></worksheet>',
    ),
  );
}

/**
 * Issue 41: a shared CDA fixture (testing/documentTestKit cdaFixture) with `narrative` added at the
 * start of its first section's `<text>`: the probe's oversized documents, and ones just within
 * core's NARRATIVE_LIMITS, built around a real document.
 */
export function fixtureWithNarrative(fixture: Buffer, narrative: string): Buffer {
  const xml = fixture.toString('utf8');
  const body = xml.indexOf('<structuredBody');
  const text = xml.indexOf('<text>', body);
  if (body === -1 || text === -1) throw new Error('the fixture has no section text');
  const at = text + '<text>'.length;
  return Buffer.from(`${xml.slice(0, at)}${narrative}${xml.slice(at)}`);
}

/** `count` paragraphs of a short sentence (the probe's was 99,950). */
export const paragraphsOf = (count: number): string =>
  '<paragraph>The patient is stable.</paragraph>\n'.repeat(count);

/** One paragraph of `length` characters of sentences (the probe's was 7 MB). */
export const paragraphOfLength = (length: number): string =>
  `<paragraph>${'The patient is stable. '.repeat(Math.ceil(length / 23)).slice(0, length)}</paragraph>`;
