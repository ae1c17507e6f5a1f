import { hash } from '@node-rs/argon2';
import { DOC_TEMPLATES, type DocTemplateKey } from '@quill/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import {
  accounts,
  adtDefinitions,
  adtSearchConfigurations,
  appSettings,
  audioFiles,
  clientFacilities,
  corporateStructures,
  departments,
  distributionErrors,
  distributions,
  documentVersions,
  holdQueueRules,
  jobNotes,
  jobOrders,
  jobs,
  locations,
  orders,
  patients,
  physicians,
  recipients,
  serviceCentres,
  users,
  visits,
  workTypes,
} from '../db/schema/index.js';
import type { BlobStore } from '../storage/blobStore.js';
import { seedAttachments } from './attachments.js';
import { dictationText } from './cda/narrative.js';
import { buildAudioPool } from './files/audio.js';
import { IdCounter } from './ids.js';
import { type Executor, insertRows, maxIds, queryRows, syncSequences } from './insert.js';
import { seedJobs } from './jobs.js';
import { iso, REFERENCE_TIME } from './model.js';
import { seedOrganisation } from './organisation.js';
import { seedPatients } from './patients.js';
import { DEMO_USERS, seedPhysicians, seedUsers } from './people.js';
import { MEDICAL, SURGICAL } from './pools/conditions.js';
import { MT_NAMES } from './pools/names.js';
import { hashSeed, Rng, rngFor } from './prng.js';
import { seedTemplates } from './templates.js';

export interface SeedOptions {
  jobs: number;
  /** Client facilities in all (the small structure has one); default scales with the job count. */
  facilities?: number;
  /**
   * When the seed runs: attachments are dated back from it (the last 7 days hold some, whenever
   * the demo was seeded); everything else is dated from the fixed REFERENCE_TIME. Default: now.
   */
  now?: Date;
  onProgress?: (msg: string) => void;
}

export interface SeedSummary {
  corporateStructures: number;
  clientFacilities: number;
  physicians: number;
  patients: number;
  jobs: number;
  users: string[];
  durationMs: number;
}

/** The demo sign-ins `npm start` prints; the password of each is {@link DEMO_PASSWORD}. */
export const DEMO_SIGN_INS: { username: string; description: string }[] = DEMO_USERS.map(
  ({ username, description }) => ({
    username,
    description,
  }),
);

export const DEMO_PASSWORD = 'demo';

/** The app_settings key that marks a seeded database. */
export const DEMO_SEED_KEY = 'demo.seed';

const SEED_VERSION = 1;
const CLIP_COUNT = 24;

const SERIAL_TABLES = [
  corporateStructures,
  serviceCentres,
  clientFacilities,
  workTypes,
  departments,
  locations,
  adtDefinitions,
  adtSearchConfigurations,
  holdQueueRules,
  users,
  accounts,
  physicians,
  patients,
  visits,
  orders,
  jobs,
  documentVersions,
  audioFiles,
  recipients,
  jobNotes,
  distributions,
  distributionErrors,
  jobOrders,
];

/** Client facilities of the big structure: at least 12, growing to 39 at 100,000 jobs. */
export function bigFacilityCount(opts: Pick<SeedOptions, 'jobs' | 'facilities'>): number {
  if (opts.facilities !== undefined) return Math.max(1, Math.floor(opts.facilities) - 1);
  return Math.min(39, Math.max(12, Math.round(opts.jobs / 2564)));
}

async function assertEmpty(tx: Executor): Promise<void> {
  const [cs] = await queryRows<{ n: number | string }>(
    tx,
    sql`select count(*) as n from ${corporateStructures}`,
  );
  if (Number(cs?.n ?? 0) > 0) {
    throw new Error('Refusing to seed demo data: the database already has corporate structures');
  }
  const marker = await queryRows(
    tx,
    sql`select 1 from ${appSettings} where ${appSettings.key} = ${DEMO_SEED_KEY}`,
  );
  if (marker.length > 0) throw new Error('Refusing to seed demo data: the database was seeded before');
  const taken = await queryRows<{ username: string }>(
    tx,
    sql`select username from ${users} where username in (${sql.join(
      DEMO_USERS.map((u) => sql`${u.username}`),
      sql`, `,
    )})`,
  );
  if (taken.length > 0)
    throw new Error(`Refusing to seed demo data: user ${taken[0]?.username} already exists`);
}

function clipTexts(): string[] {
  const keys = Object.keys(DOC_TEMPLATES) as DocTemplateKey[];
  return Array.from({ length: CLIP_COUNT }, (_, i) => {
    const r = rngFor('clip', i);
    const template = keys[i % keys.length] as DocTemplateKey;
    const condition = r.pick(template === 'operative' ? SURGICAL : MEDICAL);
    const sex = r.chance(0.5) ? 'F' : 'M';
    return dictationText(
      {
        condition,
        age: { value: r.int(19, 91), unit: 'years' },
        sex,
        date: REFERENCE_TIME,
        referrerName: '',
      },
      r,
      DOC_TEMPLATES[template].title,
    );
  });
}

