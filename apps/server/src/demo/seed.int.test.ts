import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAILED_STAGE_IDS, MEMBER_TYPES, PERMISSIONS, STAGES, TAT_MILESTONES } from '@quill/core';
import { asc } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { attachments, documentVersions, jobs, recipients } from '../db/schema/index.js';
import { readCda } from '../documents/cda/readCda.js';
import { checkDocxPackage } from '../documents/docx/checkDocxPackage.js';
import { readDocx, readZipPart } from '../documents/docx/readDocx.js';
import { DEFAULT_DOCUMENT_LIMITS } from '../documents/limits.js';
import { FsBlobStore } from '../storage/fsBlobStore.js';
import { RECENT_ATTACHMENTS_PER_FACILITY } from './attachments.js';
import { hasCommand } from './files/audio.js';
import { DEMO_SIGN_INS, type SeedSummary, seedDemo } from './seed.js';
import { DEMO_TO_SIGN } from './signingShowcase.js';

const JOBS = 300;
/** The seed's clock: attachments are dated back from it. */
const SEED_NOW = new Date('2026-11-20T10:00:00Z');

interface Backend {
  name: string;
  open(): Promise<{ database: Database; drop(): Promise<void> }>;
}

const pglite: Backend = {
  name: 'PGlite',
  async open() {
    const database = await openDatabase({});
    return { database, drop: async () => {} };
  },
};

/** A fresh database on the TEST_DATABASE_URL server, dropped afterwards. */
function postgres(url: string): Backend {
  return {
    name: 'PostgreSQL',
    async open() {
      const admin = new URL(url);
      admin.pathname = '/postgres';
      const name = `quill_seed_${randomBytes(6).toString('hex')}`;
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      await client.query(`create database ${name}`);
      await client.end();
      const target = new URL(url);
      target.pathname = `/${name}`;
      const database = await openDatabase({ url: target.toString() });
      return {
        database,
        drop: async () => {
          const c = new pg.Client({ connectionString: admin.toString() });
          await c.connect();
          await c.query(`drop database if exists ${name} with (force)`);
          await c.end();
        },
      };
    },
  };
}

const backends = [
  pglite,
  ...(process.env.TEST_DATABASE_URL ? [postgres(process.env.TEST_DATABASE_URL)] : []),
];

/** Job, recipient, document-version and attachment rows, as Drizzle maps them, hashed: equal hashes mean identical rows. */
async function jobRowsHash(database: Database): Promise<string> {
  const h = createHash('sha256');
  h.update(JSON.stringify(await database.db.select().from(jobs).orderBy(asc(jobs.id))));
  h.update(JSON.stringify(await database.db.select().from(recipients).orderBy(asc(recipients.id))));
  h.update(
    JSON.stringify(await database.db.select().from(documentVersions).orderBy(asc(documentVersions.id))),
  );
  h.update(JSON.stringify(await database.db.select().from(attachments).orderBy(asc(attachments.id))));
  return h.digest('hex');
}

const reference: { hash?: string } = {};

