import { describe, expect, it } from 'vitest';
import { cdaFixtures } from '../testing/documents/cdaFixtures.js';
import {
  DEFAULT_DOCUMENT_LIMITS,
  type DocumentLimitError,
  type DocumentLimits,
  ForbiddenMarkupError,
} from './limits.js';
import { guardXml, XmlGuard } from './xmlGuard.js';

const limits: DocumentLimits = { ...DEFAULT_DOCUMENT_LIMITS, maxElements: 10, maxAttributes: 3, maxDepth: 4 };

function refusal(xml: string, chunk = xml.length): unknown {
  const guard = new XmlGuard(limits, 'the test document');
  try {
    for (let i = 0; i < xml.length; i += chunk) guard.push(xml.slice(i, i + chunk));
  } catch (err) {
    return err;
  }
  return null;
}

describe('XmlGuard', () => {
  it('passes every shared CDA fixture within the default limits', () => {
    for (const f of cdaFixtures())
      expect(() => guardXml(f.bytes.toString('utf8'), DEFAULT_DOCUMENT_LIMITS, f.name)).not.toThrow();
  });

  it.each([1, 2, 3, 7, 1000])('counts elements, attributes and depth the same in chunks of %i', (chunk) => {
    const fine = `<?xml version="1.0"?><!-- <a><b><c><d><e> --><a x="1>" y='<b>'><b/><b><c><![CDATA[<x><y><z>]]></c></b></a>`;
    expect(refusal(fine, chunk)).toBeNull();
    expect((refusal('<a><b><c><d><e/></d></c></b></a>', chunk) as DocumentLimitError).limit).toBe('maxDepth');
    expect((refusal(`<a>${'<b/>'.repeat(10)}</a>`, chunk) as DocumentLimitError).limit).toBe('maxElements');
    expect((refusal('<a p="1" q="2" r="3" s="4"/>', chunk) as DocumentLimitError).limit).toBe(
      'maxAttributes',
    );
    expect(refusal('<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>', chunk)).toBeInstanceOf(ForbiddenMarkupError);
  });

  it('counts self-closed siblings at one depth, however deep the document runs on', () => {
    expect(refusal(`<a>${'<b/>'.repeat(8)}</a>`)).toBeNull();
    expect((refusal('<a><b><c><d></d></c></b></a>') as DocumentLimitError | null)?.limit).toBeUndefined();
  });

  it('stops at the size bound, naming the setting', () => {
    const err = refusal('x'.repeat(DEFAULT_DOCUMENT_LIMITS.maxXmlBytes + 1)) as DocumentLimitError;
    expect(err.setting).toBe('DOCUMENT_MAX_XML_BYTES');
    expect(err.isSize).toBe(true);
  });
});
