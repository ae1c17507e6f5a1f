import { hl7Date, hl7Time, escapeXml as x } from './xml.js';

/**
 * Inline narrative content: plain text, bold text, or text a speech recognizer wrote that nobody
 * has checked yet (issue 27: the narrative's local style xRecognized).
 */
export type Inline = string | { bold: string } | { recognized: string };

/** A narrative block of a section's `<text>`. */
export type Block =
  | { kind: 'paragraph'; parts: Inline[] }
  | { kind: 'list'; ordered?: boolean; items: Inline[][] }
  | { kind: 'table'; head: string[]; rows: string[][] }
  | { kind: 'br' };

export interface CdaSection {
  /** The C-CDA section template; none for a section the catalogue does not know. */
  templateId?: string;
  templateExtension?: string;
  code: string;
  displayName: string;
  title: string;
  /** Empty: the section has an empty `<text/>` (what the emptySection hold-queue rule looks for). */
  blocks: Block[];
}

export interface CdaPerson {
  prefix?: string | null;
  given: string[];
  family: string;
  suffix?: string | null;
}

export interface CdaInput {
  /** Unique id extension of the document. */
  id: string;
  /** The C-CDA document template; none for a document type the catalogue does not know. */
  docTemplateId?: string;
  loinc: string;
  loincDisplay: string;
  title: string;
  effectiveTime: number;
  patient: CdaPerson & {
    mrn: string;
    /** null: not known (nullFlavor UNK). */
    gender: 'F' | 'M' | 'U' | null;
    /** YYYY-MM-DD, or null when not known. */
    birthDate: string | null;
    address?: { street: string; city: string; state: string; postalCode: string };
    phone?: string;
  };
  /** The dictating physician; null when the job has none yet (id and name UNK). */
  author: (CdaPerson & { id: string; credentials?: string | null; phone?: string | null }) | null;
  custodian: { id: string; name: string; phone?: string | null };
  encounter?: { id: string; start: number; end?: number | null; location: string };
  sections: CdaSection[];
}

export const OID_ROOT = '2.16.840.1.113883.19.5.99999';
const GENDER: Record<string, string> = { F: 'Female', M: 'Male', U: 'Undifferentiated' };

function name(p: CdaPerson, indent: string): string {
  const parts = [
    p.prefix ? `${indent}\t<prefix>${x(p.prefix)}</prefix>` : '',
    ...p.given.map((g) => `${indent}\t<given>${x(g)}</given>`),
    `${indent}\t<family>${x(p.family)}</family>`,
    p.suffix ? `${indent}\t<suffix>${x(p.suffix)}</suffix>` : '',
  ].filter(Boolean);
  return `${indent}<name>\n${parts.join('\n')}\n${indent}</name>`;
}

function authorBody(a: CdaInput['author']): string {
  if (!a)
    return '\t\t\t<id nullFlavor="UNK"/>\n\t\t\t<assignedPerson>\n\t\t\t\t<name nullFlavor="UNK"/>\n\t\t\t</assignedPerson>';
  const phone = a.phone ? `\t\t\t<telecom use="WP" value="tel:${x(a.phone)}"/>\n` : '';
  return `\t\t\t<id root="${OID_ROOT}.4" extension="${x(a.id)}"/>\n${phone}\t\t\t<assignedPerson>\n${name({ ...a, suffix: a.credentials ?? a.suffix ?? null }, '\t\t\t\t')}\n\t\t\t</assignedPerson>`;
}

function inline(parts: Inline[]): string {
  return parts
    .map((p) =>
      typeof p === 'string'
        ? x(p)
        : 'bold' in p
          ? `<content styleCode="Bold">${x(p.bold)}</content>`
          : `<content styleCode="xRecognized">${x(p.recognized)}</content>`,
    )
    .join('');
}

function block(b: Block, t: string): string {
  switch (b.kind) {
    case 'paragraph':
      return `${t}<paragraph>${inline(b.parts)}</paragraph>`;
    case 'br':
      return `${t}<br/>`;
    case 'list': {
      const items = b.items.map((i) => `${t}\t<item>${inline(i)}</item>`).join('\n');
      return `${t}<list listType="${b.ordered ? 'ordered' : 'unordered'}">\n${items}\n${t}</list>`;
    }
    case 'table': {
      const head = b.head.map((h) => `<th>${x(h)}</th>`).join('');
      const rows = b.rows
        .map((r) => `${t}\t\t<tr>${r.map((c) => (c === '' ? '<td/>' : `<td>${x(c)}</td>`)).join('')}</tr>`)
        .join('\n');
      return `${t}<table border="1" width="100%">\n${t}\t<thead>\n${t}\t\t<tr>${head}</tr>\n${t}\t</thead>\n${t}\t<tbody>\n${rows}\n${t}\t</tbody>\n${t}</table>`;
    }
  }
}

function section(s: CdaSection): string {
  const t = '\t\t\t\t\t';
  const ext = s.templateExtension ? ` extension="${x(s.templateExtension)}"` : '';
  const text =
    s.blocks.length === 0
      ? `${t}<text/>`
      : `${t}<text>\n${s.blocks.map((b) => block(b, `${t}\t`)).join('\n')}\n${t}</text>`;
  return [
    '\t\t\t<component>',
    '\t\t\t\t<section>',
    ...(s.templateId ? [`${t}<templateId root="${x(s.templateId)}"${ext}/>`] : []),
    `${t}<code code="${x(s.code)}" codeSystem="2.16.840.1.113883.6.1" codeSystemName="LOINC" displayName="${x(s.displayName)}"/>`,
    `${t}<title>${x(s.title)}</title>`,
    text,
    '\t\t\t\t</section>',
    '\t\t\t</component>',
  ].join('\n');
}

