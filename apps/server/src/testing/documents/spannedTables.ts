import type { ProbedPage } from './pdfProbe.js';

/**
 * Tests only: a C-CDA document with the tables issue 40 found misplaced or split — a Vital Signs
 * table whose date cell spans the rows of one visit (`rowspan`), a problem and immunization table
 * whose narrow columns hold a 9-digit SNOMED code and a lot number beside long comments, and a
 * table used for layout (`border="0"`). SPANNED_CELLS says under which heading each value belongs.
 */
export const VITALS_HEAD = ['Date', 'Test', 'Value', 'Details'] as const;
export const CODES_HEAD = ['Problem', 'SNOMED', 'Status', 'Onset', 'Lot number', 'Comment'] as const;
export const WIDE_HEAD = [
  'Vaccine',
  'Date',
  'Status',
  'Lot',
  'Manufacturer',
  'Route',
  'Site',
  'Reason code',
  'Comments',
] as const;

/** Each value of the three tables with the heading it sits under in the stylesheet's rendering. */
export const SPANNED_CELLS: { head: readonly string[]; cells: { value: string; heading: string }[] }[] = [
  {
    head: VITALS_HEAD,
    cells: [
      { value: '05/01/2024', heading: 'Date' },
      { value: 'Weight', heading: 'Test' },
      { value: '88', heading: 'Value' },
      { value: 'standing', heading: 'Details' },
      { value: 'Pulse', heading: 'Test' },
      { value: '72/min', heading: 'Value' },
      { value: 'resting', heading: 'Details' },
      { value: 'Temperature', heading: 'Test' },
      { value: '37.2Cel', heading: 'Value' },
      { value: 'oral', heading: 'Details' },
      { value: '05/02/2024', heading: 'Date' },
      { value: '87', heading: 'Value' },
      { value: 'fasting', heading: 'Details' },
    ],
  },
  {
    head: CODES_HEAD,
    cells: [
      { value: 'Hypertension', heading: 'Problem' },
      { value: '248986005', heading: 'SNOMED' },
      { value: 'Completed', heading: 'Status' },
      { value: '03/14/2019', heading: 'Onset' },
      { value: '651684654', heading: 'Lot number' },
      { value: 'Reviewed', heading: 'Comment' },
    ],
  },
  {
    head: WIDE_HEAD,
    cells: [
      { value: 'Influenza,', heading: 'Vaccine' },
      { value: '10/06/2023', heading: 'Date' },
      { value: 'Completed', heading: 'Status' },
      { value: '651684654', heading: 'Lot' },
      { value: 'Sanofi', heading: 'Manufacturer' },
      { value: 'Intramuscular', heading: 'Route' },
      { value: 'Left', heading: 'Site' },
      { value: '248986005', heading: 'Reason code' },
      { value: 'imm0', heading: 'Comments' },
      { value: 'AHAVB946A', heading: 'Lot' },
      { value: '1201005', heading: 'Reason code' },
    ],
  },
];

const words = (n: number, seed: string) => Array.from({ length: n }, (_, i) => `${seed}${i}`).join(' ');

/**
 * The document; `repeat` copies of its section make it run over several pages, and a paragraph of
 * `paragraphWords` words before the tables moves them down the page.
 */
export function spannedTablesDocument(repeat = 1, paragraphWords = repeat > 1 ? 120 : 10): string {
  const vitals = `<table border="1" width="100%">
              <thead><tr>${VITALS_HEAD.map((h) => `<th>${h}</th>`).join('')}</tr></thead>
              <tbody>
                <tr><td rowspan="3">05/01/2024</td><td>Weight</td><td>88 kg</td><td>standing</td></tr>
                <tr><td>Pulse</td><td>72/min</td><td>resting</td></tr>
                <tr><td>Temperature</td><td>37.2Cel</td><td>oral</td></tr>
                <tr><td rowspan="2">05/02/2024</td><td>Weight</td><td>87 kg</td><td>fasting</td></tr>
                <tr><td>Pulse</td><td>70/min</td><td>resting</td></tr>
              </tbody>
            </table>`;
  const comment = `Reviewed with the patient ${words(14, 'note')}`;
  const codes = `<table border="1" width="100%">
              <thead><tr>${CODES_HEAD.map((h) => `<th>${h}</th>`).join('')}</tr></thead>
              <tbody>
                <tr><td>Hypertension</td><td>248986005</td><td>Completed</td><td>03/14/2019</td><td>651684654</td><td>${comment}</td></tr>
                <tr><td>Essential hypertension, benign</td><td>1201005</td><td>Active</td><td>04/01/2020</td><td>A1B2C3D4E5</td><td>${words(20, 'detail')}</td></tr>
              </tbody>
            </table>`;
  // Nine columns of codes, lot numbers and dates: too wide at 10 points, one table when shrunk.
  const wide = `<table border="1">
              <thead><tr>${WIDE_HEAD.map((h) => `<th>${h}</th>`).join('')}</tr></thead>
              <tbody>
                <tr><td>Influenza, seasonal, injectable, preservative free</td><td>10/06/2023</td><td>Completed</td><td>651684654</td><td>Sanofi Pasteur Incorporated</td><td>Intramuscular</td><td>Left deltoid</td><td>248986005</td><td>${words(8, 'imm')}</td></tr>
                <tr><td>Tetanus and diphtheria toxoids</td><td>02/11/2019</td><td>Refused</td><td>AHAVB946A</td><td>MassBiologics</td><td>Intramuscular</td><td>Right deltoid</td><td>1201005</td><td>Declined</td></tr>
              </tbody>
            </table>`;
  const layout = `<table border="0"><tbody><tr><td>Signed electronically</td><td>Layoutcell</td></tr></tbody></table>`;
  const section = (i: number) => `
      <component>
        <section>
          <code code="8716-3" codeSystem="2.16.840.1.113883.6.1" displayName="VITAL SIGNS"/>
          <title>VITAL SIGNS ${i + 1}</title>
          <text>
            <paragraph>${words(paragraphWords, `para${i}w`)}</paragraph>
            ${vitals}
            ${codes}
            ${wide}
            ${layout}
          </text>
        </section>
      </component>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<ClinicalDocument xmlns="urn:hl7-org:v3">
  <title>Progress Note</title>
  <recordTarget><patientRole><patient><name><given>Ann</given><family>Lee</family></name></patient></patientRole></recordTarget>
  <component>
    <structuredBody>${Array.from({ length: repeat }, (_, i) => section(i)).join('')}
    </structuredBody>
  </component>
</ClinicalDocument>
`;
}

