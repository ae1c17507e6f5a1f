import { describe, expect, it } from 'vitest';
import { cdaFixtures } from '../../testing/documents/cdaFixtures.js';
import { scanXml } from './edit/xmlScanner.js';
import { readCda } from './readCda.js';
import { type CdaSigner, signatureElement, signCdaHeader } from './signatureHeader.js';
import { HL7_V3 } from './xmlTree.js';

const person = {
  prefix: 'Dr.',
  firstName: 'Zoë',
  middleInitial: 'K',
  lastName: 'Ångström & Co',
  suffix: null,
  credentials: 'MD',
};
const author: CdaSigner = {
  meaning: 'author',
  signedAt: new Date('2026-03-04T15:30:00Z'),
  physicianId: 41,
  person,
};
const coSigner: CdaSigner = {
  meaning: 'co-signer',
  signedAt: new Date('2026-03-05T08:00:00Z'),
  physicianId: 42,
  person: { ...person, prefix: null, firstName: 'Bo', middleInitial: null, lastName: 'Ek' },
};

/** The HL7 children of the root, by local name, in document order. */
const headerOrder = (bytes: Buffer) =>
  scanXml(bytes.toString('latin1'))
    .children.filter((c) => c.ns === HL7_V3)
    .map((c) => c.local);

/** `bytes` without the first `[start, end)` of each element named (latin1 offsets = byte offsets). */
function without(bytes: Buffer, locals: string[], skipLine: boolean): Buffer {
  const xml = bytes.toString('latin1');
  const cut = scanXml(xml)
    .children.filter((c) => locals.includes(c.local))
    .map((c) => {
      // An inserted element took its own line: the newline and indentation after it go with it.
      const tail = skipLine ? (/^\r?\n[ \t]*/.exec(xml.slice(c.end))?.[0].length ?? 0) : 0;
      return [c.start, c.end + tail] as const;
    });
  let out = xml;
  for (const [start, end] of cut.reverse()) out = out.slice(0, start) + out.slice(end);
  return Buffer.from(out, 'latin1');
}

const ns = 'urn:hl7-org:v3';
/** Another shape than the C-CDA samples: a prefixed namespace, ISO-8859-1, no legal authenticator. */
const prefixedLatin1 = Buffer.from(
  `<?xml version="1.0" encoding="ISO-8859-1"?>\r
<!-- exported by a dictation system -->\r
<cda:ClinicalDocument xmlns:cda="${ns}" xmlns:sdtc="urn:hl7-org:sdtc">\r
    <cda:typeId root="2.16.840.1.113883.1.3" extension="POCD_HD000040"/>\r
    <cda:id root="1.2.3" extension="é-1"/>\r
    <cda:code code="11506-3" codeSystem="2.16.840.1.113883.6.1"/>\r
    <cda:title>Note de suivi</cda:title>\r
    <cda:effectiveTime value="20260304"/>\r
    <cda:confidentialityCode code="N"/>\r
    <cda:recordTarget><cda:patientRole><cda:id extension="M1" root="1.2"/></cda:patientRole></cda:recordTarget>\r
    <cda:author><cda:time value="20260304"/><cda:assignedAuthor><cda:id root="1.3"/></cda:assignedAuthor></cda:author>\r
    <cda:custodian><cda:assignedCustodian><cda:representedCustodianOrganization><cda:id root="1.4"/></cda:representedCustodianOrganization></cda:assignedCustodian></cda:custodian>\r
    <sdtc:statusCode code="completed"/>\r
    <cda:participant typeCode="IND"><cda:associatedEntity classCode="PRS"/></cda:participant>\r
    <cda:documentationOf><cda:serviceEvent classCode="PCPR"/></cda:documentationOf>\r
    <cda:component><cda:structuredBody><cda:component><cda:section><cda:title>Plan</cda:title><cda:text>Revoir à 2 semaines.</cda:text></cda:section></cda:component></cda:structuredBody></cda:component>\r
</cda:ClinicalDocument>\r
`,
  'latin1',
);

