import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobAdtSchema, STAGES } from '@quill/core';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { documentVersions, jobOrders, jobs } from '../db/schema/index.js';
import { documentFacts } from '../documents/cda/cdaFacts.js';
import { jobAdtOf } from '../services/adt/jobAdtAnswer.js';
import { FsBlobStore } from '../storage/fsBlobStore.js';
import { databaseTargets } from '../testing/databases.js';
import { seedDemo } from './seed.js';

/** The demo's patient, visit and order data as getadtdata answers it (issue 20). */
describe.each(databaseTargets())('demo ADT on $name', (target) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let blobDir: string;
  let blobs: FsBlobStore;
  const q = async <T = Record<string, unknown>>(text: string) =>
    (await database.executeSql(text)).rows as T[];
  const n = async (text: string) => Number((await q<{ n: unknown }>(text))[0]?.n);

  beforeAll(async () => {
    ({ database, dispose } = await target.create());
    await migrateDatabase(database);
    blobDir = await mkdtemp(join(tmpdir(), 'quill-adt-demo-'));
    blobs = new FsBlobStore(blobDir);
    await seedDemo(database, blobs, { jobs: 120 });
  }, 300_000);
  afterAll(async () => {
    await dispose?.();
    if (blobDir) await rm(blobDir, { recursive: true, force: true });
  });

  /** The job's ADT answer, checked against the contract. */
  const adtOf = async (jobId: number) => {
    const [job] = await database.db.select().from(jobs).where(eq(jobs.id, jobId));
    return JobAdtSchema.parse(await jobAdtOf(database.db, job!));
  };

  it('gives some facilities orders (with their ordering physicians) and the others none', async () => {
    const withOrders = await n(
      "select count(distinct client_facility_id) as n from adt_definitions where segment_name = 'ORC'",
    );
    const facilities = await n('select count(*) as n from client_facilities');
    expect(withOrders).toBeGreaterThan(0);
    expect(withOrders).toBeLessThan(facilities);
    expect(await n('select count(*) as n from job_orders')).toBeGreaterThan(0);
    expect(
      await n(
        "select count(*) as n from job_orders jo join jobs j on j.id = jo.job_id where not exists (select 1 from adt_definitions d where d.client_facility_id = j.client_facility_id and d.segment_name = 'ORC')",
      ),
    ).toBe(0);
    expect(await n("select count(*) as n from job_orders where physicians ? 'OBR.16'")).toBeGreaterThan(0);
    // Every order record names its ordering physician, one its patient's structure has; a job's
    // order has the record's.
    expect(await n("select count(*) as n from orders where not physicians ? 'OBR.16'")).toBe(0);
    expect(
      await n(
        `select count(*) as n from orders o join visits v on v.id = o.visit_id join patients p on p.id = v.patient_id
          join physicians d on d.id = (o.physicians->>'OBR.16')::int
          where d.corporate_structure_id <> p.corporate_structure_id`,
      ),
    ).toBe(0);
    expect(
      await n(
        'select count(*) as n from job_orders jo join orders o on o.id = jo.order_id where jo.physicians <> o.physicians',
      ),
    ).toBe(0);
    expect(await n("select count(*) as n from jobs where adt ? 'ORC.2.1'")).toBe(0);
  });

  it('answers every facility’s set: patient, visit, insurance and physician items, orders where used', async () => {
    const firstJobs = await q<{ id: number; orders: boolean }>(
      `select min(j.id) as id, exists (select 1 from adt_definitions d where d.client_facility_id = j.client_facility_id and d.segment_name = 'ORC') as orders
         from jobs j where j.patient_id is not null group by j.client_facility_id`,
    );
    for (const { id, orders } of firstJobs) {
      const adt = await adtOf(Number(id));
      const keys = adt.outputAdtData.map((i) => {
        const h = i.hl7Identifier;
        return `${h.segment}.${h.field}.${h.component}`;
      });
      for (const key of ['PID.3.1', 'PID.5.1', 'PID.5.2', 'PID.5.3', 'PID.7.1', 'PID.8.1', 'PID.18.1'])
        expect(keys).toContain(key);
      for (const key of ['PID.19.1', 'PV1.2.1', 'PV1.44.1', 'PV1.45.1', 'IN1.4.1'])
        expect(keys).toContain(key);
      expect(adt.outputAdtData.at(-1)!.ordinal).toBe(0);
      expect(adt.hl7Physician.map((p) => [p.displayName, p.follows])).toEqual([
        ['Attending Physician', 'dictator'],
        ['Referring Physician', null],
      ]);
      expect(adt.orderTemplate !== null).toBe(Boolean(orders));
      if (orders)
        expect(adt.orderSummary.map((s) => s.displayName)).toEqual([
          'Order Number',
          'Ordered Procedure',
          'Order Date/Time',
        ]);
      // Every stored value reads by its data type.
      for (const item of adt.outputAdtData)
        if (item.value !== null) expect(item.parsedValue, item.displayName).not.toBeNull();
    }
  });

  it('keeps hold-queue jobs flagged for missing mandatory ADT, each with an empty mandatory field', async () => {
    const flagged = await q<{ id: number }>(
      `select j.id from jobs j join job_flags f on f.job_id = j.id join hold_queue_rules r
          on r.client_facility_id = j.client_facility_id and r.code = f.code
        where j.stage_id = ${STAGES.holdQueue.id} and r.kind = 'missingMandatoryAdt'`,
    );
    expect(flagged.length).toBeGreaterThan(0);
    const rows = await database.db
      .select()
      .from(jobs)
      .where(
        inArray(
          jobs.id,
          flagged.map((f) => Number(f.id)),
        ),
      );
    for (const job of rows) {
      const adt = await adtOf(job.id);
      expect(adt.outputAdtData.some((i) => i.mandatory && i.value === null)).toBe(true);
    }
  });

  it('has a dictation the ADT feed did not match: held, no patient, the walk-in’s document', async () => {
    const [walkIn] = await q<{ id: number; last_name: string; first_name: string; date_of_birth: unknown }>(
      'select p.* from patients p where p.date_of_birth is null',
    );
    expect(walkIn).toBeDefined();
    const visits = await q<{ orders: number }>(
      `select (select count(*) from orders o where o.visit_id = v.id) as orders from visits v
        where v.patient_id = ${walkIn!.id} order by v.admitted_at desc`,
    );
    expect(Number(visits[0]?.orders)).toBe(2);
    expect(await n(`select count(*) as n from jobs where patient_id = ${walkIn!.id}`)).toBe(0);

    const [job] = await q<{ id: number }>(
      `select j.id from jobs j join job_flags f on f.job_id = j.id
        where j.stage_id = ${STAGES.holdQueue.id} and f.code = 'HQ01' and j.patient_id is null
          and j.document_type = 'CDA'`,
    );
    const jobId = Number(job!.id);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(row).toMatchObject({ visitId: null, adt: {} });
    expect(await database.db.select().from(jobOrders).where(eq(jobOrders.jobId, jobId))).toEqual([]);
    const adt = await adtOf(jobId);
    expect(adt.orderTemplate).not.toBeNull();
    expect(adt.adtSearchConfiguration).not.toBeNull();
    expect(adt.outputAdtData.filter((i) => i.mandatory).every((i) => i.value === null)).toBe(true);
    // The document names the walk-in (so accepting them agrees with the name rule).
    const [version] = await database.db
      .select()
      .from(documentVersions)
      .where(eq(documentVersions.jobId, jobId));
    const named = documentFacts((await blobs.get(version!.blobKey)).toString('utf8'))?.patientName ?? '';
    expect(named).toContain(walkIn!.last_name);
    expect(named).toContain(walkIn!.first_name);
  });
});
