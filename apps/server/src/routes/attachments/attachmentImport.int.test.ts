import { MAX_ATTACHMENT_BYTES, message } from '@quill/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, auditLog } from '../../db/schema/index.js';
import {
  basic,
  blobFiles,
  buildAttachmentWorld,
  credentialsOf,
  pdfBytes,
  pngBytes,
  searchUrl,
} from '../../testing/attachmentTestKit.js';
import { multipartBody } from '../../testing/audioTestKit.js';
import { databaseTargets } from '../../testing/databases.js';
import type { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

const IMPORT = '/api/attachments/import';
const TIFF = Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

describe.each(databaseTargets())('attachment intake on $name', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildAttachmentWorld>>;
  let cf: number;
  const send = (
    b: TestBrowser,
    fields: Record<string, string>,
    file: { bytes: Buffer; filename: string; contentType?: string } | null,
  ) => {
    const body = multipartBody(fields, file ? [file] : []);
    return b.post(IMPORT, body.payload, { headers: body.headers });
  };
  const count = async () => (await t.ctx.database.db.select().from(attachments)).length;

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await buildAttachmentWorld(t);
    cf = w.north.facilities[0]!.id;
  });
  afterAll(async () => t?.close());

  it('stores a PDF in the blob store with its metadata; it is then found and downloaded (201)', async () => {
    const bytes = pdfBytes('CBC panel');
    const res = await send(
      w.north1.browser,
      {
        clientFacilityId: String(cf),
        name: 'CBC panel',
        description: 'Complete blood count',
        patientId: String(w.northPatient.id),
        contextStartUTC: new Date(Date.now() - 3_600_000).toISOString(),
      },
      { bytes, filename: 'scan0001.pdf', contentType: 'application/pdf' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const stored = res.json();
    expect(stored).toMatchObject({
      attachmentName: 'CBC panel.pdf',
      attachmentDescription: 'Complete blood count',
      clientFacilityId: cf,
      patientId: w.northPatient.id,
      visitId: null,
      contentType: 'application/pdf',
      size: bytes.length,
    });
    const [row] = await t.ctx.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.id, stored.attachmentNonSequentialID));
    expect(row).toMatchObject({ importedByAccountId: w.north1.account.id, mimeType: 'application/pdf' });
    expect((await t.ctx.blobs.get(row!.blobKey)).equals(bytes)).toBe(true);

    const creds = await credentialsOf(w.north1.browser);
    const found = await t.app.inject({ method: 'GET', url: searchUrl(cf, 7), headers: basic(creds) });
    expect(found.json().map((a: { attachmentName: string }) => a.attachmentName)).toContain('CBC panel.pdf');
    const file = await t.app.inject({
      method: 'GET',
      url: `/Attachments/v1/${stored.attachmentNonSequentialID}`,
      headers: basic(creds),
    });
    expect(file.rawPayload.equals(bytes)).toBe(true);
    const [audit] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'attachment.import'));
    expect(audit).toMatchObject({
      outcome: 'success',
      patientId: w.northPatient.id,
      accountId: w.north1.account.id,
    });
    expect(audit!.detail).toMatchObject({ attachmentId: stored.attachmentNonSequentialID, via: 'api' });
    expect(JSON.stringify(audit)).not.toMatch(/CBC|blood/);
  });

  it('takes PNG, JPEG and TIFF by their content; a visit brings its patient; the file name is the default name', async () => {
    const png = await send(
      w.north1.browser,
      { clientFacilityId: String(cf), visitId: String(w.northVisit.id) },
      { bytes: pngBytes(), filename: 'Referral letter.png' },
    );
    expect(png.statusCode, png.body).toBe(201);
    expect(png.json()).toMatchObject({
      attachmentName: 'Referral letter.png',
      contentType: 'image/png',
      patientId: w.northPatient.id,
      visitId: w.northVisit.id,
    });
    const jpeg = await send(
      w.north1.browser,
      { clientFacilityId: String(cf), name: 'Wound photo.jpeg' },
      {
        bytes: JPEG,
        filename: 'x.bin',
      },
    );
    expect(jpeg.json()).toMatchObject({ attachmentName: 'Wound photo.jpeg', contentType: 'image/jpeg' });
    const tiff = await send(
      w.north1.browser,
      { clientFacilityId: String(cf), name: 'Fax' },
      { bytes: TIFF, filename: 'f' },
    );
    expect(tiff.json()).toMatchObject({ attachmentName: 'Fax.tif', contentType: 'image/tiff' });
  });

  it('refuses bad input with a 4xx the user can act on, and stores nothing', async () => {
    const before = await count();
    const blobs = (await blobFiles(t)).length;
    const cases: [Record<string, string>, Parameters<typeof send>[2], number, string][] = [
      [
        { clientFacilityId: String(cf) },
        { bytes: Buffer.from('just text'), filename: 'notes.pdf' },
        400,
        message('attachments.import.badType'),
      ],
      [{ clientFacilityId: String(cf) }, null, 400, message('attachments.import.noFile')],
      [
        { clientFacilityId: String(cf) },
        { bytes: Buffer.alloc(0), filename: 'empty.pdf' },
        400,
        message('attachments.import.empty'),
      ],
      [
        { clientFacilityId: String(cf) },
        { bytes: Buffer.alloc(MAX_ATTACHMENT_BYTES + 1, 0x25), filename: 'big.pdf' },
        413,
        message('attachments.import.tooLarge', { max: 20 }),
      ],
      [
        { clientFacilityId: String(cf), patientId: String(w.southPatient.id) },
        { bytes: pdfBytes(), filename: 'a.pdf' },
        404,
        message('attachments.import.patientNotFound', { id: w.southPatient.id }),
      ],
      [
        { clientFacilityId: String(w.south.facilities[0]!.id) },
        { bytes: pdfBytes(), filename: 'a.pdf' },
        404,
        'was not found',
      ],
      [
        {
          clientFacilityId: String(cf),
          patientId: String(w.southPatient.id),
          visitId: String(w.northVisit.id),
        },
        { bytes: pdfBytes(), filename: 'a.pdf' },
        404,
        'Visit',
      ],
      [{ clientFacilityId: '2147483648' }, { bytes: pdfBytes(), filename: 'a.pdf' }, 400, 'clientFacilityId'],
      [{}, { bytes: pdfBytes(), filename: 'a.pdf' }, 400, 'clientFacilityId'],
      [
        { clientFacilityId: String(cf), name: 'bad\u0007name' },
        { bytes: pdfBytes(), filename: 'a.pdf' },
        400,
        'control character',
      ],
      [
        { clientFacilityId: String(cf), description: 'x'.repeat(501) },
        { bytes: pdfBytes(), filename: 'a.pdf' },
        400,
        'at most 500',
      ],
      [
        { clientFacilityId: String(cf), contextStartUTC: '2026-02-30T10:00:00Z' },
        { bytes: pdfBytes(), filename: 'a.pdf' },
        400,
        'contextStartUTC',
      ],
    ];
    for (const [fields, file, status, text] of cases) {
      const res = await send(w.north1.browser, fields, file);
      expect(res.statusCode, `${JSON.stringify(fields)} ${res.body}`).toBe(status);
      expect(res.json().error.message).toContain(text);
    }
    expect(await count()).toBe(before);
    expect((await blobFiles(t)).length).toBe(blobs);
  });

  it('needs adtUpload (403) and the CSRF header (403), and a session (401)', async () => {
    const file = { bytes: pdfBytes(), filename: 'a.pdf' };
    const denied = await send(w.noUpload.browser, { clientFacilityId: String(cf) }, file);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(message('attachments.import.noPermission'));
    const body = multipartBody({ clientFacilityId: String(cf) }, [file]);
    const noCsrf = await w.north1.browser.post(IMPORT, body.payload, { headers: body.headers, xsrf: false });
    expect(noCsrf.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: IMPORT,
      payload: body.payload,
      headers: body.headers,
    });
    expect([401, 403]).toContain(anonymous.statusCode);
  });
});