describe.each(backends)('demo seed on $name', (backend) => {
  let database: Database;
  let drop: () => Promise<void>;
  let blobDir: string;
  let blobs: FsBlobStore;
  let summary: SeedSummary;
  const messages: string[] = [];
  const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await database.executeSql(text, values)).rows as T[];
  const n = async (text: string) => Number((await q<{ n: unknown }>(text))[0]?.n);

  beforeAll(async () => {
    ({ database, drop } = await backend.open());
    await migrateDatabase(database);
    blobDir = await mkdtemp(join(tmpdir(), 'quill-seed-test-'));
    blobs = new FsBlobStore(blobDir);
    summary = await seedDemo(database, blobs, {
      jobs: JOBS,
      now: SEED_NOW,
      onProgress: (m) => messages.push(m),
    });
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
    if (blobDir) await rm(blobDir, { recursive: true, force: true });
  });

  it('creates a small and a big corporate structure', async () => {
    expect(summary.corporateStructures).toBe(2);
    const rows = await q<{ n: unknown }>(
      'select count(cf.id) as n from corporate_structures cs join client_facilities cf on cf.corporate_structure_id = cs.id group by cs.id order by count(cf.id)',
    );
    expect(rows.map((r) => Number(r.n))[0]).toBe(1);
    expect(Number(rows[1]?.n)).toBeGreaterThanOrEqual(12);
    expect(await n('select count(*) as n from service_centres')).toBeGreaterThanOrEqual(3);
    expect(await n('select count(distinct client_facility_id) as n from adt_search_configurations')).toBe(
      summary.clientFacilities - 1,
    );
    expect(await n("select count(*) as n from hold_queue_rules where kind = 'patientNameMismatch'")).toBe(
      summary.clientFacilities,
    );
  });

  it('has work types with different addressee limits', async () => {
    expect(await n('select count(*) as n from work_types where not enable_addressee')).toBeGreaterThan(0);
    expect(
      await n('select count(*) as n from work_types where not allow_patient_as_recipient'),
    ).toBeGreaterThan(0);
    expect(await n('select count(*) as n from work_types where max_addressees is null')).toBeGreaterThan(0);
  });

  it('has a template for every work type: the structure’s for a shared one, the facility’s for its own (issue 27)', async () => {
    expect(await n('select count(*) as n from work_type_templates')).toBe(
      await n('select count(*) as n from work_types'),
    );
    expect(
      await n(
        `select count(*) as n from work_types w join work_type_templates t on t.work_type_id = w.id
          where t.corporate_structure_id = w.corporate_structure_id
            and t.client_facility_id is not distinct from w.client_facility_id`,
      ),
    ).toBe(await n('select count(*) as n from work_types'));
    const byName = await q<{
      name: string;
      document_code: string;
      sections: { code: string; text: string }[];
    }>(
      `select distinct on (w.name) w.name, t.document_code, t.sections from work_types w
         join work_type_templates t on t.work_type_id = w.id order by w.name`,
    );
    const codeOf = (name: string) => byName.find((r) => r.name === name)?.document_code;
    expect(codeOf('History and Physical')).toBe('34117-2');
    expect(codeOf('Discharge Summary')).toBe('18842-5');
    expect(codeOf('Consultation')).toBe('11488-4');
    expect(codeOf('Operative Report')).toBe('11504-8');
    expect(codeOf('Telephone Encounter')).toBe('11506-3');
    const exam = byName
      .find((r) => r.name === 'History and Physical')!
      .sections.find((x) => x.code === '29545-1');
    expect(exam?.text).toMatch(/^General: /);
  });

  it('has enough physicians and patients', async () => {
    expect(await n('select count(*) as n from physicians')).toBeGreaterThanOrEqual(200);
    expect(await n('select count(*) as n from physicians where secure_messaging_enabled')).toBeGreaterThan(0);
    expect(await n('select count(*) as n from physicians where fax is null')).toBeGreaterThan(0);
    // Every demo fax number passes the fax rule of spec 01 §5 (digits once spaces are removed).
    expect(
      await n(
        `select count(*) as n from physicians where fax is not null and replace(fax, ' ', '') !~ '^[0-9]+$'`,
      ),
    ).toBe(0);
    expect(await n('select count(*) as n from patients')).toBeGreaterThanOrEqual(2000);
    expect(await n('select count(*) as n from visits')).toBeGreaterThanOrEqual(2000);
    expect(await n('select count(*) as n from orders')).toBeGreaterThan(0);
  });

  it('has jobs in every stage and every queue', async () => {
    expect(await n('select count(*) as n from jobs')).toBe(JOBS);
    const stages = (await q<{ stage_id: number }>('select distinct stage_id from jobs')).map((r) =>
      Number(r.stage_id),
    );
    for (const s of Object.values(STAGES)) expect(stages).toContain(s.id);
    expect(
      await n('select count(*) as n from jobs where on_manual_list and cleared_at is null and stage_id = 9'),
    ).toBeGreaterThan(0);
    expect(
      await n('select count(*) as n from jobs where on_manual_list and cleared_at is null and stage_id = 13'),
    ).toBeGreaterThan(0);
    expect(
      await n(
        'select count(*) as n from jobs j where stage_id = 3 and exists (select 1 from job_flags f where f.job_id = j.id)',
      ),
    ).toBe(await n('select count(*) as n from jobs where stage_id = 3'));
    expect(
      await n("select count(*) as n from jobs where stage_id = 3 and component_type = 'HI'"),
    ).toBeGreaterThan(0);
    const failed = FAILED_STAGE_IDS.join(',');
    expect(
      await n(
        `select count(*) as n from jobs j where stage_id in (${failed}) and not exists (select 1 from distribution_errors e where e.job_id = j.id)`,
      ),
    ).toBe(0);
    expect(await n(`select count(*) as n from jobs where stage_id in (${failed})`)).toBeGreaterThanOrEqual(4);
    for (const cs of await q<{ id: number }>('select id from corporate_structures')) {
      expect(
        await n(
          `select count(*) as n from jobs where corporate_structure_id = ${Number(cs.id)} and stage_id in (3, 9)`,
        ),
      ).toBeGreaterThan(0);
    }
  });

  it('gives jobs past Dictated turnaround times in the order of their stages (issue 27)', async () => {
    const finished = TAT_MILESTONES.finishedAt.join(',');
    const count = (where: string) => n(`select count(*) as n from jobs j where ${where}`);
    const hasText = 'exists (select 1 from document_versions d where d.job_id = j.id)';
    expect(
      await count(
        `stage_id = 1 and coalesce(transcription_started_at, first_text_at, finished_at, distributed_at) is not null`,
      ),
    ).toBe(0);
    // Started between dictation and the text; the text when its document was written.
    expect(await count('stage_id <> 1 and transcription_started_at is null')).toBe(0);
    expect(await count('transcription_started_at < dictated_at')).toBe(0);
    expect(await count(`(first_text_at is null) = ${hasText}`)).toBe(0);
    expect(
      await count(
        `first_text_at < transcription_started_at or first_text_at <> (select min(created_at) from document_versions d where d.job_id = j.id)`,
      ),
    ).toBe(0);
    // Finished at the milestone stages, after the text and never after the signature.
    expect(await count(`(finished_at is not null) <> (stage_id in (${finished}))`)).toBe(0);
    expect(await count('finished_at < first_text_at or finished_at > signed_at')).toBe(0);
    expect(await count(`(distributed_at is not null) <> (stage_id = ${TAT_MILESTONES.distributedAt})`)).toBe(
      0,
    );
    expect(await count('distributed_at < finished_at or distributed_at < signed_at')).toBe(0);
    // The list's rows carry them, and STAT jobs finish both within and past the 2-hour target.
    expect(await count('tat_minutes(dictated_at, finished_at) > 0')).toBeGreaterThan(JOBS / 3);
    expect(await count('stat is not null and tat_minutes(dictated_at, finished_at) <= 120')).toBeGreaterThan(
      0,
    );
    expect(await count('stat is not null and tat_minutes(dictated_at, finished_at) > 120')).toBeGreaterThan(
      0,
    );
  });

  it('gives every signed job with a document its author’s signature over that document (issue 43)', async () => {
    const signedWithDocument = `select count(*) as n from jobs j
      where j.signed and j.signed_at is not null and not j.force_resign and j.dictator_id is not null
        and exists (select 1 from document_versions d where d.job_id = j.id and not d.is_draft)`;
    expect(await n(signedWithDocument)).toBeGreaterThan(0);
    expect(
      await n(`${signedWithDocument} and not exists (select 1 from signatures s
        where s.job_id = j.id and s.meaning = 'author' and s.voided_at is null
          and s.physician_id = j.dictator_id and s.signed_at = j.signed_at)`),
    ).toBe(0);
    // A signature covers its version's bytes: the content-addressed key holds the same SHA-256.
    expect(
      await n(`select count(*) as n from signatures s join document_versions d on d.id = s.document_version_id
        where s.account_id is null and position(s.document_sha256 in d.blob_key) = 0`),
    ).toBe(0);
    expect(
      await n('select count(*) as n from signatures s join jobs j on j.id = s.job_id where not j.signed'),
    ).toBe(0);
  });

  it('has the special kinds of jobs', async () => {
    expect(await n("select count(*) as n from jobs where stat = 'U'")).toBeGreaterThan(0);
    expect(await n("select count(*) as n from jobs where stat = 'M'")).toBeGreaterThan(0);
    expect(await n('select count(*) as n from jobs where is_protected')).toBeGreaterThan(0);
    expect(await n('select count(*) as n from jobs where job_note is not null')).toBeGreaterThan(0);
    expect(await n('select count(*) as n from jobs where job_note is null')).toBeGreaterThan(0);
    expect(
      await n("select count(*) as n from job_notes where note ~ '[<>]' and note ~ '[^\\x01-\\x7f]'"),
    ).toBeGreaterThan(0);
    expect(await n("select count(*) as n from jobs where document_type = 'DOCX'")).toBeGreaterThan(0);
    expect(await n('select count(*) as n from jobs j where signed and signed_at is null')).toBeGreaterThan(0);
    expect(
      await n(
        'select count(*) as n from jobs j where document_type is null and exists (select 1 from audio_files a where a.job_id = j.id)',
      ),
    ).toBeGreaterThan(0);
    expect(
      await n(
        'select count(*) as n from jobs j where not exists (select 1 from audio_files a where a.job_id = j.id)',
      ),
    ).toBeGreaterThan(0);
    const opus = await n("select count(*) as n from audio_files where codec = 'opus'");
    if (hasCommand('ffmpeg', '-version')) expect(opus).toBeGreaterThan(0);
    else expect(opus).toBe(0);
    expect(
      await n(
        "select count(*) as n from audio_files where codec = 'wav' and mime_type = 'audio/wav' and duration_ms between 15000 and 30000",
      ),
    ).toBe(await n("select count(*) as n from audio_files where codec = 'wav'"));
    expect(await n('select count(*) as n from recipients where is_patient')).toBeGreaterThan(0);
    expect(
      await n(
        'select count(*) as n from recipients r join jobs j on j.id = r.job_id join work_types w on w.id = j.work_type_id where r.is_patient and not w.allow_patient_as_recipient',
      ),
    ).toBe(0);
  });

  it('gives every facility with attachments some of the last 7 days and others over the year', async () => {
    const perFacility = await q<{ cf: number; recent: string; older: string; oldest: string }>(
      `select f.id as cf,
         count(a.id) filter (where a.context_start_at > $1::timestamptz - interval '7 days') as recent,
         count(a.id) filter (where a.context_start_at <= $1::timestamptz - interval '7 days') as older,
         min(a.context_start_at)::text as oldest
       from client_facilities f left join attachments a on a.client_facility_id = f.id
       where f.attachments_enabled group by f.id`,
      [SEED_NOW.toISOString()],
    );
    expect(perFacility.length).toBeGreaterThan(1);
    for (const f of perFacility) {
      expect(Number(f.recent), `facility ${f.cf}`).toBeGreaterThanOrEqual(RECENT_ATTACHMENTS_PER_FACILITY);
      expect(Number(f.older), `facility ${f.cf}`).toBeGreaterThan(0);
      expect(new Date(f.oldest).getTime()).toBeGreaterThan(SEED_NOW.getTime() - 366 * 86_400_000);
    }
    expect(
      await n(`select count(*) as n from attachments where context_start_at > '${SEED_NOW.toISOString()}'`),
    ).toBe(0);
    // Each about a patient of the facility's structure, with a visit of that patient when linked.
    expect(
      await n(`select count(*) as n from attachments a join client_facilities f on f.id = a.client_facility_id
        left join patients p on p.id = a.patient_id left join visits v on v.id = a.visit_id
        where p.corporate_structure_id is distinct from f.corporate_structure_id
           or (a.visit_id is not null and v.patient_id is distinct from a.patient_id)`),
    ).toBe(0);
  });

  it('stores lab results as real PDFs and referral letters as real PNG scans', async () => {
    const rows = await q<{ name: string; mime_type: string; blob_key: string; size: number }>(
      'select name, mime_type, blob_key, size from attachments',
    );
    const kinds = new Set(rows.map((r) => r.mime_type));
    expect([...kinds].sort()).toEqual(['application/pdf', 'image/png']);
    for (const r of rows.slice(0, 12)) {
      const bytes = await blobs.get(r.blob_key);
      expect(bytes.length).toBe(Number(r.size));
      if (r.mime_type === 'application/pdf') {
        expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(r.name).toMatch(/ results \d{4}-\d{2}-\d{2}\.pdf$/);
      } else {
        expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
        expect(r.name).toMatch(/^Referral letter \d{4}-\d{2}-\d{2}\.png$/);
      }
    }
  });

  it('gives the Recipients card a job in the manager’s first facility: 1 to 2 addressees, none yet, faxable physicians to add', async () => {
    const [first] = await q<{ id: number; cs: number }>(
      `select cf.id, cf.corporate_structure_id as cs from accounts a join users u on u.id = a.user_id
       join client_facilities cf on cf.corporate_structure_id = a.company_id
       where u.username = 'manager' order by a.id, cf.id limit 1`,
    );
    const jobsOf = await q<{ id: number }>(
      `select j.id from jobs j join work_types w on w.id = j.work_type_id
       where j.client_facility_id = $1 and j.stage_id not in (${STAGES.finished.id}, ${STAGES.cancelled.id}, ${STAGES.editor.id})
         and j.document_type = 'CDA' and not j.is_protected and j.recipient_registry_id is null
         and w.enable_addressee and w.min_addressees = 1 and w.max_addressees = 2
         and (select count(*) from recipients r where r.job_id = j.id and r.is_addressee and not r.removed) <= 1
         and exists (select 1 from document_versions d where d.job_id = j.id and d.format = 'CDA')`,
      [Number(first!.id)],
    );
    expect(jobsOf.length).toBeGreaterThan(0);
    const addable = await n(
      `select count(*) as n from physicians p
       where p.corporate_structure_id = ${Number(first!.cs)}
         and (p.client_facility_id = ${Number(first!.id)} or p.client_facility_id is null) and p.fax is not null
         and not exists (select 1 from recipients r where r.job_id = ${Number(jobsOf[0]!.id)} and r.physician_id = p.id)`,
    );
    expect(addable).toBeGreaterThanOrEqual(2);
  });

  it('gives the demo dictator jobs to sign, and a resident whose work type names the dictator as attending (issue 43)', async () => {
    const [dictator] = await q<{ physician: number }>(
      `select a.physician_id as physician from accounts a join users u on u.id = a.user_id where u.username = 'dictator'`,
    );
    const physician = Number(dictator!.physician);
    const toSign = await q<{ id: number }>(
      `select j.id from jobs j where j.stage_id = ${STAGES.eSignature.id} and j.dictator_id = $1
         and not j.signed and j.document_type is not null
         and exists (select 1 from document_versions d where d.job_id = j.id and not d.is_draft)`,
      [physician],
    );
    expect(toSign.length).toBe(DEMO_TO_SIGN);
    const [rule] = await q<{ wt: number; attending: number; requires: boolean }>(
      'select work_type_id as wt, attending_physician_id as attending, requires_signature as requires from work_type_signing',
    );
    expect(rule).toMatchObject({ requires: true });
    expect(Number(rule!.attending)).toBe(physician);
    // A resident's job of that work type waits in ES: the dictator co-signs it once the resident signed.
    const residentJobs = await n(
      `select count(*) as n from jobs j join physicians p on p.id = j.dictator_id
        where j.stage_id = ${STAGES.eSignature.id} and p.resident_flag and j.work_type_id = ${Number(rule!.wt)}`,
    );
    expect(residentJobs).toBeGreaterThanOrEqual(1);
  });

  it('has physicians with each badge, automatic recipients and a few jobs managed by a recipient registry', async () => {
    expect(await n('select count(*) as n from physicians where secure_messaging_enabled')).toBeGreaterThan(0);
    expect(
      await n(
        'select count(*) as n from physicians where recipient_provider_id is not null and not secure_messaging_enabled',
      ),
    ).toBeGreaterThan(0);
    expect(await n('select count(*) as n from recipients where auto and not removed')).toBeGreaterThan(0);
    const registry = await n('select count(*) as n from jobs where recipient_registry_id is not null');
    expect(registry).toBeGreaterThan(0);
    expect(registry).toBeLessThan(JOBS / 5);
  });

  it('gives document jobs one seeded version and shares blobs between them', async () => {
    expect(
      await n(
        "select count(*) as n from jobs j where document_type is not null and not exists (select 1 from document_versions d where d.job_id = j.id and d.version = 1 and d.source = 'seed' and d.format = j.document_type)",
      ),
    ).toBe(0);
    expect(
      await n(
        'select count(*) as n from document_versions d join jobs j on j.id = d.job_id where j.document_type is null',
      ),
    ).toBe(0);
  });

  it('gives Word jobs real Word documents: headings, paragraphs and a table (issue 22)', async () => {
    const docx = await q<{ blob_key: string }>(
      "select distinct blob_key from document_versions where format = 'DOCX' limit 5",
    );
    expect(docx.length).toBeGreaterThan(0);
    for (const { blob_key } of docx) {
      const bytes = await blobs.get(blob_key);
      await checkDocxPackage(bytes);
      const body = (await readZipPart(bytes, 'word/document.xml'))!.toString('utf8');
      expect(body).toContain('<w:pStyle w:val="Heading1"/>');
      expect(body).toContain('<w:pStyle w:val="Heading2"/>');
      expect(body).toContain('<w:tbl>');
      expect((await readZipPart(bytes, 'word/styles.xml'))?.length).toBeGreaterThan(0);
    }
  });

  it('keeps every demo document within the default document bounds (issue 23): the intake takes each', async () => {
    const docs = await q<{ blob_key: string; format: string }>(
      'select distinct blob_key, format from document_versions',
    );
    expect(docs.length).toBeGreaterThan(0);
    for (const { blob_key, format } of docs) {
      const bytes = await blobs.get(blob_key);
      if (format === 'DOCX') {
        await checkDocxPackage(bytes, DEFAULT_DOCUMENT_LIMITS);
        expect((await readDocx(bytes, DEFAULT_DOCUMENT_LIMITS)).length).toBeGreaterThan(0);
      } else expect(readCda(bytes, DEFAULT_DOCUMENT_LIMITS).sections.length).toBeGreaterThan(0);
    }
  });

  it('stores every referenced blob', async () => {
    const keys = await q<{ blob_key: string }>(
      'select blob_key from document_versions union select blob_key from audio_files union select blob_key from attachments',
    );
    expect(keys.length).toBeGreaterThan(10);
    for (const { blob_key } of keys) expect(await blobs.exists(blob_key)).toBe(true);
  });

  it('creates the demo users with their accounts and permissions', async () => {
    expect(DEMO_SIGN_INS.map((s) => s.username)).toEqual([
      'manager',
      'transcriptionist',
      'dictator',
      'hqreviewer',
      'noaccount',
    ]);
    expect(summary.users).toEqual(DEMO_SIGN_INS.map((s) => s.username));
    const accounts = async (username: string) =>
      q<{ id: number; member_type: number; company_id: number }>(
        'select a.id, a.member_type, a.company_id from accounts a join users u on u.id = a.user_id where u.username = $1 order by a.id',
        [username],
      );
    const perms = async (accountId: number) =>
      (
        await q<{ permission: string }>('select permission from account_permissions where account_id = $1', [
          accountId,
        ])
      ).map((r) => r.permission);
    const access = async (accountId: number) =>
      (
        await q<{ c: number }>(
          'select corporate_structure_id as c from account_corporate_access where account_id = $1',
          [accountId],
        )
      ).map((r) => Number(r.c));

    const manager = await accounts('manager');
    expect(manager).toHaveLength(2);
    expect(new Set(manager.map((a) => Number(a.company_id))).size).toBe(2);
    for (const a of manager) {
      expect(Number(a.member_type)).toBe(MEMBER_TYPES.manager);
      expect((await perms(a.id)).sort()).toEqual([...PERMISSIONS].sort());
    }
    const seen = new Set([...(await access(manager[0]!.id)), ...(await access(manager[1]!.id))]);
    expect(seen.size).toBe(2);
    expect(await access(manager[0]!.id)).toHaveLength(2);

    const [transcriptionist] = await accounts('transcriptionist');
    expect(Number(transcriptionist?.member_type)).toBe(MEMBER_TYPES.transcriptionist);
    const tPerms = await perms(transcriptionist!.id);
    expect(tPerms).toContain('jobEdit');
    expect(tPerms).toContain('jobEditText');
    expect(tPerms).not.toContain('jobFax');
    expect(await access(transcriptionist!.id)).toHaveLength(1);

    const [dictator] = await accounts('dictator');
    expect(Number(dictator?.member_type)).toBe(MEMBER_TYPES.dictator);
    const dPerms = await perms(dictator!.id);
    expect(dPerms.length).toBeGreaterThan(0);
    for (const p of dPerms) expect(p).toMatch(/View/);

    const [hq] = await accounts('hqreviewer');
    const hqPerms = await perms(hq!.id);
    expect(hqPerms).toContain('holdQueueView');
    expect(hqPerms).toContain('jobEdit');

    expect(await accounts('noaccount')).toHaveLength(0);
    const hashes = await q<{ password_hash: string }>('select password_hash from users');
    expect(hashes).toHaveLength(5);
    for (const h of hashes) expect(h.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('writes the application settings and the seed marker', async () => {
    const rows = await q<{ key: string; value: unknown }>('select key, value from app_settings order by key');
    const byKey = Object.fromEntries(
      rows.map((r) => [r.key, typeof r.value === 'string' ? JSON.parse(r.value) : r.value]),
    );
    expect(byKey.applicationSettings).toEqual({
      jobCountUpdateIntervalSeconds: 180,
      jobListDataBatchSize: 4,
      jobListCountBatchSize: 4,
    });
    expect(byKey['demo.seed']).toEqual({ jobs: JOBS, seededAt: '2026-11-01T12:00:00.000Z', version: 1 });
  });

  it('keeps ids usable after seeding (sequences moved on)', async () => {
    const [row] = await q<{ id: number }>(
      "insert into corporate_structures (name, company_name_id) values ('x', 'x') returning id",
    );
    expect(Number(row?.id)).toBe(3);
    await q('delete from corporate_structures where id = 3');
  });

  it('reports progress without patient data', async () => {
    expect(messages.length).toBeGreaterThan(3);
    const names = await q<{ last_name: string }>('select last_name from patients order by id limit 200');
    for (const m of messages)
      for (const { last_name } of names) expect(m).not.toMatch(new RegExp(`\\b${last_name}\\b`));
  });

  it('refuses to seed twice', async () => {
    await expect(seedDemo(database, blobs, { jobs: 10 })).rejects.toThrow(/already has corporate structures/);
  });

  it('writes identical job, recipient and document rows for the same options (on either database)', async () => {
    const hash = await jobRowsHash(database);
    if (!reference.hash) {
      // Seed a second, fresh in-memory database and compare.
      const other = await openDatabase({});
      try {
        await migrateDatabase(other);
        await seedDemo(other, blobs, { jobs: JOBS, now: SEED_NOW });
        reference.hash = await jobRowsHash(other);
      } finally {
        await other.close();
      }
    }
    expect(hash).toBe(reference.hash);
  });
});
