import { deflateRawSync, gzipSync } from 'node:zlib';
import { message } from '@quill/core';
import { describe, expect, it } from 'vitest';
import { headerDocument, nonXmlBody, smallPdf } from '../../testing/documents/headerDocuments.js';
import { blocksText } from './narrative.js';
import { readNonXmlBody } from './nonXmlBody.js';
import { readCda } from './readCda.js';
import { parseXml } from './xmlTree.js';

const read = (attrs: string, content: string) => readCda(headerDocument(nonXmlBody(attrs, content)));
const shown = (attrs: string, content: string) => blocksText(read(attrs, content).sections[0]!.blocks);
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');

describe('readCda: a nonXMLBody', () => {
  it('reads a plain text body as its lines', () => {
    const cda = read('mediaType="text/plain"', 'Line one of the letter.\nLine two &amp; more.');
    expect(cda.nonXmlBody).toMatchObject({ mediaType: 'text/plain', representation: 'TXT', reference: null });
    expect(cda.nonXmlBody?.content).toEqual({
      kind: 'text',
      text: 'Line one of the letter.\nLine two & more.',
    });
    expect(blocksText(cda.sections[0]!.blocks)).toBe('Line one of the letter.\nLine two & more.');
  });

  it('decodes a base64 text body (wrapped lines) in the charset its media type names', () => {
    const latin1 = Buffer.from('Café au lait, 38 °C.', 'latin1').toString('base64');
    expect(shown('mediaType="text/plain; charset=ISO-8859-1" representation="B64"', latin1)).toBe(
      'Café au lait, 38 °C.',
    );
    const wrapped = b64('Assessment: stable.\nPlan: follow up.').replace(/(.{8})/g, '$1\n  ');
    expect(shown('mediaType="text/plain" representation="B64"', wrapped)).toBe(
      'Assessment: stable.\nPlan: follow up.',
    );
  });

  it('inflates a compressed body (DF, GZ)', () => {
    const text = 'Compressed discharge summary.';
    expect(
      shown('mediaType="text/plain" representation="B64" compression="DF"', b64(deflateRawSync(text))),
    ).toBe(text);
    expect(shown('mediaType="text/plain" representation="B64" compression="GZ"', b64(gzipSync(text)))).toBe(
      text,
    );
    expect(shown('mediaType="text/plain" representation="B64" compression="BZ"', b64('x'))).toBe(
      message('documents.render.body.compression', { compression: 'BZ' }),
    );
  });

  it('keeps an embedded PDF as its bytes, and says where its pages are', async () => {
    const pdf = await smallPdf(2);
    const cda = read('mediaType="application/pdf" representation="B64"', b64(pdf));
    expect(cda.nonXmlBody?.content.kind).toBe('pdf');
    expect(cda.nonXmlBody?.content.kind === 'pdf' && cda.nonXmlBody.content.bytes.equals(pdf)).toBe(true);
    expect(blocksText(cda.sections[0]!.blocks)).toBe(message('documents.render.body.embeddedPdf'));
  });

  it('says that a reference is an external file, naming it', () => {
    const cda = read('mediaType="application/pdf"', '<reference value="http://example.org/scan-0042.pdf"/>');
    expect(cda.nonXmlBody).toMatchObject({
      reference: 'http://example.org/scan-0042.pdf',
      content: { kind: 'none' },
    });
    const text = blocksText(cda.sections[0]!.blocks);
    expect(text).toContain('external file (reference): http://example.org/scan-0042.pdf (application/pdf)');
  });

  it('says what it cannot show: invalid base64, another media type, an empty body', () => {
    expect(shown('mediaType="application/pdf" representation="B64"', 'JVBERi0x!!not base64')).toBe(
      message('documents.render.body.badBase64', { mediaType: 'application/pdf' }),
    );
    expect(shown('mediaType="image/jpeg" representation="B64"', b64('jpeg'))).toBe(
      message('documents.render.body.unsupported', { mediaType: 'image/jpeg' }),
    );
    expect(shown('mediaType="text/plain"', '   ')).toBe(message('documents.render.body.empty'));
  });

  it('does not decode a body larger than the bound', () => {
    const xml = `<nonXMLBody xmlns="urn:hl7-org:v3"><text mediaType="text/plain" representation="B64">${b64('x'.repeat(300))}</text></nonXMLBody>`;
    const body = readNonXmlBody(parseXml(xml).root, 100);
    expect(body.content).toEqual({ kind: 'unreadable', problem: 'tooLarge' });
    const inflated = `<nonXMLBody xmlns="urn:hl7-org:v3"><text mediaType="text/plain" representation="B64" compression="GZ">${b64(gzipSync('y'.repeat(5000)))}</text></nonXMLBody>`;
    expect(readNonXmlBody(parseXml(inflated).root, 1000).content).toEqual({
      kind: 'unreadable',
      problem: 'tooLarge',
    });
  });

  it('reads the header beside it as for any CDA', () => {
    const cda = read('mediaType="text/plain"', 'x');
    expect(cda.header.patient).toMatchObject({ name: 'Myra Quennell', mrn: 'DOC-4471', gender: 'F' });
    expect(cda.header.legalAuthenticator).toEqual({ name: 'Dr. Lucan Ferrow', time: '20240116120000-0500' });
  });
});