/**
 * Builds a C-CDA document shaped like the fixtures in src/testing/fixtures/cda: US realm header,
 * recordTarget, author, custodian, optional encounter, and a structuredBody of narrative sections.
 */
export function buildCda(doc: CdaInput): string {
  const p = doc.patient;
  const a = doc.author;
  const addr = p.address
    ? `\t\t\t<addr use="HP">\n\t\t\t\t<streetAddressLine>${x(p.address.street)}</streetAddressLine>\n\t\t\t\t<city>${x(p.address.city)}</city>\n\t\t\t\t<state>${x(p.address.state)}</state>\n\t\t\t\t<postalCode>${x(p.address.postalCode)}</postalCode>\n\t\t\t\t<country>US</country>\n\t\t\t</addr>\n`
    : '';
  const phone = p.phone ? `\t\t\t<telecom value="tel:${x(p.phone)}" use="HP"/>\n` : '';
  const enc = doc.encounter;
  const encounter = enc
    ? `\t<componentOf>\n\t\t<encompassingEncounter>\n\t\t\t<id root="${OID_ROOT}.3" extension="${x(enc.id)}"/>\n\t\t\t<effectiveTime>\n\t\t\t\t<low value="${hl7Time(enc.start)}"/>\n${enc.end ? `\t\t\t\t<high value="${hl7Time(enc.end)}"/>\n` : ''}\t\t\t</effectiveTime>\n\t\t\t<location>\n\t\t\t\t<healthCareFacility>\n\t\t\t\t\t<location>\n\t\t\t\t\t\t<name>${x(enc.location)}</name>\n\t\t\t\t\t</location>\n\t\t\t\t</healthCareFacility>\n\t\t\t</location>\n\t\t</encompassingEncounter>\n\t</componentOf>\n`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:sdtc="urn:hl7-org:sdtc">
\t<realmCode code="US"/>
\t<typeId root="2.16.840.1.113883.1.3" extension="POCD_HD000040"/>
\t<templateId root="2.16.840.1.113883.10.20.22.1.1" extension="2015-08-01"/>
${doc.docTemplateId ? `\t<templateId root="${x(doc.docTemplateId)}" extension="2015-08-01"/>\n` : ''}\t<id root="${OID_ROOT}" extension="${x(doc.id)}"/>
\t<code code="${x(doc.loinc)}" codeSystem="2.16.840.1.113883.6.1" codeSystemName="LOINC" displayName="${x(doc.loincDisplay)}"/>
\t<title>${x(doc.title)}</title>
\t<effectiveTime value="${hl7Time(doc.effectiveTime)}"/>
\t<confidentialityCode code="N" codeSystem="2.16.840.1.113883.5.25" displayName="normal"/>
\t<languageCode code="en-US"/>
\t<setId root="${OID_ROOT}.1" extension="${x(doc.id)}"/>
\t<versionNumber value="1"/>
\t<recordTarget>
\t\t<patientRole>
\t\t\t${p.mrn ? `<id root="${OID_ROOT}.2" extension="${x(p.mrn)}"/>` : '<id nullFlavor="UNK"/>'}
${addr}${phone}\t\t\t<patient>
${p.family || p.given.length ? name(p, '\t\t\t\t') : '\t\t\t\t<name nullFlavor="UNK"/>'}
\t\t\t\t${p.gender ? `<administrativeGenderCode code="${p.gender}" codeSystem="2.16.840.1.113883.5.1" displayName="${GENDER[p.gender] ?? 'Unknown'}"/>` : '<administrativeGenderCode nullFlavor="UNK"/>'}
\t\t\t\t${p.birthDate ? `<birthTime value="${hl7Date(p.birthDate)}"/>` : '<birthTime nullFlavor="UNK"/>'}
\t\t\t\t<languageCommunication>
\t\t\t\t\t<languageCode code="en"/>
\t\t\t\t\t<preferenceInd value="true"/>
\t\t\t\t</languageCommunication>
\t\t\t</patient>
\t\t</patientRole>
\t</recordTarget>
\t<author>
\t\t<time value="${hl7Time(doc.effectiveTime)}"/>
\t\t<assignedAuthor>
${authorBody(a)}
\t\t</assignedAuthor>
\t</author>
\t<custodian>
\t\t<assignedCustodian>
\t\t\t<representedCustodianOrganization>
\t\t\t\t<id root="${OID_ROOT}.5" extension="${x(doc.custodian.id)}"/>
\t\t\t\t<name>${x(doc.custodian.name)}</name>
${doc.custodian.phone ? `\t\t\t\t<telecom use="WP" value="tel:${x(doc.custodian.phone)}"/>\n` : ''}\t\t\t</representedCustodianOrganization>
\t\t</assignedCustodian>
\t</custodian>
${encounter}\t<component>
\t\t<structuredBody>
${doc.sections.map(section).join('\n')}
\t\t</structuredBody>
\t</component>
</ClinicalDocument>
`;
}
