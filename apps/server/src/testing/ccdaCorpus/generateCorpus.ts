import { random } from '../random.js';

/**
 * Tests only: a seeded, deterministic corpus of C-CDA documents written the ways EHR vendors write
 * their narrative — our own text, no vendor's document copied. Each "vendor style" is one habit of
 * markup seen in real exports: headers in thead/th or in a first row of td, tbody-only tables,
 * row-spanned vital signs, column-spanned group headings, narrow columns of 9-digit SNOMED codes,
 * lot numbers, dates and units, long drug names, nested lists, content with IDs that entries point
 * at, styleCode, border="0" layout tables, empty sections, tables long enough to span pages, and
 * a nonXMLBody of plain text.
 */
export interface GeneratedDocument {
  name: string;
  style: VendorStyle;
  xml: string;
}

export const VENDOR_STYLES = [
  'theadTh',
  'firstRowTd',
  'tbodyOnly',
  'rowspanVitals',
  'colspanGroups',
  'narrowCodes',
  'layoutTables',
  'longTables',
  'nestedLists',
  'nonXmlBody',
] as const;
export type VendorStyle = (typeof VENDOR_STYLES)[number];

type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
const digits = (rng: Rng, n: number) =>
  String(int(rng, 1, 9)) + Array.from({ length: n - 1 }, () => String(int(rng, 0, 9))).join('');
const pad = (n: number) => String(n).padStart(2, '0');
const usDate = (rng: Rng) => `${pad(int(rng, 1, 12))}/${pad(int(rng, 1, 28))}/${int(rng, 2009, 2024)}`;
const isoDate = (rng: Rng) => `${int(rng, 2009, 2024)}-${pad(int(rng, 1, 12))}-${pad(int(rng, 1, 28))}`;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const DRUGS = [
  'Amoxicillin-clavulanate potassium 875 mg-125 mg oral tablet',
  'Metoprolol succinate extended-release 24 hr 50 mg oral tablet',
  'Insulin glargine-yfgn 100 unit/mL subcutaneous solution pen-injector',
  'Hydrochlorothiazide 12.5 mg oral capsule',
  'Atorvastatin calcium 40 mg oral tablet',
  'Fluticasone propionate/salmeterol 250-50 mcg/dose inhalation powder',
  'Levothyroxine sodium 88 mcg oral tablet',
  'Acetaminophen 325 mg / hydrocodone bitartrate 5 mg oral tablet',
  'Sitagliptin phosphate/metformin hydrochloride 50-1,000 mg tablet',
  'Lisinopril 10 mg oral tablet',
];
const PROBLEMS = [
  'Essential hypertension',
  'Type 2 diabetes mellitus without complication',
  'Chronic obstructive pulmonary disease',
  'Hyperlipidemia',
  'Gastroesophageal reflux disease',
  'Osteoarthritis of right knee',
  'Major depressive disorder, recurrent, moderate',
  'Iron deficiency anemia secondary to chronic blood loss',
];
const STATUS = ['Active', 'Completed', 'Resolved', 'Inactive', 'Discontinued', 'Held'];
const UNITS = ['mg/dL', 'mmol/L', 'g/dL', '10*3/uL', 'mEq/L', 'U/L', 'ng/mL', '%'];
const LABS = [
  'Hemoglobin A1c/Hemoglobin.total in Blood',
  'Glucose [Mass/volume] in Serum or Plasma',
  'Creatinine [Mass/volume] in Serum or Plasma',
  'Sodium [Moles/volume] in Serum or Plasma',
  'Potassium [Moles/volume] in Serum or Plasma',
  'Leukocytes [#/volume] in Blood by Automated count',
  'Cholesterol in LDL [Mass/volume] in Serum or Plasma by Direct assay',
];
const VACCINES = [
  'Influenza, seasonal, injectable, preservative free',
  'Tetanus and diphtheria toxoids and acellular pertussis vaccine (Tdap)',
  'Pneumococcal conjugate vaccine, 20 valent',
  'Hepatitis B vaccine, adult dosage',
  'COVID-19, mRNA, LNP-S, PF, 30 mcg/0.3 mL dose',
];
const WORDS = (
  'patient reports intermittent substernal discomfort radiating to the left arm relieved by rest ' +
  'denies dyspnea orthopnea palpitations or syncope follow-up arranged with cardiology within two ' +
  'weeks continue current regimen counselled on diet exercise and smoking cessation tolerating ' +
  'medications well without adverse effects wound clean dry intact sutures removed today'
).split(' ');
const sentence = (rng: Rng, n: number) => {
  const words = Array.from({ length: n }, () => pick(rng, WORDS));
  words[0] = words[0]![0]!.toUpperCase() + words[0]!.slice(1);
  return `${words.join(' ')}.`;
};

