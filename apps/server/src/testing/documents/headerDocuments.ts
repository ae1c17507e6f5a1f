import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * Tests only (issue 40): a small CDA document whose header names a patient, author, encounter,
 * custodian and legal authenticator, with `body` as its component (a structuredBody or a
 * nonXMLBody element).
 */
export function headerDocument(
  body: string,
  opts: { patient?: { given: string; family: string; mrn: string; birth: string; sex: string } } = {},
): string {
  const p = opts.patient ?? {
    given: 'Myra',
    family: 'Quennell',
    mrn: 'DOC-4471',
    birth: '19470312',
    sex: 'F',
  };
  return `<?xml version="1.0" encoding="UTF-8"?>
<ClinicalDocument xmlns="urn:hl7-org:v3">
  <code code="11488-4" codeSystem="2.16.840.1.113883.6.1" displayName="Consultation note"/>
  <title>Consultation Note</title>
  <effectiveTime value="20240115093000-0500"/>
  <recordTarget><patientRole>
    <id root="2.16.840.1.113883.4.1" extension="999-99-9999"/>
    <id root="1.2.3.4" extension="${p.mrn}"/>
    <patient>
      <name><given>${p.given}</given><family>${p.family}</family></name>
      <administrativeGenderCode code="${p.sex}" codeSystem="2.16.840.1.113883.5.1"/>
      <birthTime value="${p.birth}"/>
    </patient>
  </patientRole></recordTarget>
  <author><time value="20240115091500-0500"/><assignedAuthor><id root="1.2.3"/>
    <assignedPerson><name><prefix>Dr.</prefix><given>Odile</given><family>Brannigan</family></name></assignedPerson>
  </assignedAuthor></author>
  <custodian><assignedCustodian><representedCustodianOrganization><id root="1.2.3"/>
    <name>Harbourside Records Office</name>
  </representedCustodianOrganization></assignedCustodian></custodian>
  <legalAuthenticator><time value="20240116120000-0500"/><signatureCode code="S"/>
    <assignedEntity><id root="1.2.3"/>
      <assignedPerson><name><prefix>Dr.</prefix><given>Lucan</given><family>Ferrow</family></name></assignedPerson>
    </assignedEntity>
  </legalAuthenticator>
  <componentOf><encompassingEncounter><effectiveTime><low value="20240114"/><high value="20240115"/></effectiveTime>
    <location><healthCareFacility><location><name>Tidewater Clinic East</name></location></healthCareFacility></location>
  </encompassingEncounter></componentOf>
  <component>${body}</component>
</ClinicalDocument>`;
}

/** A structured body of one section holding `text`. */
export function structuredBody(text: string): string {
  return `<structuredBody><component><section><title>Assessment</title><text>${text}</text></section></component></structuredBody>`;
}

/** A nonXMLBody whose text element has `attrs` and `content` (already escaped for XML). */
export function nonXmlBody(attrs: string, content: string): string {
  return `<nonXMLBody><text ${attrs}>${content}</text></nonXMLBody>`;
}

/** A PDF of `pages` pages, each saying "Embedded page N" (pdf-lib, standard font). */
export async function smallPdf(pages: number, words = 'Embedded page'): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = pdf.addPage([300, 200]);
    page.drawText(`${words} ${i}`, { x: 30, y: 100, size: 14, font });
  }
  return Buffer.from(await pdf.save());
}
