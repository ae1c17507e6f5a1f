import { createHash } from 'node:crypto';
import { DOC_TEMPLATES, type DocTemplateKey } from '@quill/core';
import { ageOf } from '@quill/core/rules/adt/age';
import { type Block, buildCda, type CdaSection, type Inline } from '../documents/cda/build/buildCda.js';
import type { BlobInfo, BlobStore } from '../storage/blobStore.js';
import { composeSections } from './cda/narrative.js';
import { buildDocx, type DocxBlock } from './files/docx.js';
import type { FacilityModel, PatientModel, PhysicianModel, VisitModel } from './model.js';
import { MEDICAL, SURGICAL } from './pools/conditions.js';
import { FEMALE_FIRST, MALE_FIRST } from './pools/names.js';
import { rngFor } from './prng.js';

/** What a document says, decided when the first job that needs it is planned. */
export interface DocumentSpec {
  key: string;
  format: 'CDA' | 'DOCX';
  template: DocTemplateKey;
  patient: PatientModel;
  author: PhysicianModel | null;
  facility: FacilityModel;
  visit: VisitModel | undefined;
  date: number;
  /** emptySection and nameMismatch make the hold-queue rules of the same name fire. */
  variant: 'normal' | 'emptySection' | 'nameMismatch';
  referrer: PhysicianModel;
}

const inlineText = (parts: Inline[]) =>
  parts.map((p) => (typeof p === 'string' ? p : 'bold' in p ? p.bold : p.recognized)).join('');

/** A narrative block as Word blocks: a paragraph, bulleted or numbered items, a table. */
function docxBlocks(b: Block): DocxBlock[] {
  switch (b.kind) {
    case 'paragraph':
      return [{ text: inlineText(b.parts) }];
    case 'list':
      return b.items.map((item, n) =>
        b.ordered ? { text: `${n + 1}. ${inlineText(item)}` } : { text: inlineText(item), bullet: true },
      );
    case 'table':
      return [{ table: { head: b.head, rows: b.rows } }];
    case 'br':
      return [];
  }
}

function physicianName(p: PhysicianModel): string {
  return `${p.prefix ? `${p.prefix} ` : ''}${p.firstName} ${p.lastName}, ${p.credentials}`;
}

/** Renders the document bytes (CDA XML or DOCX) of a spec. Same spec, same bytes. */
export function renderDocument(spec: DocumentSpec): Buffer {
  const r = rngFor('document', spec.key);
  const tpl = DOC_TEMPLATES[spec.template];
  const surgical = spec.template === 'operative' || (spec.template === 'discharge' && r.chance(0.25));
  const condition = r.pick(surgical ? SURGICAL : MEDICAL);
  const p = spec.patient;
  const age = ageOf(p.dateOfBirth, new Date(spec.date)) ?? { value: 0, unit: 'days' as const };
  const sections: CdaSection[] = composeSections(
    spec.template,
    {
      condition,
      age,
      sex: p.sex,
      date: spec.date,
      referrerName: physicianName(spec.referrer),
      ...(spec.visit ? { admittedAt: spec.visit.admittedAt } : {}),
    },
    r,
  );
  if (spec.variant === 'emptySection' && sections.length > 0) {
    const s = sections[r.int(1, sections.length - 1)] ?? (sections[0] as CdaSection);
    s.blocks = [];
  }
  let given = [p.firstName, ...(p.middleName ? [p.middleName] : [])];
  if (spec.variant === 'nameMismatch') {
    const pool = p.sex === 'M' ? MALE_FIRST : FEMALE_FIRST;
    given = [pool.find((n) => n !== p.firstName && n[0] === p.firstName[0]) ?? `${p.firstName}e`];
  }
  const author = spec.author;
  if (spec.format === 'DOCX') {
    const date = new Date(spec.date).toISOString().slice(0, 10);
    const blocks: DocxBlock[] = [
      { text: tpl.title, heading: 1 },
      {
        table: {
          head: ['Patient', 'MRN', 'Date of birth', 'Facility', 'Date'],
          rows: [[`${p.lastName}, ${given.join(' ')}`, p.mrn, p.dateOfBirth, spec.facility.name, date]],
        },
      },
    ];
    for (const s of sections) {
      blocks.push({ text: s.title, heading: 2 });
      for (const b of s.blocks) blocks.push(...docxBlocks(b));
    }
    if (author) blocks.push({ text: `Electronically dictated by ${physicianName(author)}` });
    return buildDocx(blocks, {
      title: tpl.title,
      created: new Date(spec.date).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    });
  }
  const xml = buildCda({
    id: `${spec.facility.code}-${spec.key.replace(/[^A-Za-z0-9]/g, '')}`,
    docTemplateId: tpl.templateId,
    loinc: tpl.loinc,
    loincDisplay: tpl.loincDisplay,
    title: tpl.title,
    effectiveTime: spec.date,
    patient: {
      mrn: p.mrn,
      given,
      family: p.lastName,
      gender: p.sex,
      birthDate: p.dateOfBirth,
      address: p.address,
      phone: p.phone,
    },
    author: author
      ? {
          id: author.accessCode,
          prefix: author.prefix,
          given: [author.firstName],
          family: author.lastName,
          credentials: author.credentials,
          phone: author.telephone,
        }
      : { id: 'UNKNOWN', given: ['Unknown'], family: 'Dictator' },
    custodian: { id: spec.facility.code, name: spec.facility.name, phone: spec.facility.faxNumber },
    ...(spec.visit
      ? {
          encounter: {
            id: spec.visit.number,
            start: spec.visit.admittedAt,
            end: spec.visit.dischargedAt,
            location: spec.facility.name,
          },
        }
      : {}),
    sections,
  });
  return Buffer.from(xml, 'utf8');
}

/**
 * Collects the documents jobs need, keyed by (patient, template, format) so jobs of one patient with
 * one template share a blob, then renders and stores them content-addressed, several at a time.
 */
export class DocumentPool {
  private readonly specs = new Map<string, DocumentSpec>();
  private readonly stored = new Map<string, BlobInfo & { sha256: string }>();

  /** The existing spec for the key, if any. */
  get(key: string): DocumentSpec | undefined {
    return this.specs.get(key);
  }

  add(spec: DocumentSpec): DocumentSpec {
    this.specs.set(spec.key, spec);
    return spec;
  }

  get size(): number {
    return this.specs.size;
  }

  /** Renders and stores every collected document. */
  async store(blobs: BlobStore, onProgress?: (done: number, total: number) => void): Promise<void> {
    const all = [...this.specs.values()];
    const concurrency = 16;
    let next = 0;
    let done = 0;
    const work = async () => {
      while (next < all.length) {
        const spec = all[next++] as DocumentSpec;
        const bytes = renderDocument(spec);
        const info = await blobs.putContent(bytes, {
          prefix: 'documents',
          extension: spec.format === 'CDA' ? 'xml' : 'docx',
        });
        this.stored.set(spec.key, { ...info, sha256: createHash('sha256').update(bytes).digest('hex') });
        done++;
        if (onProgress && done % 2000 === 0) onProgress(done, all.length);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, work));
  }

  /** The stored blob of a document and the SHA-256 of its bytes (after store()). */
  blob(key: string): BlobInfo & { sha256: string } {
    const info = this.stored.get(key);
    if (!info) throw new Error(`Document ${key} was not stored`);
    return info;
  }
}
