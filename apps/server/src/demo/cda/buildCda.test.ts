import { DOC_TEMPLATES, type DocTemplateKey } from '@quill/core';
import { describe, expect, it } from 'vitest';
import { buildCda, type CdaInput } from '../../documents/cda/build/buildCda.js';
import { assertWellFormedXml } from '../../documents/cda/build/wellFormed.js';
import { renderDocument } from '../documents.js';
import type { FacilityModel, PatientModel, PhysicianModel } from '../model.js';
import { MEDICAL } from '../pools/conditions.js';
import { rngFor } from '../prng.js';
import { composeSections, person } from './narrative.js';

const base: CdaInput = {
  id: 'T-1',
  docTemplateId: '2.16.840.1.113883.10.20.22.1.9',
  loinc: '11506-3',
  loincDisplay: 'Progress note',
  title: 'Progress Note',
  effectiveTime: Date.parse('2026-10-20T15:30:00Z'),
  patient: {
    mrn: '00012345',
    given: ['Ana', 'María'],
    family: "O'Brien & Núñez",
    gender: 'F',
    birthDate: '1961-04-09',
  },
  author: { id: '1001', prefix: 'Dr.', given: ['Kwame'], family: 'Obi', credentials: 'MD' },
  custodian: { id: 'CF01', name: 'Ashbury Community Hospital' },
  sections: [
    {
      templateId: '2.16.840.1.113883.10.20.22.2.8',
      code: '51848-0',
      displayName: 'Evaluation note',
      title: 'ASSESSMENT',
      blocks: [
        { kind: 'paragraph', parts: [{ bold: 'BP <90/60 & dropping' }, ' — call the "rapid response" team'] },
        { kind: 'list', ordered: true, items: [['Creatinine < 1.2 mg/dL'], ['Na 133 & K 5.0']] },
        { kind: 'br' },
        {
          kind: 'table',
          head: ['Test', 'Result'],
          rows: [
            ['Troponin', '<0.01'],
            ['Comment', ''],
          ],
        },
      ],
    },
    {
      templateId: '2.16.840.1.113883.10.20.22.2.10',
      code: '18776-5',
      displayName: 'Plan of care note',
      title: 'PLAN',
      blocks: [],
    },
  ],
};

