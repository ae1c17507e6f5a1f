import { attachments } from '../db/schema/index.js';
import type { BlobInfo, BlobStore } from '../storage/blobStore.js';
import { uuidFrom } from './ids.js';
import { type Executor, insertRows } from './insert.js';
import { DAY_MS, type FacilityModel, isoDate, type PatientModel, REFERENCE_TIME } from './model.js';
import { buildSimplePdf } from './pdf.js';
import { ATTACHMENT_KINDS } from './pools/phrases.js';
import type { Rng } from './prng.js';

const VARIANTS = 3;

function content(kind: (typeof ATTACHMENT_KINDS)[number], variant: number): Buffer {
  const lines = [
    `Document: ${kind.description}`,
    `Reference: DEMO-${kind.name.length * 97 + variant}`,
    'This is synthetic demonstration content. It describes no real person.',
    variant === 0
      ? 'Findings: within normal limits.'
      : variant === 1
        ? 'Findings: see attached summary.'
        : 'Findings: follow-up recommended.',
    'Reviewed by: demo clinician',
  ];
  if (kind.kind === 'pdf') return buildSimplePdf(kind.description, lines);
  return Buffer.from(
    `${kind.description}\n${'='.repeat(kind.description.length)}\n\n${lines.join('\n')}\n`,
    'utf8',
  );
}

/**
 * Stores a small pool of attachment documents (PDF and text) and links `count` attachments to
 * patients of the facilities with attachments enabled, dated over the last 400 days.
 */
export async function seedAttachments(
  tx: Executor,
  blobs: BlobStore,
  rng: Rng,
  count: number,
  facilities: FacilityModel[],
  patients: PatientModel[],
): Promise<number> {
  const pool: { kind: (typeof ATTACHMENT_KINDS)[number]; blob: BlobInfo }[] = [];
  for (const kind of ATTACHMENT_KINDS) {
    for (let v = 0; v < VARIANTS; v++) {
      const ext = kind.kind === 'pdf' ? 'pdf' : 'txt';
      pool.push({
        kind,
        blob: await blobs.putContent(content(kind, v), { prefix: 'attachments', extension: ext }),
      });
    }
  }
  const enabled = facilities.filter((f) => f.attachmentsEnabled);
  const rows: (typeof attachments.$inferInsert)[] = [];
  for (let i = 0; i < count && enabled.length > 0; i++) {
    const facility = rng.pick(enabled);
    const local = patients.filter((p) => p.homeFacilityIndex === facility.index);
    const patient = local.length > 0 ? rng.pick(local) : null;
    const { kind, blob } = rng.pick(pool);
    const at = REFERENCE_TIME - rng.int(0, 400) * DAY_MS - rng.int(0, 86_399) * 1000;
    const dot = kind.name.lastIndexOf('.');
    rows.push({
      id: uuidFrom([
        rng.int(0, 0xffffffff),
        rng.int(0, 0xffffffff),
        rng.int(0, 0xffffffff),
        rng.int(0, 0xffffffff),
      ]),
      clientFacilityId: facility.id,
      patientId: patient?.id ?? null,
      name: `${kind.name.slice(0, dot)} ${isoDate(at)}${kind.name.slice(dot)}`,
      description: kind.description,
      mimeType: kind.kind === 'pdf' ? 'application/pdf' : 'text/plain',
      blobKey: blob.key,
      size: blob.size,
      contextStartAt: new Date(at),
    });
  }
  await insertRows(tx, attachments, rows);
  return rows.length;
}
