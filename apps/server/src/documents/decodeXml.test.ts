import { message } from '@quill/core';
import { describe, expect, it } from 'vitest';
import { cdaFixtures } from '../testing/documents/cdaFixtures.js';
import { readCda } from './cda/readCda.js';
import type { XmlSyntaxError } from './cda/xmlTree.js';
import { decodeXml, isHtmlPage, looksLikeXml, xmlEncoding } from './decodeXml.js';
import { xmlRefusal } from './documentRefusal.js';

const DOC = (decl: string) =>
  `${decl}<ClinicalDocument xmlns="urn:hl7-org:v3"><title>Café Zoë — Ørsted</title></ClinicalDocument>\n`;

function utf16be(text: string): Buffer {
  const le = Buffer.from(text, 'utf16le');
  const be = Buffer.alloc(le.length);
  for (let i = 0; i < le.length; i += 2) {
    be[i] = le[i + 1]!;
    be[i + 1] = le[i]!;
  }
  return be;
}

const caught = (fn: () => unknown): XmlSyntaxError => {
  try {
    fn();
  } catch (err) {
    return err as XmlSyntaxError;
  }
  throw new Error('nothing was thrown');
};

describe('decodeXml', () => {
  const text = DOC('<?xml version="1.0" encoding="UTF-16"?>');

  it.each([
    [
      'UTF-16LE with its BOM',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
      'utf-16le',
    ],
    ['UTF-16BE with its BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)]), 'utf-16be'],
    ['UTF-16LE without a BOM', Buffer.from(text, 'utf16le'), 'utf-16le'],
    ['UTF-16BE without a BOM', utf16be(text), 'utf-16be'],
  ])('reads %s, its declaration now saying UTF-8', (_, bytes, encoding) => {
    expect(xmlEncoding(bytes).encoding).toBe(encoding);
    expect(looksLikeXml(bytes)).toBe(true);
    const decoded = decodeXml(bytes);
    expect(decoded).toBe(text.replace('UTF-16', 'UTF-8'));
    expect(readCda(bytes).header.title).toBe('Café Zoë — Ørsted');
  });

  it('reads a declared ISO-8859-1 and windows-1252 file', () => {
    const latin = DOC(`<?xml version='1.0' encoding='ISO-8859-1'?>`).replace(' —', ',');
    const bytes = Buffer.from(latin, 'latin1');
    expect(bytes.includes(0xe9)).toBe(true);
    expect(decodeXml(bytes)).toBe(latin.replace('ISO-8859-1', 'UTF-8'));
    expect(readCda(bytes).header.title).toBe('Café Zoë, Ørsted');
    const cp1252 = Buffer.from(
      DOC('<?xml version="1.0" encoding="windows-1252"?>').replace('—', '\x97'),
      'latin1',
    );
    expect(readCda(cp1252).header.title).toBe('Café Zoë — Ørsted');
  });

  it('leaves UTF-8 text as it is, its BOM too; a UTF-16 label over UTF-8 bytes is read as UTF-8', () => {
    const utf8 = DOC('<?xml version="1.0" encoding="UTF-8"?>');
    expect(decodeXml(Buffer.from(`\uFEFF${utf8}`))).toBe(`\uFEFF${utf8}`);
    expect(decodeXml(Buffer.from(utf8.replace('UTF-8', 'UTF-16')))).toBe(utf8.replace('UTF-8', 'UTF-16'));
    for (const f of cdaFixtures()) expect(decodeXml(f.bytes)).toBe(f.bytes.toString('utf8'));
  });

  it('refuses an encoding no decoder knows, and bytes not valid in theirs, in sentences', () => {
    const unknown = caught(() => decodeXml(Buffer.from(DOC('<?xml version="1.0" encoding="x-klingon"?>'))));
    expect(unknown).toMatchObject({ reason: 'encoding', encoding: 'x-klingon' });
    expect(xmlRefusal(unknown)?.message).toBe(
      message('documents.import.unknownEncoding', { encoding: 'x-klingon' }),
    );
    const bad = caught(() => decodeXml(Buffer.from(DOC('').replace('é', '\xe9'), 'latin1')));
    expect(bad).toMatchObject({ reason: 'badText', encoding: 'UTF-8' });
    expect(xmlRefusal(bad)?.message).toBe(message('documents.import.badText', { encoding: 'UTF-8' }));
  });

  it('tells markup from other bytes', () => {
    expect(looksLikeXml(Buffer.from('  \n<a/>'))).toBe(true);
    expect(looksLikeXml(Buffer.from('hello'))).toBe(false);
    expect(looksLikeXml(Buffer.from([0xff, 0xfe, 0x00, 0x01]))).toBe(false);
  });
});

describe('what a clerk is told about a broken file', () => {
  const fixture = cdaFixtures()[0]!.bytes.toString('utf8');

  it.each([100, 1000, 5000, 20_010, 40_000, fixture.length - 20, fixture.length - 5])(
    'a file cut off after %i characters ends before the document is complete, at its last line and column',
    (at) => {
      const cut = fixture.slice(0, at);
      const err = caught(() => readCda(cut));
      const lines = cut.trimEnd().split('\n');
      const where = { line: lines.length, column: lines.at(-1)!.length + 1 };
      expect(err).toMatchObject({ reason: 'truncated', ...where });
      expect(xmlRefusal(err)?.message).toBe(message('documents.import.truncated', where));
      expect(xmlRefusal(err)?.message).toMatch(
        /^The file ends before the document is complete \(line \d+, column \d+\)/,
      );
    },
  );

  it('broken markup in the middle names its line and column, not a truncation', () => {
    const err = caught(() =>
      readCda('<ClinicalDocument xmlns="urn:hl7-org:v3">\n  <title><b></title>\n</ClinicalDocument>'),
    );
    expect(err).toMatchObject({ reason: null, line: 2, column: 13 });
    expect(xmlRefusal(err)?.message).toBe(
      message('documents.import.malformed', {
        line: 2,
        column: 13,
        detail: "Expected closing tag 'b' (opened in line 2, col 10) instead of closing tag 'title'.",
      }),
    );
  });

  it.each([
    [
      'a doctype',
      '<!DOCTYPE html>\n<html><head><title>Portal</title></head><body><p>x<br></p></body></html>',
    ],
    ['an html root', '<?xml version="1.0"?>\n<!-- saved page -->\n<HTML lang="en"><body/></HTML>'],
    ['XHTML', '<html xmlns="http://www.w3.org/1999/xhtml"><body><p>Results</p></body></html>'],
  ])('an HTML page (%s) is called one, never "the CDA document"', (_, html) => {
    expect(isHtmlPage(html)).toBe(true);
    const err = caught(() => readCda(Buffer.from(html)));
    expect(err).toMatchObject({ reason: 'html' });
    const said = xmlRefusal(err)!.message;
    expect(said).toBe(message('documents.import.htmlPage'));
    expect(said).toContain('an HTML page, not a clinical document');
    expect(said).not.toContain('CDA document');
  });

  it('a CDA document is not an HTML page', () => {
    for (const f of cdaFixtures()) expect(isHtmlPage(f.bytes.toString('utf8'))).toBe(false);
  });
});