/**
 * Seeds the deterministic demo data (ARCHITECTURE §4 domain) into an empty, migrated database:
 * organisation, physicians, patients, demo users, `opts.jobs` jobs over every stage and queue with
 * documents, audio, recipients, notes and attachments. Throws when the database already has
 * corporate structures. Everything is written in one transaction.
 */
export async function seedDemo(
  database: Database,
  blobs: BlobStore,
  opts: SeedOptions,
): Promise<SeedSummary> {
  const started = performance.now();
  const progress = opts.onProgress ?? (() => {});
  if (!Number.isInteger(opts.jobs) || opts.jobs < 0)
    throw new Error('jobs must be a whole number, 0 or more');
  await assertEmpty(database.db);

  const rng = new Rng(hashSeed('quill-demo', SEED_VERSION));
  const bigFacilities = bigFacilityCount(opts);
  const patientCount = Math.max(2000, Math.ceil(opts.jobs / 20));

  progress(`Generating ${CLIP_COUNT} dictation clips`);
  const audio = await buildAudioPool(blobs, clipTexts());
  progress(`Dictation clips ready (voice: ${audio.voice}, opus: ${audio.hasOpus ? 'yes' : 'no'})`);
  const passwordHash = await hash(DEMO_PASSWORD);

  let summary: Omit<SeedSummary, 'durationMs'> | undefined;
  await database.db.transaction(async (tx) => {
    // A second seeder started at the same time waits here, then finds the structures and stops.
    await tx.execute(sql`lock table ${corporateStructures} in exclusive mode`);
    await assertEmpty(tx);
    const ids = new IdCounter(await maxIds(tx, SERIAL_TABLES));

    const org = await seedOrganisation(tx, ids, rng.fork('organisation'), bigFacilities);
    progress(
      `Created ${org.structures.length} corporate structures with ${org.facilities.length} client facilities`,
    );
    progress(`Created ${await seedTemplates(tx, org.facilities)} work type templates`);
    const docs = await seedPhysicians(tx, ids, rng.fork('physicians'), org.structures, org.facilities);
    progress(`Created ${docs.length} physicians`);
    const firstBig = org.facilities[0];
    const dictator =
      docs.find((p) => p.facilityId === firstBig?.id && p.isDictator) ?? (docs[0] as (typeof docs)[number]);
    const { accountIds } = await seedUsers(tx, ids, passwordHash, org.structures, dictator);
    const people = await seedPatients(
      tx,
      ids,
      rng.fork('patients'),
      patientCount,
      org.structures,
      org.facilities,
      docs,
    );
    progress(`Created ${people.patients.length} patients with visits and orders`);

    const noteAuthors = [
      { name: 'Taylor Brooks', accountId: accountIds.transcriptionist ?? null },
      { name: 'Harper Quinn', accountId: accountIds.hqreviewer ?? null },
      { name: 'Morgan Reyes', accountId: accountIds.manager ?? null },
      ...MT_NAMES.slice(1, 4).map((name) => ({ name, accountId: null })),
    ];
    const result = await seedJobs(
      tx,
      blobs,
      ids,
      rng.fork('jobs'),
      {
        count: opts.jobs,
        facilities: org.facilities,
        patients: people.patients,
        physicians: docs,
        orders: people.orders,
        audio,
        noteAuthors,
        dictator,
      },
      progress,
    );
    progress(`Created ${opts.jobs} jobs sharing ${result.documents} documents`);

    const attachmentCount = await seedAttachments(
      tx,
      blobs,
      rng.fork('attachments'),
      opts.now ?? new Date(),
      {
        facilities: org.facilities,
        patients: people.patients,
        physicians: docs,
      },
    );
    progress(`Created ${attachmentCount} attachments (lab results and referral letters)`);

    await syncSequences(tx, SERIAL_TABLES);
    const at = new Date(iso(REFERENCE_TIME));
    await tx
      .insert(appSettings)
      .values({
        key: 'applicationSettings',
        value: { jobCountUpdateIntervalSeconds: 180, jobListDataBatchSize: 4, jobListCountBatchSize: 4 },
        updatedAt: at,
      })
      .onConflictDoNothing();
    await insertRows(tx, appSettings, [
      {
        key: DEMO_SEED_KEY,
        value: { jobs: opts.jobs, seededAt: iso(REFERENCE_TIME), version: SEED_VERSION },
        updatedAt: at,
      },
    ]);
    summary = {
      corporateStructures: org.structures.length,
      clientFacilities: org.facilities.length,
      physicians: docs.length,
      patients: people.patients.length,
      jobs: opts.jobs,
      users: DEMO_USERS.map((u) => u.username),
    };
  });
  if (!summary) throw new Error('Seeding did not complete');
  // A bulk load leaves the planner's statistics empty (list queries then pick nested loops) and the
  // visibility map unset (the counts' index-only scan then reads the table).
  await database.executeSql('vacuum analyze');
  const durationMs = Math.round(performance.now() - started);
  progress(`Demo data seeded in ${(durationMs / 1000).toFixed(1)} s`);
  return { ...summary, durationMs };
}