/** A table's markup from rows of cells; `th` for header cells, attributes as given. */
interface Cell {
  text: string;
  th?: boolean;
  rowspan?: number;
  colspan?: number;
  id?: string;
  styleCode?: string;
}
function cellXml(c: Cell): string {
  const tag = c.th ? 'th' : 'td';
  const attrs = [
    c.id ? ` ID="${c.id}"` : '',
    c.rowspan ? ` rowspan="${c.rowspan}"` : '',
    c.colspan ? ` colspan="${c.colspan}"` : '',
    c.styleCode ? ` styleCode="${c.styleCode}"` : '',
  ].join('');
  const body = c.id ? `<content ID="${c.id}c">${esc(c.text)}</content>` : esc(c.text);
  return `<${tag}${attrs}>${body}</${tag}>`;
}
const rowXml = (cells: Cell[]) => `<tr>${cells.map(cellXml).join('')}</tr>`;

type HeaderMode = 'thead' | 'firstRowTd' | 'tbodyTh';
function table(head: Cell[][], body: Cell[][], mode: HeaderMode, attrs = ' border="1" width="100%"'): string {
  if (mode === 'thead')
    return `<table${attrs}><thead>${head.map((r) => rowXml(r.map((c) => ({ ...c, th: true })))).join('')}</thead><tbody>${body.map(rowXml).join('\n')}</tbody></table>`;
  if (mode === 'tbodyTh')
    return `<table${attrs}><tbody>${[...head.map((r) => r.map((c) => ({ ...c, th: true }))), ...body].map(rowXml).join('\n')}</tbody></table>`;
  return `<table${attrs}>${[...head, ...body].map(rowXml).join('\n')}</table>`;
}

interface Section {
  title: string;
  code: string;
  text: string;
}

function medications(rng: Rng, mode: HeaderMode, n: number): Section {
  const head = [['Medication', 'Sig', 'Start Date', 'Status', 'RxNorm'].map((text) => ({ text }))];
  const body = Array.from({ length: n }, (_, i) => [
    { text: pick(rng, DRUGS), id: `med${i + 1}` },
    { text: `Take ${int(rng, 1, 2)} tablet by mouth ${pick(rng, ['daily', 'twice daily', 'at bedtime'])}` },
    { text: usDate(rng) },
    { text: pick(rng, STATUS), styleCode: rng() < 0.3 ? 'Bold' : undefined },
    { text: digits(rng, int(rng, 6, 7)) },
  ]);
  return { title: 'Medications', code: '10160-0', text: table(head, body, mode) };
}

function problems(rng: Rng, mode: HeaderMode, n: number): Section {
  const head = [['Problem', 'SNOMED CT', 'Onset', 'Status'].map((text) => ({ text }))];
  const body = Array.from({ length: n }, (_, i) => [
    { text: pick(rng, PROBLEMS), id: `prob${i + 1}` },
    { text: digits(rng, 9) },
    { text: isoDate(rng) },
    { text: pick(rng, STATUS) },
  ]);
  return { title: 'Problem List', code: '11450-4', text: table(head, body, mode) };
}

