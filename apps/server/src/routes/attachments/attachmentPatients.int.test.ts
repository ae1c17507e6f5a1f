import type { AttachmentListItem } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import * as kit from '../../testing/attachmentTestKit.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildPatient } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

/**
 * North's first facility with files of two patients (Ada Lovelace: one filed under her, one under
 * her visit only; Grace Hopper), one naming no patient, and Ada's file in the second facility; jobs
 * of each patient, one naming none, one of the second facility and one of South.
 */
async function buildFilesOfPatients(t: TestApp) {
  const w = await kit.buildAttachmentWorld(t);
  const [first, second] = w.north.facilities;
  const cf = first!.id;
  const ada = w.northPatient;
  const grace = await buildPatient(t.ctx, w.north.structure.id, { first: 'Grace', last: 'Hopper' });
  const file = (at: number, opts: Parameters<typeof kit.addAttachment>[3], facility = cf) =>
    kit.addAttachment(t.ctx, facility, kit.daysAgo(at), opts);
  const ids = {
    ada: await file(1, { name: 'CBC Lovelace.pdf', patientId: ada.id }),
    visit: await file(2, { name: 'Referral for the visit.pdf', visitId: w.northVisit.id }),
    grace: await file(3, { name: 'CBC Hopper.pdf', patientId: grace.id }),
    nobody: await file(4, { name: 'Fax without a patient.pdf' }),
    adaElsewhere: await file(1, { patientId: ada.id }, second!.id),
  };
  const job = async (facility: typeof first, values: Parameters<typeof buildJob>[2]) =>
    (await buildJob(t.ctx, facility!, values)).id;
  const jobIds = {
    ada: await job(first, { patientId: ada.id, visitId: w.northVisit.id }),
    grace: await job(first, { patientId: grace.id }),
    none: await job(first, {}),
    elsewhere: await job(second, { patientId: ada.id }),
    south: await job(w.south.facilities[0], { patientId: w.southPatient.id }),
  };
  return { w, cf, ada, grace, ids, jobIds, creds: await kit.credentialsOf(w.north1.browser) };
}

/**
 * Issue 39 row 6: the attachments search names the patient of every file, and by default (the
 * modal's first search) lists only the files of the job's patient and visit; the whole facility
 * is an explicit choice.
 */
describe.each(databaseTargets())('attachments and their patients on $name', (target) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof buildFilesOfPatients>>;
  const search = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: kit.basic(s.creds) }).then((res) => ({
      status: res.statusCode,
      body: res.body,
      items: res.statusCode === 200 ? (res.json() as AttachmentListItem[]) : [],
    }));
  const names = (items: AttachmentListItem[]) =>
    items.map((a) => [a.attachmentName, a.patient?.name ?? null]);
  const week = () => kit.searchUrl(s.cf, 7);

  beforeAll(async () => {
    t = await createTestApp(target);
    s = await buildFilesOfPatients(t);
  });
  afterAll(async () => t?.close());

  it('lists only the job’s patient’s and visit’s files by default, each naming its patient', async () => {
    const res = await search(`${week()}&JobId=${s.jobIds.ada}`);
    expect(res.status, res.body).toBe(200);
    expect(res.items.map((a) => a.attachmentNonSequentialID)).toEqual([s.ids.ada, s.ids.visit]);
    for (const item of res.items) {
      expect(item.patient).toEqual({ patientId: s.ada.id, name: 'Lovelace, Ada', mrn: s.ada.mrn });
    }
    const other = await search(`${week()}&JobId=${s.jobIds.grace}`);
    expect(names(other.items)).toEqual([['CBC Hopper.pdf', 'Hopper, Grace']]);
  });

  it('lists the whole facility when asked, every file naming its patient or none', async () => {
    const res = await search(week());
    expect(res.status, res.body).toBe(200);
    expect(names(res.items)).toEqual([
      ['CBC Lovelace.pdf', 'Lovelace, Ada'],
      ['Referral for the visit.pdf', 'Lovelace, Ada'],
      ['CBC Hopper.pdf', 'Hopper, Grace'],
      ['Fax without a patient.pdf', null],
    ]);
    expect(res.items[2]!.patient).toEqual({ patientId: s.grace.id, name: 'Hopper, Grace', mrn: s.grace.mrn });
  });

  it('finds no files of its own for a job without a patient or visit', async () => {
    const res = await search(`${week()}&JobId=${s.jobIds.none}`);
    expect(res.status, res.body).toBe(200);
    expect(res.items).toEqual([]);
  });

  it('answers 404 for a job of another facility or tenant, 400 for a malformed job id', async () => {
    for (const jobId of [s.jobIds.elsewhere, s.jobIds.south, 2_000_000]) {
      const res = await search(`${week()}&JobId=${jobId}`);
      expect(res.status, String(jobId)).toBe(404);
      expect(res.body).not.toMatch(/Lovelace|Turing/);
    }
    const bad = await search(`${week()}&JobId=abc`);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error.message).toContain('JobId');
    const denied = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'attachment.search'), eq(auditLog.outcome, 'denied')));
    expect(denied.map((r) => r.detail)).toContainEqual({ clientFacilityId: s.cf, jobId: s.jobIds.south });
  });

  it('audits the search as a read of the job’s patient’s data: ids, never names', async () => {
    await search(`${week()}&JobId=${s.jobIds.ada}`);
    const rows = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'attachment.search'), eq(auditLog.jobId, s.jobIds.ada)));
    expect(rows.at(-1)).toMatchObject({
      outcome: 'success',
      patientId: s.ada.id,
      detail: { scope: 'patient', count: 2, patientIds: [s.ada.id] },
    });
    const all = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'attachment.search'));
    expect(all.some((r) => (r.detail as { scope?: string }).scope === 'facility')).toBe(true);
    expect(JSON.stringify(all)).not.toMatch(/Lovelace|Hopper|CBC/);
  });

  it('gives no patient names to an account without a patient-name permission', async () => {
    // jobView only: no adtView, adtEdit or jobEditAdt — no credential, so no search at all.
    const res = await s.w.noPatientData.browser.get('/api/Account/GetAttachmentApiCredentials');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('You do not have permission to view attachments');
  });
});
