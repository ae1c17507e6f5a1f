/**
 * Tests only: a C-CDA document whose Vital Signs section (LOINC 8716-3) has the 9-column table
 * C-CDA examples write — Date, Blood Pressure, Pulse, Temperature, Respiratory Rate, Height,
 * Weight, BMI, SpO2 — with the narrative IDs the entries point at, and its coded entries.
 */
export const VITAL_SIGNS_HEADINGS = [
  'Date',
  'Blood Pressure',
  'Pulse',
  'Temperature',
  'Respiratory Rate',
  'Height',
  'Weight',
  'BMI',
  'SpO2',
] as const;

const ROWS = [
  ['05/20/2014', '120/80mm[Hg]', '80/min', '37.2Cel', '16/min', '177cm', '86kg', '27.4kg/m2', '98%'],
  ['05/21/2014', '118/76mm[Hg]', '76/min', '36.9Cel', '14/min', '177cm', '85.5kg', '27.3kg/m2', '99%'],
  ['11/03/2014', '132/84mm[Hg]', '92/min', '38.4Cel', '20/min', '177cm', '83kg', '26.5kg/m2', '95%'],
];

/**
 * The document; with `visits` above 1 the measurements of that many visits sit side by side in
 * one row (8 more columns each) — a table too wide for any page.
 */
export function vitalSignsDocument(visits = 1): string {
  const headings = [
    VITAL_SIGNS_HEADINGS[0],
    ...Array.from({ length: visits }, (_, v) =>
      VITAL_SIGNS_HEADINGS.slice(1).map((h) => (visits > 1 ? `${h} (visit ${v + 1})` : h)),
    ).flat(),
  ];
  const rowsOf = ROWS.map((row) => [row[0]!, ...Array.from({ length: visits }, () => row.slice(1)).flat()]);
  const head = headings.map((h) => `<th>${h}</th>`).join('');
  const rows = rowsOf
    .map(
      (row, r) =>
        `<tr>${row.map((v, c) => (c === 0 ? `<td>${v}</td>` : `<td ID="vit${r + 1}_${c}">${v}</td>`)).join('')}</tr>`,
    )
    .join('\n              ');
  const entries = rowsOf
    .flatMap((row, r) =>
      row
        .slice(1)
        .map(
          (_, c) =>
            `<entry><observation classCode="OBS" moodCode="EVN"><text><reference value="#vit${r + 1}_${c + 1}"/></text></observation></entry>`,
        ),
    )
    .join('\n        ');
  return `<?xml version="1.0" encoding="UTF-8"?>
<ClinicalDocument xmlns="urn:hl7-org:v3">
  <title>Progress Note</title>
  <recordTarget><patientRole><patient><name><given>Ann</given><family>Lee</family></name></patient></patientRole></recordTarget>
  <component>
    <structuredBody>
      <component>
        <section>
          <templateId root="2.16.840.1.113883.10.20.22.2.4.1" extension="2015-08-01"/>
          <code code="8716-3" codeSystem="2.16.840.1.113883.6.1" codeSystemName="LOINC" displayName="VITAL SIGNS"/>
          <title>VITAL SIGNS</title>
          <text>
            <table border="1" width="100%">
              <thead><tr>${head}</tr></thead>
              <tbody>
              ${rows}
              </tbody>
            </table>
          </text>
        ${entries}
        </section>
      </component>
    </structuredBody>
  </component>
</ClinicalDocument>
`;
}