/** Problems with the code in a column of its own beside long descriptions: the code column is narrow. */
function problemsDetailed(rng: Rng, mode: HeaderMode, n: number): Section {
  const head = [
    ['Group Description', 'Code System', 'Code', 'Code Description', 'Date and Time', 'Status'].map(
      (text) => ({
        text,
      }),
    ),
  ];
  const body = Array.from({ length: n }, () => {
    const problem = pick(rng, PROBLEMS);
    return [
      { text: problem },
      { text: 'SNOMED-CT' },
      { text: digits(rng, 9) },
      { text: `${problem}, ${sentence(rng, int(rng, 2, 6)).toLowerCase()}` },
      {
        text: `${pad(int(rng, 1, 12))}-${pad(int(rng, 1, 28))}-${int(rng, 2009, 2024)} ${pad(int(rng, 0, 23))}:00:00`,
      },
      { text: pick(rng, ['Completed', 'Active', 'Resolved']) },
    ];
  });
  return { title: 'Problems', code: '11450-4', text: table(head, body, mode) };
}

/** Vital signs as many vendors write them: one date cell spanning the rows of its measurements. */
function rowspanVitals(rng: Rng, mode: HeaderMode, visits: number): Section {
  const head = [['Date', 'Test', 'Details'].map((text) => ({ text }))];
  const tests: [string, () => string][] = [
    ['Weight', () => `${int(rng, 50, 120)} kg`],
    ['Height', () => `${int(rng, 150, 200)} cm`],
    ['Blood Pressure', () => `${int(rng, 100, 160)}/${int(rng, 60, 95)} mm[Hg]`],
    ['Pulse', () => `${int(rng, 55, 110)} /min`],
    ['BMI', () => `${int(rng, 18, 40)}.${int(rng, 0, 9)} kg/m2`],
    ['SpO2', () => `${int(rng, 90, 100)} %`],
  ];
  const body: Cell[][] = [];
  for (let v = 0; v < visits; v++) {
    const n = int(rng, 2, tests.length);
    const date = `${usDate(rng)} ${pad(int(rng, 7, 18))}:${pad(int(rng, 0, 59))}`;
    for (let i = 0; i < n; i++) {
      const [name, value] = tests[i]!;
      const row: Cell[] = [{ text: name }, { text: value(), id: `vit${v}_${i}` }];
      body.push(i === 0 ? [{ text: date, rowspan: n }, ...row] : row);
    }
  }
  return { title: 'Vital Signs', code: '8716-3', text: table(head, body, mode) };
}

/** Results with a group heading over two columns and a panel name spanning its rows. */
function colspanResults(rng: Rng, mode: HeaderMode, panels: number): Section {
  const head: Cell[][] = [
    [
      { text: 'Panel', rowspan: 2 },
      { text: 'Component', rowspan: 2 },
      { text: 'Result', colspan: 2 },
      { text: 'Reference Range', rowspan: 2 },
    ],
    [{ text: 'Value' }, { text: 'Unit' }],
  ];
  const body: Cell[][] = [];
  for (let p = 0; p < panels; p++) {
    const n = int(rng, 1, 4);
    for (let i = 0; i < n; i++) {
      const unit = pick(rng, UNITS);
      const row: Cell[] = [
        { text: pick(rng, LABS) },
        { text: `${int(rng, 1, 300)}.${int(rng, 0, 9)}` },
        { text: unit },
        { text: `${int(rng, 1, 50)}-${int(rng, 60, 400)} ${unit}` },
      ];
      body.push(i === 0 ? [{ text: `Panel ${digits(rng, 5)}-${int(rng, 1, 9)}`, rowspan: n }, ...row] : row);
    }
    if (rng() < 0.5) body.push([{ text: `Comment: ${sentence(rng, int(rng, 6, 14))}`, colspan: 5 }]);
  }
  if (mode === 'firstRowTd') {
    // A first-row-of-td header cannot hold two rows: a single row with the spans spelled out.
    const flat = [['Panel', 'Component', 'Value', 'Unit', 'Reference Range'].map((text) => ({ text }))];
    return { title: 'Results', code: '30954-2', text: table(flat, body, mode) };
  }
  return { title: 'Results', code: '30954-2', text: table(head, body, mode) };
}

