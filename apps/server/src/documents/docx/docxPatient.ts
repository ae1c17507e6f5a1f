import { type DocumentPatient, identityDate, identitySex } from '@quill/core';
import type { Block } from '../cda/narrative.js';
import { blocksText, runsText } from '../cda/narrative.js';

/** Labels a Word document writes before (or above) each part of its patient, lower case. */
const LABELS: Record<keyof DocumentPatient, readonly string[]> = {
  name: ['patient', 'patient name', 'name', 'patient\u2019s name', "patient's name"],
  mrn: [
    'mrn',
    'medical record number',
    'medical record no',
    'record number',
    'patient id',
    'patient id (mrn)',
  ],
  birthDate: ['date of birth', 'dob', 'd.o.b.', 'birth date', 'birthdate', 'born'],
  sex: ['sex', 'gender'],
};

const PART_OF = new Map<string, keyof DocumentPatient>(
  Object.entries(LABELS).flatMap(([part, labels]) => labels.map((l) => [l, part as keyof DocumentPatient])),
);

/** The part a label names ("Patient Name:" → name), or null for other text. */
function partOf(label: string): keyof DocumentPatient | null {
  const key = label
    .trim()
    .replace(/[:\s]+$/, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();
  return PART_OF.get(key) ?? null;
}

const cellText = (cell: { blocks: Block[] }) => blocksText(cell.blocks).replace(/\s+/g, ' ').trim();

/**
 * Who a Word document says it is about: a table whose header row labels the columns ("Patient",
 * "MRN", "Date of birth", "Sex" over the values), a table of label and value cells, or paragraphs
 * "Label: value". The first value found for each part counts; the document's text is read only as
 * far as its patient lines, in document order.
 */
export function docxPatient(blocks: readonly Block[]): DocumentPatient {
  const found: Partial<Record<keyof DocumentPatient, string>> = {};
  const take = (part: keyof DocumentPatient | null, value: string) => {
    const v = value.trim();
    if (part && v && found[part] === undefined) found[part] = v;
  };
  for (const block of blocks) {
    if (block.kind === 'paragraph') {
      const line = runsText(block.runs);
      for (const piece of line.split(/\n|\t{2,}/)) {
        const colon = piece.indexOf(':');
        if (colon > 0) take(partOf(piece.slice(0, colon)), piece.slice(colon + 1));
      }
    } else if (block.kind === 'table') {
      const rows = [...block.head, ...block.body].map((r) => r.map(cellText));
      const [first, ...rest] = rows;
      // Labels over values: the first row names the columns.
      const values = rest[0];
      if (first?.some((c) => partOf(c)) && values)
        for (const [i, label] of first.entries()) take(partOf(label), values[i] ?? '');
      // Labels beside values: each row's cells alternate label, value.
      for (const row of rows)
        for (let i = 0; i + 1 < row.length; i++) if (partOf(row[i]!)) take(partOf(row[i]!), row[i + 1]!);
    }
    if (found.name && found.mrn && found.birthDate && found.sex) break;
  }
  return {
    name: found.name ?? null,
    mrn: found.mrn ?? null,
    birthDate: identityDate(found.birthDate),
    sex: identitySex(found.sex),
  };
}