describe('buildCda', () => {
  it('writes a well-formed C-CDA document with header and every section', () => {
    const xml = buildCda(base);
    assertWellFormedXml(xml);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<ClinicalDocument xmlns="urn:hl7-org:v3"');
    expect(xml).toContain('xmlns:sdtc="urn:hl7-org:sdtc"');
    expect(xml).toContain('<typeId root="2.16.840.1.113883.1.3" extension="POCD_HD000040"/>');
    expect(xml).toContain('code="11506-3"');
    expect(xml.match(/<section>/g)).toHaveLength(2);
    expect(xml).toContain('<title>ASSESSMENT</title>');
    expect(xml).toContain('<text/>');
    expect(xml).toContain('<content styleCode="Bold">');
    expect(xml).toContain('<given>Ana</given>');
  });

  it('escapes < and & in narrative text and names', () => {
    const xml = buildCda(base);
    expect(xml).toContain('BP &lt;90/60 &amp; dropping');
    expect(xml).toContain('<family>O&apos;Brien &amp; Núñez</family>');
    expect(xml).toContain('<td>&lt;0.01</td>');
    expect(xml).not.toContain('BP <90');
  });

  it('words the patient age by the age display rule, never "0-year-old"', () => {
    expect(person({ age: { value: 62, unit: 'years' }, sex: 'F' })).toBe('62-year-old woman');
    expect(person({ age: { value: 7, unit: 'months' }, sex: 'M' })).toBe('7-month-old boy');
    expect(person({ age: { value: 3, unit: 'weeks' }, sex: 'F' })).toBe('3-week-old girl');
    expect(person({ age: { value: 0, unit: 'days' }, sex: 'M' })).toBe('newborn boy');
    expect(person({ age: { value: 12, unit: 'years' }, sex: 'U' })).toBe('12-year-old patient');
  });

  it('composes 4–8 sections for every template, deterministically', () => {
    const context = {
      condition: MEDICAL[0]!,
      age: { value: 67, unit: 'years' as const },
      sex: 'M' as const,
      date: Date.parse('2026-10-01'),
      referrerName: 'Dr. A B',
    };
    for (const key of Object.keys(DOC_TEMPLATES) as DocTemplateKey[]) {
      for (let seed = 0; seed < 20; seed++) {
        const sections = composeSections(key, context, rngFor('t', key, seed));
        expect(sections.length).toBeGreaterThanOrEqual(4);
        expect(sections.length).toBeLessThanOrEqual(8);
        expect(composeSections(key, context, rngFor('t', key, seed))).toEqual(sections);
      }
    }
  });

  it('renders realistic demo documents of about 4–10 KB that match the patient', () => {
    const patient: PatientModel = {
      id: 1,
      index: 7,
      structureId: 1,
      homeFacilityIndex: 0,
      mrn: '02000049',
      firstName: 'Esther',
      middleName: null,
      lastName: 'Lindqvist',
      dateOfBirth: '1950-02-03',
      sex: 'F',
      phone: '(617) 555-0101',
      ssn: '912-34-5678',
      address: { street: '12 Mill Street', city: 'Ashbury', state: 'MA', postalCode: '01234' },
      visits: [],
    };
    const author = {
      id: 3,
      accessCode: '1003',
      prefix: 'Dr.',
      firstName: 'Leon',
      lastName: 'Park',
      credentials: 'MD',
      telephone: '(617) 555-0102',
    } as PhysicianModel;
    const facility = {
      code: 'MVH-CF01',
      name: 'Ashbury Community Hospital',
      faxNumber: '(617) 555-0103',
    } as FacilityModel;
    for (const template of Object.keys(DOC_TEMPLATES) as DocTemplateKey[]) {
      const spec = {
        key: `7-${template}-CDA`,
        format: 'CDA' as const,
        template,
        patient,
        author,
        facility,
        visit: undefined,
        date: Date.parse('2026-10-02T14:00:00Z'),
        variant: 'normal' as const,
        referrer: author,
      };
      const bytes = renderDocument(spec);
      const xml = bytes.toString('utf8');
      assertWellFormedXml(xml);
      expect(bytes.length).toBeGreaterThan(3500);
      expect(bytes.length).toBeLessThan(10_500);
      expect(xml).toContain('<given>Esther</given>');
      expect(xml).toContain('<family>Lindqvist</family>');
      expect(renderDocument(spec).equals(bytes)).toBe(true);
      const mismatch = renderDocument({ ...spec, key: `${spec.key}-x`, variant: 'nameMismatch' }).toString(
        'utf8',
      );
      expect(mismatch).not.toContain('<given>Esther</given>');
      const empty = renderDocument({ ...spec, key: `${spec.key}-y`, variant: 'emptySection' }).toString(
        'utf8',
      );
      expect(empty).toContain('<text/>');
    }
  });
});

describe('assertWellFormedXml', () => {
  it('rejects what is not well-formed', () => {
    expect(() => assertWellFormedXml('<a><b></a></b>')).toThrow();
    expect(() => assertWellFormedXml('<a>x < y</a>')).toThrow();
    expect(() => assertWellFormedXml('<a>fish & chips</a>')).toThrow();
    expect(() => assertWellFormedXml('<a x="1" x="2"/>')).toThrow();
    expect(() => assertWellFormedXml('<a/><b/>')).toThrow();
    expect(() => assertWellFormedXml('<a>')).toThrow();
    expect(() =>
      assertWellFormedXml('<?xml version="1.0"?><a b="&amp;">&#169; &lt;ok&gt;<!-- c --></a>'),
    ).not.toThrow();
  });
});