/** Many narrow columns: codes, lot numbers, dates and units that must stay whole. */
function narrowCodes(rng: Rng, mode: HeaderMode, n: number): Section {
  const head = [
    ['Vaccine', 'CVX', 'Date', 'Lot', 'Dose', 'Unit', 'Route', 'Site', 'NDC', 'SNOMED', 'Status'].map(
      (text) => ({
        text,
      }),
    ),
  ];
  const body = Array.from({ length: n }, () => [
    { text: pick(rng, VACCINES) },
    { text: String(int(rng, 3, 300)) },
    { text: usDate(rng) },
    { text: digits(rng, int(rng, 9, 10)) },
    { text: `0.${int(rng, 1, 9)}` },
    { text: 'mL' },
    { text: pick(rng, ['IM', 'SC', 'PO']) },
    { text: pick(rng, ['LD', 'RD', 'LA']) },
    { text: `${digits(rng, 5)}-${digits(rng, 4)}-${digits(rng, 2)}` },
    { text: digits(rng, 9) },
    { text: pick(rng, ['Completed', 'Refused', 'Not given']) },
  ]);
  return { title: 'Immunizations', code: '11369-6', text: table(head, body, mode) };
}

function layoutTable(rng: Rng): Section {
  const rows = Array.from({ length: int(rng, 3, 6) }, (_, i) => [
    { text: `${pick(rng, ['Provider', 'Location', 'Reason', 'Referred by', 'Follow up'])} ${i + 1}:` },
    { text: sentence(rng, int(rng, 3, 10)) },
  ]);
  return {
    title: 'Encounter Details',
    code: '46240-8',
    text: `<table border="0" cellpadding="2">${rows.map(rowXml).join('')}</table><paragraph>${esc(sentence(rng, 12))}<br/>${esc(sentence(rng, 8))}</paragraph>`,
  };
}

function nestedList(rng: Rng): Section {
  const items = Array.from(
    { length: int(rng, 2, 5) },
    (_, i) =>
      `<item><content styleCode="${pick(rng, ['Bold', 'Italics', 'Underline'])}">${esc(pick(rng, PROBLEMS))}</content>` +
      `<list listType="${pick(rng, ['ordered', 'unordered'])}">${Array.from(
        { length: int(rng, 1, 3) },
        (_, j) => `<item ID="plan${i}_${j}">${esc(sentence(rng, int(rng, 4, 16)))}</item>`,
      ).join('')}</list></item>`,
  ).join('');
  return {
    title: 'Assessment and Plan',
    code: '51847-2',
    text: `<paragraph><caption>Summary</caption>${esc(sentence(rng, 20))}</paragraph><list listType="ordered">${items}</list>`,
  };
}

const empty = (rng: Rng): Section => ({
  title: pick(rng, ['Allergies', 'Procedures', 'Family History']),
  code: pick(rng, ['48765-2', '47519-4', '10157-6']),
  text:
    rng() < 0.5
      ? ''
      : `<paragraph>${pick(rng, ['No known allergies.', 'None recorded.', 'Not on file'])}</paragraph>`,
});

function narrative(rng: Rng): Section {
  return {
    title: 'History of Present Illness',
    code: '10164-2',
    text: Array.from(
      { length: int(rng, 1, 3) },
      () => `<paragraph>${esc(sentence(rng, int(rng, 10, 40)))}</paragraph>`,
    ).join(''),
  };
}

function sectionsFor(style: VendorStyle, rng: Rng): Section[] {
  const modes: HeaderMode[] = ['thead', 'firstRowTd', 'tbodyTh'];
  const mode: HeaderMode =
    style === 'theadTh'
      ? 'thead'
      : style === 'firstRowTd'
        ? 'firstRowTd'
        : style === 'tbodyOnly'
          ? 'tbodyTh'
          : pick(rng, modes);
  const common = [
    narrative(rng),
    medications(rng, mode, int(rng, 2, 6)),
    rng() < 0.5 ? problems(rng, mode, int(rng, 2, 5)) : problemsDetailed(rng, mode, int(rng, 2, 6)),
  ];
  switch (style) {
    case 'rowspanVitals':
      return [...common, rowspanVitals(rng, mode, int(rng, 1, 4))];
    case 'colspanGroups':
      return [...common, colspanResults(rng, mode, int(rng, 1, 4))];
    case 'narrowCodes':
      return [narrative(rng), narrowCodes(rng, mode, int(rng, 2, 6))];
    case 'layoutTables':
      return [layoutTable(rng), ...common, empty(rng)];
    case 'longTables':
      return [
        narrative(rng),
        medications(rng, mode, int(rng, 45, 70)),
        narrowCodes(rng, mode, int(rng, 20, 40)),
      ];
    case 'nestedLists':
      return [narrative(rng), nestedList(rng), empty(rng)];
    default:
      return [...common, rowspanVitals(rng, mode, 1), empty(rng)];
  }
}