describe('signCdaHeader: Quill’s signatures in the CDA header (issue 43)', () => {
  it('writes a legalAuthenticator with the time, signatureCode S and the physician, in ASCII', () => {
    expect(signatureElement(author, 'legalAuthenticator')).toBe(
      '<legalAuthenticator><time value="20260304153000+0000"/><signatureCode code="S"/><assignedEntity>' +
        '<id root="2.16.840.1.113883.19.5.99999.4" extension="41"/><assignedPerson><name><prefix>Dr.</prefix>' +
        '<given>Zo&#235;</given><given>K</given><family>&#197;ngstr&#246;m &amp; Co</family><suffix>MD</suffix>' +
        '</name></assignedPerson></assignedEntity></legalAuthenticator>',
    );
  });

  it('leaves an unsigned document byte for byte as stored, its legal authenticator kept', () => {
    for (const { bytes } of cdaFixtures()) expect(signCdaHeader(bytes, []).equals(bytes)).toBe(true);
    expect(signCdaHeader(prefixedLatin1, []).equals(prefixedLatin1)).toBe(true);
  });

  for (const { name, bytes } of cdaFixtures()) {
    it(`replaces the dictation system’s legal authenticator of ${name} and adds the co-signature, nothing else changed`, () => {
      const served = signCdaHeader(bytes, [author, coSigner]);
      // The stored and the served differ only by those elements.
      const signers = ['legalAuthenticator', 'authenticator'];
      expect(without(served, signers, true).equals(without(bytes, signers, true))).toBe(true);
      const order = headerOrder(served);
      const authenticators = order.flatMap((local, i) => (local === 'authenticator' ? [i] : []));
      expect(authenticators).toHaveLength(2);
      // Ours is the last authenticator, right after the document's own (which stays).
      const servedXml = served.toString('latin1');
      expect(servedXml).toContain(signatureElement(coSigner, 'authenticator'));
      expect(servedXml.indexOf(signatureElement(coSigner, 'authenticator'))).toBeGreaterThan(
        servedXml.indexOf('<authenticator>'),
      );
      expect(order.indexOf('legalAuthenticator')).toBe(authenticators[0]! - 1);
      expect(order.slice(authenticators[1]! + 1)).not.toContain('recordTarget');
      expect(readCda(served).header.legalAuthenticator?.name).toContain('Ångström & Co');
      expect(readCda(served).header.legalAuthenticator?.time).toBe('20260304153000+0000');
    });
  }

  it('inserts into a prefixed ISO-8859-1 document where the schema orders them, every other byte kept', () => {
    const served = signCdaHeader(prefixedLatin1, [author, coSigner]);
    const removed = without(served, ['legalAuthenticator', 'authenticator'], true);
    expect(removed.equals(prefixedLatin1)).toBe(true);
    expect(headerOrder(served)).toEqual([
      'typeId',
      'id',
      'code',
      'title',
      'effectiveTime',
      'confidentialityCode',
      'recordTarget',
      'author',
      'custodian',
      'legalAuthenticator',
      'authenticator',
      'participant',
      'documentationOf',
      'component',
    ]);
    const xml = served.toString('latin1');
    // The document's prefix and line ends, each element on a line of its own at the indentation of
    // the next; an extension of another namespace (sdtc) stays where it was.
    expect(xml).toContain(
      `<sdtc:statusCode code="completed"/>\r\n    ${signatureElement(author, 'legalAuthenticator', 'cda:')}\r\n    ${signatureElement(coSigner, 'authenticator', 'cda:')}\r\n    <cda:participant`,
    );
    const read = readCda(served);
    expect(read.header.legalAuthenticator?.name).toContain('Zoë K Ångström & Co');
    expect(read.sections[0]?.title).toBe('Plan');
  });

  it('keeps the dictation system’s legal authenticator when Quill has only a co-signature', () => {
    const { bytes } = cdaFixtures()[0]!;
    const served = signCdaHeader(bytes, [coSigner]);
    expect(without(served, ['authenticator'], true).equals(without(bytes, ['authenticator'], true))).toBe(
      true,
    );
    expect(readCda(served).header.legalAuthenticator).toEqual(readCda(bytes).header.legalAuthenticator);
  });

  it('serves what it cannot place as stored: UTF-16 text, a root that is not a ClinicalDocument', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<ClinicalDocument/>', 'utf16le')]);
    expect(signCdaHeader(utf16, [author]).equals(utf16)).toBe(true);
    const other = Buffer.from(`<Document xmlns="${ns}"><id/></Document>`);
    expect(signCdaHeader(other, [author]).equals(other)).toBe(true);
  });
});
