import { Readable } from 'node:stream';
import { type AttachmentApiCredentials, MAX_ATTACHMENT_RESULTS } from '@quill/core';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, auditLog, clientFacilities } from '../../db/schema/index.js';
import { openAttachment } from '../../services/attachments/openAttachment.js';
import { resolveAttachmentCredential } from '../../services/attachments/resolveAttachmentCredential.js';
import {
  addAttachment,
  basic,
  buildAttachmentWorld,
  credentialsOf,
  daysAgo,
  pdfBytes,
  searchUrl,
} from '../../testing/attachmentTestKit.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

describe.each(databaseTargets())('the attachments service on $name', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildAttachmentWorld>>;
  let creds: AttachmentApiCredentials;
  let cf: number;
  let otherCf: number;
  const ids: Record<string, string> = {};
  const pdf = pdfBytes('Ørsted results');
  const get = (url: string, c: Pick<AttachmentApiCredentials, 'credentials'> = creds, extra = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...basic(c), ...extra } });
  const listed = (res: { json(): unknown }) =>
    (res.json() as { attachmentNonSequentialID: string }[]).map((a) => a.attachmentNonSequentialID);

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await buildAttachmentWorld(t);
    cf = w.north.facilities[0]!.id;
    otherCf = w.north.facilities[1]!.id;
    ids.today = await addAttachment(t.ctx, cf, daysAgo(0.01), {
      name: 'Referral letter.png',
      mimeType: 'image/png',
    });
    ids.threeDays = await addAttachment(t.ctx, cf, daysAgo(3), {
      name: 'Zoë Ørsted – lab results.pdf',
      bytes: pdf,
      patientId: w.northPatient.id,
    });
    ids.tenDays = await addAttachment(t.ctx, cf, daysAgo(10));
    ids.old = await addAttachment(t.ctx, cf, daysAgo(170));
    ids.tooOld = await addAttachment(t.ctx, cf, daysAgo(200));
    ids.future = await addAttachment(t.ctx, cf, daysAgo(-3));
    ids.otherFacility = await addAttachment(t.ctx, otherCf, daysAgo(2));
    ids.south = await addAttachment(t.ctx, w.south.facilities[0]!.id, daysAgo(2));
    creds = await credentialsOf(w.north1.browser);
  });
  afterAll(async () => t?.close());

  describe('search', () => {
    it('lists the facility’s attachments of the last 7 days, newest first, with the spec’s fields', async () => {
      const res = await get(searchUrl(cf, 7));
      expect(res.statusCode, res.body).toBe(200);
      expect(listed(res)).toEqual([ids.today, ids.threeDays]);
      expect(res.json()[1]).toEqual({
        attachmentNonSequentialID: ids.threeDays,
        attachmentName: 'Zoë Ørsted – lab results.pdf',
        attachmentDescription: 'Outside laboratory results',
        contextStartUTC: expect.stringMatching(/Z$/),
        // Issue 39: and the patient the file is about.
        patient: { patientId: w.northPatient.id, name: 'Lovelace, Ada', mrn: w.northPatient.mrn },
      });
      expect(res.json()[0].patient).toBeNull();
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    });

    it('takes a 180-day range, and matches the path in any letter case', async () => {
      const res = await get(
        searchUrl(cf, 180).replace('/Attachments/v1/Company/', '/attachments/V1/company/'),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(listed(res)).toEqual([ids.today, ids.threeDays, ids.tenDays, ids.old]);
    });

    it('refuses 181 days and To before From with the spec’s texts (400)', async () => {
      const long = await get(searchUrl(cf, 181));
      expect(long.statusCode).toBe(400);
      expect(long.json().error.message).toBe('Date range cannot exceed 180 days');
      const backwards = await get(searchUrl(cf, 3, 5));
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().error.message).toBe('To date must be the same or after from date');
    });

    it('refuses a malformed date or facility id with a 400 that says what is wrong', async () => {
      for (const [url, text] of [
        [
          `/Attachments/v1/Company/${cf}?AfterDateUtc=2026-11-19&BeforeInclusiveDateUtc=2026-11-26T00:00:00Z`,
          'AfterDateUtc',
        ],
        [
          `/Attachments/v1/Company/${cf}?AfterDateUtc=2026-11-19T00:00:00Z&BeforeInclusiveDateUtc=soon`,
          'BeforeInclusiveDateUtc',
        ],
        [
          `/Attachments/v1/Company/${cf}?AfterDateUtc=2026-02-30T00:00:00Z&BeforeInclusiveDateUtc=2026-03-02T00:00:00Z`,
          'real date',
        ],
        [`/Attachments/v1/Company/${cf}`, 'AfterDateUtc'],
        [
          '/Attachments/v1/Company/2147483648?AfterDateUtc=2026-11-19T00:00:00Z&BeforeInclusiveDateUtc=2026-11-20T00:00:00Z',
          'clientFacilityId',
        ],
      ] as const) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error.message, url).toContain(text);
      }
    });

    it('answers 404 for another tenant’s facility or an unknown one, and audits the refusal', async () => {
      const res = await get(searchUrl(w.south.facilities[0]!.id, 7));
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('South');
      expect((await get(searchUrl(2_000_000, 7))).statusCode).toBe(404);
      const southCreds = await credentialsOf(w.southUser.browser);
      expect((await get(searchUrl(cf, 7), southCreds)).statusCode).toBe(404);
      const denied = await t.ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'attachment.search'), eq(auditLog.outcome, 'denied')));
      expect(denied.length).toBeGreaterThanOrEqual(3);
    });

    it('answers at most 500 attachments, the newest', async () => {
      const crowded = w.north.facilities[1]!.id;
      const rows = Array.from({ length: MAX_ATTACHMENT_RESULTS + 5 }, (_, i) => ({
        clientFacilityId: crowded,
        name: `Scan ${i}.pdf`,
        description: '',
        mimeType: 'application/pdf',
        blobKey: 'attachments/none.pdf',
        size: 1,
        contextStartAt: new Date(Date.now() - (i + 1) * 60_000),
      }));
      await t.ctx.database.db.insert(attachments).values(rows);
      const res = await get(searchUrl(crowded, 7));
      expect(res.json()).toHaveLength(MAX_ATTACHMENT_RESULTS);
      expect(res.json()[0].attachmentName).toBe('Scan 0.pdf');
      await t.ctx.database.db.delete(attachments).where(eq(attachments.blobKey, 'attachments/none.pdf'));
    });
  });

  describe('download', () => {
    it('streams the file with its type and its name, safely encoded', async () => {
      const res = await get(`/Attachments/v1/${ids.threeDays}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.equals(pdf)).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-length']).toBe(String(pdf.length));
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Zo___rsted___lab_results.pdf"; filename*=UTF-8''${encodeURIComponent('Zoë Ørsted – lab results.pdf')}`,
      );
      expect(res.headers['cache-control']).toBe('no-store');
      const png = await get(`/Attachments/v1/${ids.today}`);
      expect(png.headers['content-type']).toBe('image/png');
    });

    it('hands the route a stream from the blob store, never the whole file', async () => {
      const auth = await resolveAttachmentCredential(
        t.ctx,
        Buffer.from(creds.credentials, 'base64').toString(),
      );
      const file = await openAttachment(t.ctx, auth, ids.threeDays!, null);
      expect(file.body).toBeInstanceOf(Readable);
      file.body.destroy();
    });

    it('answers 404 for another tenant’s attachment or an unknown id, 400 for a malformed one', async () => {
      expect((await get(`/Attachments/v1/${ids.south}`)).statusCode).toBe(404);
      const southCreds = await credentialsOf(w.southUser.browser);
      const res = await get(`/Attachments/v1/${ids.threeDays}`, southCreds);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Ørsted');
      expect((await get('/Attachments/v1/7d1c2b8e-1111-4f3a-9c1e-000000000000')).statusCode).toBe(404);
      const bad = await get('/Attachments/v1/12345');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toContain('attachmentNonSequentialID');
      expect((await get('/Attachments/v1/Company')).statusCode).toBe(400);
      expect((await get('/Attachments/v2/nothing')).statusCode).toBe(404);
    });

    it('audits every download with ids only', async () => {
      const rows = await t.ctx.database.db
        .select()
        .from(auditLog)
        .where(inArray(auditLog.action, ['attachment.download', 'attachment.search']));
      const downloads = rows.filter((r) => r.action === 'attachment.download' && r.outcome === 'success');
      expect(
        downloads.some((r) => r.detail.attachmentId === ids.threeDays && r.patientId === w.northPatient.id),
      ).toBe(true);
      expect(
        rows.some((r) => r.action === 'attachment.search' && r.outcome === 'success' && r.detail.count === 2),
      ).toBe(true);
      expect(rows.every((r) => r.userId !== null && r.accountId !== null)).toBe(true);
      expect(JSON.stringify(rows)).not.toMatch(/Ørsted|Lovelace|lab results/i);
    });
  });

  it('offers Attachments in the job view for a facility with the setting on or with attachments', async () => {
    const withAttachments = await buildJob(t.ctx, w.north.facilities[0]!);
    const without = await buildJob(t.ctx, w.north.facilities[1]!, { stageId: 2 });
    const enabled = async (jobId: number) =>
      (await w.north1.browser.get(`/api/job/GetJobDetails?jobId=${jobId}`)).json().attachmentsEnabled;
    expect(await enabled(withAttachments.id)).toBe(true);
    await t.ctx.database.db.delete(attachments).where(eq(attachments.clientFacilityId, otherCf));
    expect(await enabled(without.id)).toBe(false);
    await t.ctx.database.db
      .update(clientFacilities)
      .set({ attachmentsEnabled: true })
      .where(eq(clientFacilities.id, otherCf));
    expect(await enabled(without.id)).toBe(true);
  });
});
