import type { AttachmentApiCredentials, AttachmentListItem } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import {
  addAttachment,
  basic,
  buildAttachmentWorld,
  credentialsOf,
  daysAgo,
  searchUrl,
} from '../../testing/attachmentTestKit.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildPatient } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

/**
 * Issue 39 row 6: the attachments search names the patient of every file, and by default (the
 * modal's first search) lists only the files of the job's patient and visit; the whole facility
 * is an explicit choice.
 */
describe.each(databaseTargets())('attachments and their patients on $name', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildAttachmentWorld>>;
  let creds: AttachmentApiCredentials;
  let cf: number;
  const ids: Record<string, string> = {};
  const jobIds: Record<string, number> = {};
  let ada: { id: number; mrn: string };
  let grace: { id: number; mrn: string };

  const search = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: basic(creds) }).then((res) => ({
      status: res.statusCode,
      body: res.body,
      items: res.statusCode === 200 ? (res.json() as AttachmentListItem[]) : [],
    }));
  const names = (items: AttachmentListItem[]) =>
    items.map((a) => [a.attachmentName, a.patient?.name ?? null]);

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await buildAttachmentWorld(t);
    const [first, second] = w.north.facilities;
    cf = first!.id;
    ada = w.northPatient;
    grace = await buildPatient(t.ctx, w.north.structure.id, { first: 'Grace', last: 'Hopper' });
    ids.ada = await addAttachment(t.ctx, cf, daysAgo(1), { name: 'CBC Lovelace.pdf', patientId: ada.id });
    // A file filed under the visit only: the visit's patient is its patient.
    ids.visit = await addAttachment(t.ctx, cf, daysAgo(2), {
      name: 'Referral for the visit.pdf',
      visitId: w.northVisit.id,
    });
    ids.grace = await addAttachment(t.ctx, cf, daysAgo(3), { name: 'CBC Hopper.pdf', patientId: grace.id });
    ids.nobody = await addAttachment(t.ctx, cf, daysAgo(4), { name: 'Fax without a patient.pdf' });
    ids.adaElsewhere = await addAttachment(t.ctx, second!.id, daysAgo(1), { patientId: ada.id });
    jobIds.ada = (await buildJob(t.ctx, first!, { patientId: ada.id, visitId: w.northVisit.id })).id;
    jobIds.grace = (await buildJob(t.ctx, first!, { patientId: grace.id })).id;
    jobIds.none = (await buildJob(t.ctx, first!, {})).id;
    jobIds.elsewhere = (await buildJob(t.ctx, second!, { patientId: ada.id })).id;
    jobIds.south = (await buildJob(t.ctx, w.south.facilities[0]!, { patientId: w.southPatient.id })).id;
    creds = await credentialsOf(w.north1.browser);
  });
  afterAll(async () => t?.close());

  it('lists only the job’s patient’s and visit’s files by default, each naming its patient', async () => {
    const res = await search(`${searchUrl(cf, 7)}&JobId=${jobIds.ada}`);
    expect(res.status, res.body).toBe(200);
    expect(res.items.map((a) => a.attachmentNonSequentialID)).toEqual([ids.ada, ids.visit]);
    for (const item of res.items) {
      expect(item.patient).toEqual({ patientId: ada.id, name: 'Lovelace, Ada', mrn: ada.mrn });
    }
    const other = await search(`${searchUrl(cf, 7)}&JobId=${jobIds.grace}`);
    expect(names(other.items)).toEqual([['CBC Hopper.pdf', 'Hopper, Grace']]);
  });

  it('lists the whole facility when asked, every file naming its patient or none', async () => {
    const res = await search(searchUrl(cf, 7));
    expect(res.status, res.body).toBe(200);
    expect(names(res.items)).toEqual([
      ['CBC Lovelace.pdf', 'Lovelace, Ada'],
      ['Referral for the visit.pdf', 'Lovelace, Ada'],
      ['CBC Hopper.pdf', 'Hopper, Grace'],
      ['Fax without a patient.pdf', null],
    ]);
    expect(res.items[2]!.patient).toEqual({ patientId: grace.id, name: 'Hopper, Grace', mrn: grace.mrn });
  });

  it('finds no files of its own for a job without a patient or visit', async () => {
    const res = await search(`${searchUrl(cf, 7)}&JobId=${jobIds.none}`);
    expect(res.status, res.body).toBe(200);
    expect(res.items).toEqual([]);
  });

  it('answers 404 for a job of another facility or tenant, 400 for a malformed job id', async () => {
    for (const jobId of [jobIds.elsewhere, jobIds.south, 2_000_000]) {
      const res = await search(`${searchUrl(cf, 7)}&JobId=${jobId}`);
      expect(res.status, String(jobId)).toBe(404);
      expect(res.body).not.toMatch(/Lovelace|Turing/);
    }
    const bad = await search(`${searchUrl(cf, 7)}&JobId=abc`);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error.message).toContain('JobId');
    const denied = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'attachment.search'), eq(auditLog.outcome, 'denied')));
    expect(denied.map((r) => r.detail)).toContainEqual({ clientFacilityId: cf, jobId: jobIds.south });
  });

  it('audits the search as a read of the job’s patient’s data: ids, never names', async () => {
    await search(`${searchUrl(cf, 7)}&JobId=${jobIds.ada}`);
    const rows = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'attachment.search'), eq(auditLog.jobId, jobIds.ada)));
    expect(rows.at(-1)).toMatchObject({
      outcome: 'success',
      patientId: ada.id,
      detail: { scope: 'patient', count: 2, patientIds: [ada.id] },
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
    const res = await w.noPatientData.browser.get('/api/Account/GetAttachmentApiCredentials');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('You do not have permission to view attachments');
  });
});