function header(rng: Rng, n: number): string {
  const given = pick(rng, ['Ann', 'Jorge', 'Mei', 'Olusegun', 'Zoë', 'Ravi']);
  const family = pick(rng, ['Lee', 'Alvarez', 'Nakamura', 'Okafor', 'Ørsted', 'Patel']);
  return `<realmCode code="US"/>
  <typeId root="2.16.840.1.113883.1.3" extension="POCD_HD000040"/>
  <templateId root="2.16.840.1.113883.10.20.22.1.1" extension="2015-08-01"/>
  <id root="2.16.840.1.113883.19.5.99999.1" extension="GEN-${n}"/>
  <code code="11506-3" codeSystem="2.16.840.1.113883.6.1" displayName="Progress note"/>
  <title>Progress Note</title>
  <effectiveTime value="${isoDate(rng).replace(/-/g, '')}1030-0500"/>
  <confidentialityCode code="N" codeSystem="2.16.840.1.113883.5.25"/>
  <recordTarget><patientRole><id root="2.16.840.1.113883.19.5" extension="${digits(rng, 7)}"/>
    <patient><name><given>${given}</given><family>${family}</family></name>
    <administrativeGenderCode code="F" codeSystem="2.16.840.1.113883.5.1" displayName="Female"/>
    <birthTime value="19${int(rng, 30, 99)}0${int(rng, 1, 9)}1${int(rng, 0, 9)}"/></patient></patientRole></recordTarget>
  <author><time value="20240101"/><assignedAuthor><id root="2.16.840.1.113883.4.6" extension="${digits(rng, 10)}"/>
    <assignedPerson><name><given>Sam</given><family>Rivera</family><suffix>MD</suffix></name></assignedPerson></assignedAuthor></author>
  <custodian><assignedCustodian><representedCustodianOrganization><id root="2.16.840.1.113883.19.5"/><name>Generated Clinic</name></representedCustodianOrganization></assignedCustodian></custodian>`;
}

/** One document of a style; the same seed gives the same document. */
export function generateDocument(style: VendorStyle, seed: number): GeneratedDocument {
  const rng = random(seed * 7919 + VENDOR_STYLES.indexOf(style));
  const name = `generated-${style}-${String(seed).padStart(3, '0')}.xml`;
  if (style === 'nonXmlBody') {
    const body = Array.from({ length: int(rng, 3, 12) }, () => sentence(rng, int(rng, 5, 30))).join('\n');
    return {
      name,
      style,
      xml: `<?xml version="1.0" encoding="UTF-8"?>
<ClinicalDocument xmlns="urn:hl7-org:v3">
  ${header(rng, seed)}
  <component><nonXMLBody><text mediaType="text/plain">${esc(body)}</text></nonXMLBody></component>
</ClinicalDocument>
`,
    };
  }
  const sections = sectionsFor(style, rng)
    .map(
      (s) => `
    <component><section>
      <code code="${s.code}" codeSystem="2.16.840.1.113883.6.1"/>
      <title>${s.title}</title>
      ${s.text ? `<text>${s.text}</text>` : '<text/>'}
    </section></component>`,
    )
    .join('');
  return {
    name,
    style,
    xml: `<?xml version="1.0" encoding="UTF-8"?>
<ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  ${header(rng, seed)}
  <component><structuredBody>${sections}
  </structuredBody></component>
</ClinicalDocument>
`,
  };
}

/** `perStyle` documents of every vendor style (10 styles: 11 each is 110 documents). */
export function generateCorpus(perStyle = 11): GeneratedDocument[] {
  return VENDOR_STYLES.flatMap((style) =>
    Array.from({ length: perStyle }, (_, i) => generateDocument(style, i + 1)),
  );
}
