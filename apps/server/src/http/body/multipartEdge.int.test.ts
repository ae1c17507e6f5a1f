import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { allEndpoints, type Endpoint, message } from '@quill/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../testing/databases.js';
import { MALFORMED_BOUNDARY, MALFORMED_MULTIPART } from '../../testing/hostileUploads.js';
import { buildEditorWorld } from '../../testing/jobEditorTestKit.js';
import type { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

/**
 * Issue 41: a malformed multipart body (no boundary, a part cut short, JSON under a multipart
 * type, a body of another type) answers 400 `api.badMultipart` on every upload route of the
 * endpoint table — one place, the multipart edge (http/body/multipartUpload.ts) — and stores nothing.
 */
describe.each(databaseTargets())('malformed multipart bodies on $name', (target) => {
  let t: TestApp;
  let ed: TestBrowser;
  let jobId: number;
  const uploads = allEndpoints().filter((e) => e.consumes === 'multipart/form-data');

  beforeAll(async () => {
    t = await createTestApp(target);
    const w = await buildEditorWorld(t.ctx);
    ed = await w.browser(t.app, 0);
    jobId = (await w.makeJob()).id;
  }, 60_000);
  afterAll(async () => t?.close());

  const urlOf = (e: Endpoint) => e.path.replace(/\{\w+\}/g, String(jobId));
  const stored = async () => {
    const { rows } = await t.ctx.database.executeSql(
      `select (select count(*) from jobs) + (select count(*) from document_versions)
         + (select count(*) from audio_files) + (select count(*) from uploads)
         + (select count(*) from attachments) as n`,
    );
    const files = await readdir(join(t.dataDir, 'blobs'), { recursive: true }).catch(() => []);
    return { rows: Number((rows[0] as { n: string }).n), files: files.length };
  };

  it('knows the four upload routes of the endpoint table', () => {
    expect(uploads.map((e) => e.path).sort()).toEqual([
      '/api/attachments/import',
      '/api/audio/createwithaudio',
      '/api/job/importDocument/{jobId}',
      '/api/schedule/validateheadings',
    ]);
  });

  for (const bad of MALFORMED_MULTIPART) {
    it(`answers 400 to ${bad.name} on every upload route, storing nothing`, async () => {
      const before = await stored();
      for (const e of uploads) {
        const res = await ed.post(urlOf(e), bad.body, { headers: { 'content-type': bad.type } });
        expect(res.statusCode, `${e.path}: ${res.body}`).toBe(400);
        expect(res.json().error.message, e.path).toBe(message('api.badMultipart'));
      }
      expect(await stored()).toEqual(before);
    });
  }

  it('still tells a JSON or empty form what is missing', async () => {
    for (const e of uploads) {
      for (const [type, body] of [
        ['application/json', '{}'],
        [`multipart/form-data; boundary=${MALFORMED_BOUNDARY}`, `--${MALFORMED_BOUNDARY}--\r\n`],
      ] as const) {
        const res = await ed.post(urlOf(e), body, { headers: { 'content-type': type } });
        expect(res.statusCode, `${e.path}: ${res.body}`).toBe(400);
        expect(res.json().error.message).not.toBe(message('api.badMultipart'));
      }
    }
  });
});
