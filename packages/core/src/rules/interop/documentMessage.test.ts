import { describe, expect, it } from 'vitest';
import {
  base64,
  buildDocumentMessage,
  type DocumentMessageFacts,
  documentMessageType,
  escapeHl7,
  unescapeHl7,
} from './documentMessage.js';

const facts = (
  over: Partial<DocumentMessageFacts['document']> = {},
  more: Partial<DocumentMessageFacts> = {},
) =>
  ({
    messageType: 'MDM',
    controlId: 'QD42',
    facility: 'GENHOSP',
    at: new Date('2026-12-05T10:20:30Z'),
    patient: {
      mrn: 'MRN-7',
      lastName: "O'Brien",
      firstName: 'Ann',
      middleName: null,
      dateOfBirth: '1960-02-29',
      sex: 'f',
    },
    visit: { number: 'V100', patientClass: 'I' },
    document: {
      type: 'Consultation',
      uniqueNumber: '12-3',
      parentNumber: null,
      relation: null,
      activityAt: new Date('2026-12-01T08:00:00Z'),
      originator: { id: '9', lastName: 'House', firstName: 'Greg', prefix: 'Dr.' },
      authentications: [
        { id: '9', lastName: 'House', firstName: 'Greg', signedAt: new Date('2026-12-02T09:00:00Z') },
      ],
      preliminary: false,
      ...over,
    },
    content: { pdf: bytes('%PDF-1.7 test'), text: null },
    ...more,
  }) satisfies DocumentMessageFacts;

const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const segmentsOf = (m: string) => m.split('\r').map((s) => s.split('|'));
const seg = (m: string, name: string) => segmentsOf(m).filter((s) => s[0] === name);

describe('escapeHl7', () => {
  it('escapes every delimiter and the escape character, and line breaks, reversibly', () => {
    const text = 'a|b^c&d~e\\f\r\ng\nh';
    const escaped = escapeHl7(text);
    expect(escaped).toBe('a\\F\\b\\S\\c\\T\\d\\R\\e\\E\\f\\.br\\g\\.br\\h');
    expect(escaped).not.toMatch(/[|^&~\r\n]/);
    expect(unescapeHl7(escaped)).toBe('a|b^c&d~e\\f\ng\nh');
  });
});

describe('base64', () => {
  it('encodes with padding as RFC 4648 says', () => {
    expect(['', 'f', 'fo', 'foo', 'foob', 'fooba', 'foobar'].map((s) => base64(bytes(s)))).toEqual([
      '',
      'Zg==',
      'Zm8=',
      'Zm9v',
      'Zm9vYg==',
      'Zm9vYmE=',
      'Zm9vYmFy',
    ]);
    expect(base64(Uint8Array.of(0, 255, 254, 62, 63))).toBe('AP/+Pj8=');
  });
});

describe('buildDocumentMessage', () => {
  it('an original signed document: MDM^T02 with MSH, EVN, PID, PV1, TXA authenticated by the signer, the PDF in OBX-5', () => {
    const m = buildDocumentMessage(facts());
    expect(segmentsOf(m).map((s) => s[0])).toEqual(['MSH', 'EVN', 'PID', 'PV1', 'TXA', 'OBX']);
    const [msh] = seg(m, 'MSH');
    expect(msh!.slice(1, 12)).toEqual([
      '^~\\&',
      'QUILL',
      'GENHOSP',
      '',
      'GENHOSP',
      '20261205102030+0000',
      '',
      'MDM^T02^MDM_T02',
      'QD42',
      'P',
      '2.5.1',
    ]);
    const [pid] = seg(m, 'PID');
    expect([pid![3], pid![5], pid![7], pid![8]]).toEqual(['MRN-7^^^^MR', "O'Brien^Ann", '19600229', 'F']);
    expect(seg(m, 'PV1')[0]![2]).toBe('I');
    expect(seg(m, 'PV1')[0]![19]).toBe('V100');
    const [txa] = seg(m, 'TXA');
    expect(txa![2]).toBe('Consultation');
    expect(txa![9]).toBe('9^House^Greg^^^Dr.');
    expect(txa![12]).toBe('12-3^QUILL');
    expect(txa![13] ?? '').toBe('');
    expect(txa![17]).toBe('AU');
    expect(txa![22]!.split('^')).toEqual([
      '9',
      'House',
      'Greg',
      ...Array(11).fill(''),
      '20261202090000+0000',
    ]);
    const [obx] = seg(m, 'OBX');
    const ed = obx![5]!.split('^');
    expect([obx![2], ed[1], ed[2], ed[3]]).toEqual(['ED', 'application', 'pdf', 'Base64']);
    expect(ed[4]).toBe('JVBERi0xLjcgdGVzdA==');
    expect(obx![11]).toBe('F');
  });

  it('an addendum is MDM^T10 naming its parent; an edit T08; a preliminary copy PA', () => {
    const addendum = buildDocumentMessage(facts({ relation: 'addendum', parentNumber: '12-2' }));
    expect(seg(addendum, 'MSH')[0]![8]).toBe('MDM^T10^MDM_T02');
    expect(seg(addendum, 'EVN')[0]![1]).toBe('T10');
    expect(seg(addendum, 'TXA')[0]![13]).toBe('12-2^QUILL');
    expect(documentMessageType(facts({ relation: 'edit', parentNumber: '12-2' }))).toBe('MDM^T08');
    const prelim = buildDocumentMessage(facts({ preliminary: true, authentications: [] }));
    expect(seg(prelim, 'TXA')[0]![17]).toBe('PA');
    expect(seg(prelim, 'OBX')[0]![11]).toBe('P');
  });

  it('text with HL7 delimiters and newlines: one TX line each, escaped, no segment broken', () => {
    const text = 'Plan: A|B ^ C & D ~ E \\ F\n\nSecond line\r\n\n';
    const m = buildDocumentMessage({ ...facts(), content: { pdf: null, text } });
    const obx = seg(m, 'OBX');
    expect(obx.map((o) => o[2])).toEqual(['TX', 'TX', 'TX']);
    expect(obx.map((o) => unescapeHl7(o[5]!))).toEqual(['Plan: A|B ^ C & D ~ E \\ F', '', 'Second line']);
    expect(segmentsOf(m).every((s) => /^[A-Z][A-Z0-9]{2}$/.test(s[0]!))).toBe(true);
    expect(seg(m, 'TXA')[0]![3]).toBe('TX');
  });

  it('ORU^R01: MSH, PID, PV1, OBR with the document number and status, then OBX', () => {
    const m = buildDocumentMessage(facts({}, { messageType: 'ORU' }));
    expect(segmentsOf(m).map((s) => s[0])).toEqual(['MSH', 'PID', 'PV1', 'OBR', 'OBX']);
    expect(seg(m, 'MSH')[0]![8]).toBe('ORU^R01^ORU_R01');
    const [obr] = seg(m, 'OBR');
    expect([obr![3], obr![4], obr![25], obr![32]]).toEqual([
      '12-3^QUILL',
      'Consultation^Consultation^L',
      'F',
      '9&House&Greg',
    ]);
  });
});