/** Tables' values and the heading each sits under: SPANNED_CELLS, or what a browser shows. */
export type ValuesUnderHeadings = readonly {
  head: readonly string[];
  cells: readonly { value: string; heading: string }[];
}[];

/**
 * Where each value of `expected` (SPANNED_CELLS unless given) stands on the page (word boxes of
 * `pdftotext -bbox`) against its table's head row: the heading whose left edge is nearest the
 * value's left edge (cells are set flush left with one padding) must be the value's own, and
 * within `tolerance` points of it. A value written twice in a table ("Weight" of two visits) is
 * matched to its occurrences top to bottom. Returns what is out of place as "value under X, not
 * Y" (empty when every value is in place).
 */
export function misplacedValues(
  pages: readonly ProbedPage[],
  expected: ValuesUnderHeadings = SPANNED_CELLS,
  tolerance = 3,
): string[] {
  const wrong: string[] = [];
  for (const { head, cells } of expected) {
    const firsts = head.map((h) => h.split(' ')[0]!);
    // The first page with every heading on one line.
    let found: { page: ProbedPage; y: number; at: Map<string, number> } | null = null;
    for (const page of pages) {
      for (const w of page.words.filter((x) => x.text === firsts[0])) {
        const line = page.words.filter((x) => Math.abs(x.yMin - w.yMin) < 2);
        const at = new Map<string, number>();
        head.forEach((h, i) => {
          const hit = line.find((x) => x.text === firsts[i]);
          if (hit) at.set(h, hit.xMin);
        });
        if (at.size === head.length) {
          found = { page, y: w.yMin, at };
          break;
        }
      }
      if (found) break;
    }
    if (!found) {
      wrong.push(`no head row with ${head.join(', ')}`);
      continue;
    }
    const { page, y, at } = found;
    const below = page.words.filter((x) => x.yMin > y).sort((a, b) => a.yMin - b.yMin || a.xMin - b.xMin);
    const used = new Set<ProbedPage['words'][number]>();
    for (const { value, heading } of cells) {
      const word = below.find((x) => x.text === value && !used.has(x));
      if (word) used.add(word);
      if (!word) {
        wrong.push(`${value} not found whole below its head`);
        continue;
      }
      const [nearest, x] = [...at].reduce((a, b) =>
        Math.abs(b[1] - word.xMin) < Math.abs(a[1] - word.xMin) ? b : a,
      );
      if (nearest !== heading) wrong.push(`${value} under ${nearest}, not ${heading}`);
      else if (Math.abs(x - word.xMin) > tolerance)
        wrong.push(`${value} ${Math.abs(x - word.xMin)} points off ${heading}`);
    }
  }
  return wrong;
}

/**
 * The tokens (9-digit codes, lot numbers) not drawn whole as often as the narrative writes them:
 * each occurrence must be one word of the page's word boxes, never pieces on two lines.
 */
export function tokensNotWhole(pages: readonly ProbedPage[], tokens: readonly string[]): string[] {
  const wanted = new Map<string, number>();
  for (const t of tokens) wanted.set(t, (wanted.get(t) ?? 0) + 1);
  const drawn = new Map<string, number>();
  for (const w of pages.flatMap((p) => p.words))
    if (wanted.has(w.text)) drawn.set(w.text, (drawn.get(w.text) ?? 0) + 1);
  return [...wanted]
    .filter(([t, n]) => (drawn.get(t) ?? 0) < n)
    .map(([t, n]) => `${t} whole ${drawn.get(t) ?? 0} of ${n} times`);
}
