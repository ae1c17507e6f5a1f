import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { allEndpoints, type Endpoint, message } from '@quill/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBrowser } from '../testing/browser.js';
import { databaseTargets } from '../testing/databases.js';
import { buildEditorWorld } from '../testing/jobEditorTestKit.js';
import { createTestApp, type TestApp } from '../testing/testContext.js';

const B = '----QuillBadBoundary41';
const partHead = (name: string, filename?: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n`;
const withBoundary = `multipart/form-data; boundary=${B}`;

/**
 * Issue 41: bodies no browser sends to an upload route, each answered 500 before. Every one is a
 * 400 with the catalogue's message (`api.badMultipart`) before anything reaches a service.
 */
export const MALFORMED_MULTIPART: { name: string; type: string; body: Buffer | string }[] = [
  {
    name: 'no boundary',
    type: 'multipart/form-data',
    body: `${partHead('file', 'a.bin')}abc\r\n--${B}--\r\n`,
  },
  {
    name: 'a truncated part',
    type: withBoundary,
    body: `${partHead('companyId')}1\r\n${partHead('file', 'a.wav')}RIFF\u0000\u0000WAVE`,
  },
  { name: 'JSON sent as multipart', type: withBoundary, body: '{"file":"x","clientFacilityId":1}' },
  {
    name: 'the parts of another boundary',
    type: withBoundary,
    body: '--other\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nx\r\n--other--\r\n',
  },
  {
    name: 'a part header cut short',
    type: withBoundary,
    body: `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a"\r\nX`,
  },
  {
    name: 'an octet stream (wrong content type)',
    type: 'application/octet-stream',
    body: Buffer.from('RIFF'),
  },
  { name: 'an XML body (wrong content type)', type: 'application/xml', body: '<ClinicalDocument/>' },
];

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
    const { rows } = await t.ctx.database.executeSql<{ n: string }>(
      `select (select count(*) from jobs) + (select count(*) from document_versions)
         + (select count(*) from audio_files) + (select count(*) from uploads)
         + (select count(*) from attachments) as n`,
    );
    const files = await readdir(join(t.dataDir, 'blobs'), { recursive: true }).catch(() => []);
    return { rows: Number(rows[0]!.n), files: files.length };
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
        [withBoundary, `--${B}--\r\n`],
      ] as const) {
        const res = await ed.post(urlOf(e), body, { headers: { 'content-type': type } });
        expect(res.statusCode, `${e.path}: ${res.body}`).toBe(400);
        expect(res.json().error.message).not.toBe(message('api.badMultipart'));
      }
    }
  });
});
