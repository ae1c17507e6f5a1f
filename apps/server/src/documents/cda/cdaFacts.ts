import { type DocumentPatient, type HoldQueueFacts, identityDate, identitySex } from '@quill/core';
import { DEFAULT_DOCUMENT_LIMITS, type DocumentLimits } from '../limits.js';
import { blocksText } from './narrative.js';
import { type CdaDocument, type CdaSection, readCda } from './readCda.js';
import { path } from './xmlTree.js';

/**
 * A section's text with that of its subsections: a section that only holds subsections is not
 * empty. Its recursion is bounded: sections nest within DOCUMENT_MAX_DEPTH (scanned first).
 */
function sectionFacts(sections: readonly CdaSection[]): { title: string; text: string }[] {
  return sections.flatMap((s) => {
    const nested = sectionFacts(s.sections);
    const text = [blocksText(s.blocks), ...nested.map((n) => n.text)].join(' ').trim();
    return [{ title: s.title, text }, ...nested];
  });
}

/** What the CDA text says for the hold-queue rules: the header's patient name and each section's text. */
export function documentFacts(
  xml: string | null,
  limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS,
): HoldQueueFacts['document'] {
  if (xml === null) return null;
  const doc = readCda(xml, limits);
  return { patientName: doc.header.patient.name, sections: sectionFacts(doc.sections) };
}

/**
 * Who the CDA says it is about (issue 39): recordTarget/patientRole's name, record number (never a
 * social security number), birthTime as xs:date and administrativeGenderCode's code (or its
 * display name's first letter).
 */
export function cdaPatient(doc: CdaDocument): DocumentPatient {
  const { patient } = doc.header;
  const gender = path(doc.xml.root, 'recordTarget', 'patientRole', 'patient', 'administrativeGenderCode');
  return {
    name: patient.name,
    mrn: patient.mrn,
    birthDate: identityDate(patient.birthTime),
    sex: identitySex(gender?.attrs.code || patient.gender),
  };
}
