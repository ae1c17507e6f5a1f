import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentVersions, jobs, uploads } from '../db/schema/index.js';
import { corruptAudio, multipartBody } from '../testing/audioTestKit.js';
import { databaseTargets } from '../testing/databases.js';
import { cdaFixture } from '../testing/documents/documentTestKit.js';
import {
  billionLaughs,
  cdaAttributes,
  cdaDeep,
  cdaLarge,
  cdaParagraphs,
  cdaWith,
  cdaXxe,
  docxBomb,
  docxXxe,
  docxZipSlip,
  fixtureWithNarrative,
  paragraphOfLength,
  paragraphsOf,
  xlsxBillionLaughs,
  xlsxBomb,
  xlsxZipSlip,
} from '../testing/documents/hostileDocuments.js';
import { hugeCellCsv, MALFORMED_MULTIPART } from '../testing/hostileUploads.js';
import type { TestBrowser } from '../testing/processes/browser.js';
import { storedRows, wopiClientOf, wordAuthOf, wordSuite } from '../testing/wopiTestKit.js';

/**
 * Issue 23, suite 3: hostile documents through every route that takes one — the document intake
 * (CDA and DOCX), the WOPI PutFile (DOCX), the schedule upload (XLSX, and issue 41's CSV with a
 * 9.9 MB cell), Create with Audio (issue 41's corrupt dictations), malformed multipart bodies on
 * the upload routes (issue 41), issue 41's CDAs past core's NARRATIVE_LIMITS (a 7 MB paragraph,
 * 99,950 paragraphs), and for documents stored
 * before the intake checked them the editor's model (getcda) and the PDF/RTF downloads — each answers 4xx within 2 s naming the bound it crossed, while a cheap call
 * (the heartbeat) made alongside is never delayed over 200 ms, and nothing is stored.
 */

interface Case {
  name: string;
  /** Where it goes: an upload route, or (stored before intake checked documents) a route that reads it. */
  route:
    | 'importDocument'
    | 'PutFile'
    | 'validateheadings'
    | 'createwithaudio'
    | 'getcda'
    | 'download.pdf'
    | 'download.rtf';
  bytes: () => Buffer;
  /** Sent as the whole body under this content type (a malformed multipart), not as the form's file. */
  contentType?: string;
  /** What the message names: the setting of the bound, or the markup refused. */
  names: RegExp;
  /** The status it must answer, where one is required (issue 41's narrative limits: 413). */
  status?: number;
}

/**
 * The probe's documents (issue 41): a 7 MB paragraph (around a real document), and 99,950
 * paragraphs (in a bare one, as the probe's: a real header's elements would pass DOCUMENT_MAX_ELEMENTS).
 */
function sevenMegabyteParagraph(): Buffer {
  return fixtureWithNarrative(cdaFixture(), paragraphOfLength(7 * 1024 * 1024));
}
function manyParagraphs(): Buffer {
  return cdaWith(paragraphsOf(99_950));
}

const CASES: Case[] = [
  // Row 1 of the issue: 60 KB that unpacks to 60 MB.
  {
    name: 'a .docx whose word/document.xml unpacks to 60 MB',
    route: 'importDocument',
    bytes: () => docxBomb(),
    names: /DOCUMENT_MAX_XML_BYTES/,
  },
  {
    name: 'the 60 MB .docx bomb as a WOPI PutFile',
    route: 'PutFile',
    bytes: () => docxBomb(),
    names: /DOCUMENT_MAX_XML_BYTES/,
  },
  // Row 2 of the issue.
  {
    name: 'a 15 MB CDA of 1,000,000 paragraphs',
    route: 'importDocument',
    bytes: () => cdaParagraphs(),
    names: /DOCUMENT_MAX_XML_BYTES/,
  },
  {
    name: 'a 3 MB CDA of 200,000 paragraphs',
    route: 'importDocument',
    bytes: () => cdaParagraphs(200_000),
    names: /DOCUMENT_MAX_ELEMENTS/,
  },
  {
    name: 'a CDA with 200,000 attributes',
    route: 'importDocument',
    bytes: () => cdaAttributes(),
    names: /DOCUMENT_MAX_ATTRIBUTES/,
  },
  {
    name: 'a CDA nested 200,000 deep',
    route: 'importDocument',
    bytes: () => cdaDeep(),
    names: /DOCUMENT_MAX_DEPTH/,
  },
  { name: 'a 15 MB CDA', route: 'importDocument', bytes: () => cdaLarge(), names: /DOCUMENT_MAX_XML_BYTES/ },
  // Issue 41: within the XML bounds, past what the editor and the renderers handle (core NARRATIVE_LIMITS).
  {
    name: 'a 7 MB CDA of one paragraph',
    route: 'importDocument',
    bytes: sevenMegabyteParagraph,
    names: /paragraph length/,
    status: 413,
  },
  {
    name: 'a CDA of 99,950 paragraphs',
    route: 'importDocument',
    bytes: manyParagraphs,
    names: /paragraph count/,
    status: 413,
  },
  // The classics.
  { name: 'a CDA with an external entity (XXE)', route: 'importDocument', bytes: cdaXxe, names: /DOCTYPE/ },
  {
    name: 'a CDA with the billion laughs',
    route: 'importDocument',
    bytes: () => billionLaughs(),
    names: /DOCTYPE/,
  },
  {
    name: 'a .docx with a zip-slip part name',
    route: 'importDocument',
    bytes: docxZipSlip,
    names: /\.\.\/\.\.\//,
  },
  {
    name: 'a .docx whose main part declares an external entity',
    route: 'importDocument',
    bytes: docxXxe,
    names: /DOCTYPE/,
  },
  {
    name: 'a .docx with a zip-slip part name as a WOPI PutFile',
    route: 'PutFile',
    bytes: docxZipSlip,
    names: /\.\.\/\.\.\//,
  },
  {
    name: 'a .docx with an external entity as a WOPI PutFile',
    route: 'PutFile',
    bytes: docxXxe,
    names: /DOCTYPE/,
  },
  {
    name: 'an .xlsx whose sheet unpacks to 60 MB',
    route: 'validateheadings',
    bytes: () => xlsxBomb(),
    names: /DOCUMENT_MAX_XML_BYTES/,
  },
  {
    name: 'an .xlsx with a zip-slip part name',
    route: 'validateheadings',
    bytes: xlsxZipSlip,
    names: /\/etc\//,
  },
  {
    name: 'an .xlsx with the billion laughs',
    route: 'validateheadings',
    bytes: xlsxBillionLaughs,
    names: /DOCTYPE/,
  },
  // Issue 41: the probe's 9.9 MB cell, its malformed multiparts and its corrupt dictations.
  {
    name: 'a CSV whose one cell holds 9.9 MB',
    route: 'validateheadings',
    bytes: hugeCellCsv,
    names: /at most 2000/,
  },
  ...MALFORMED_MULTIPART.flatMap((m) =>
    (['importDocument', 'validateheadings', 'createwithaudio'] as const).map(
      (route): Case => ({
        name: `a multipart body with ${m.name}`,
        route,
        bytes: () => m.body,
        contentType: m.type,
        names: /multipart\/form-data/,
      }),
    ),
  ),
  ...corruptAudio().map(
    (a): Case => ({
      name: a.name,
      route: 'createwithaudio',
      bytes: () => a.bytes,
      names: /not a playable dictation/,
    }),
  ),
  // Stored before intake checked documents: the editor's model and the renderings refuse them too.
  {
    name: 'getcda of a stored CDA of 200,000 paragraphs',
    route: 'getcda',
    bytes: () => cdaParagraphs(200_000),
    names: /DOCUMENT_MAX_ELEMENTS/,
  },
  {
    name: 'getcda of a stored 7 MB CDA of one paragraph',
    route: 'getcda',
    bytes: sevenMegabyteParagraph,
    names: /paragraph length/,
    status: 413,
  },
  {
    name: 'getcda of a stored CDA of 99,950 paragraphs',
    route: 'getcda',
    bytes: manyParagraphs,
    names: /paragraph count/,
    status: 413,
  },
  {
    name: 'the PDF of a stored 7 MB CDA of one paragraph',
    route: 'download.pdf',
    bytes: sevenMegabyteParagraph,
    names: /paragraph length/,
    status: 413,
  },
  {
    name: 'the RTF of a stored CDA of 99,950 paragraphs',
    route: 'download.rtf',
    bytes: manyParagraphs,
    names: /paragraph count/,
    status: 413,
  },
  {
    name: 'the PDF of a stored CDA nested 200,000 deep',
    route: 'download.pdf',
    bytes: () => cdaDeep(),
    names: /DOCUMENT_MAX_DEPTH/,
  },
  {
    name: 'the RTF of a stored CDA of 1,000,000 paragraphs',
    route: 'download.rtf',
    bytes: () => cdaParagraphs(),
    names: /DOCUMENT_MAX_XML_BYTES/,
  },
  {
    name: 'the RTF of a stored 60 MB .docx bomb',
    route: 'download.rtf',
    bytes: () => docxBomb(),
    names: /DOCUMENT_MAX_XML_BYTES/,
  },
  {
    name: 'the PDF of a stored 60 MB .docx bomb',
    route: 'download.pdf',
    bytes: () => docxBomb(),
    names: /DOCUMENT_MAX_XML_BYTES/,
  },
];

// Cases by database and name (a retried case counts once).
const counts = { cases: new Set<string>(), routes: new Set<string>(), fiveHundreds: 0 };

describe.each(databaseTargets())('hostile documents on $name', (target) => {
  const app = wordSuite(target);
  const bytes = new Map<string, Buffer>();

  beforeAll(async () => {
    for (const c of CASES) bytes.set(c.name, c.bytes());
    // A started server: its document thread is up (from the TypeScript sources it starts in ~2 s).
    await app.t.ctx.documents.run('checkDocument', { bytes: cdaFixture() });
  }, 120_000);

  /** Calls the heartbeat every 20 ms until stopped; answers the slowest answer's time. */
  function heartbeat(browser: TestBrowser) {
    let running = true;
    let slowest = 0;
    let calls = 0;
    const loop = (async () => {
      while (running) {
        const started = performance.now();
        const res = await browser.get('/api/heartbeat/Idle');
        expect(res.statusCode).toBe(200);
        slowest = Math.max(slowest, performance.now() - started);
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    return async () => {
      running = false;
      await loop;
      return { slowest, calls };
    };
  }

  /** Stores bytes as the job's version 2, as a document stored before the intake checked them. */
  async function storeVersion(jobId: number, body: Buffer) {
    const ctx = app.t.ctx;
    const format = body[0] === 0x50 ? 'DOCX' : 'CDA';
    const blob = await ctx.blobs.putContent(body, {
      prefix: 'documents',
      extension: format === 'CDA' ? 'xml' : 'docx',
    });
    await ctx.database.db
      .insert(documentVersions)
      .values({ jobId, version: 2, format, blobKey: blob.key, size: blob.size, source: 'import' });
    await ctx.database.db.update(jobs).set({ version: 2, documentType: format }).where(eq(jobs.id, jobId));
  }

  async function send(c: Case, body: Buffer) {
    const ed = app.ed;
    /** The form of the route with `body` as its file, or `body` itself when the case is a whole body. */
    const formOf = (fields: Record<string, string>, filename: string) => {
      if (c.contentType) return { payload: body, headers: { 'content-type': c.contentType } };
      return multipartBody(fields, [{ filename, bytes: body }]);
    };
    if (c.route === 'importDocument') {
      const job = await app.w.makeJob();
      const form = formOf({ source: 'engine' }, 'document');
      return {
        jobId: job.id,
        res: () => ed.post(`/api/job/importDocument/${job.id}`, form.payload, { headers: form.headers }),
      };
    }
    if (c.route === 'PutFile') {
      const job = await app.w.makeWordJob();
      expect((await ed.post('/api/job/bookoutjob', { jobId: job.id })).statusCode).toBe(200);
      const client = wopiClientOf(app.t.app, await wordAuthOf(ed, job.id), 'edit');
      expect((await client.lock('L1')).statusCode).toBe(200);
      return { jobId: job.id, res: () => client.putFile(body, 'L1') };
    }
    if (c.route === 'getcda' || c.route.startsWith('download.')) {
      const job = await app.w.makeJob();
      await storeVersion(job.id, body);
      const path =
        c.route === 'getcda'
          ? `/api/job/getcda?jobId=${job.id}`
          : `/api/file/download/${job.id}.${c.route.slice(9)}`;
      return { jobId: job.id, res: () => ed.get(path) };
    }
    if (c.route === 'createwithaudio') {
      const fields = {
        clientFacilityId: String(app.w.cf.id),
        dictatorId: String(app.w.docs[0]!.id),
        workTypeId: String(app.w.wt.id),
      };
      const form = formOf(fields, 'dictation.wav');
      return {
        jobId: null,
        res: () => ed.post('/api/audio/createwithaudio', form.payload, { headers: form.headers }),
      };
    }
    const form = formOf(
      { companyId: String(app.w.north.facilities[0]!.id), mshActionType: '0' },
      body.subarray(0, 2).toString() === 'PK' ? 'schedule.xlsx' : 'schedule.csv',
    );
    return {
      jobId: null,
      res: () => ed.post('/api/schedule/validateheadings', form.payload, { headers: form.headers }),
    };
  }

  for (const c of CASES) {
    it(`${c.name} (${c.route}): 4xx within 2 s naming the bound, no call delayed, nothing stored`, {
      // document that holds the event loop holds it on every try. // One retry: on a loaded 2-core machine another process can take the CPU for 200 ms; a
      timeout: 60_000,
      retry: 1,
    }, async () => {
      const body = bytes.get(c.name)!;
      const { jobId, res } = await send(c, body);
      const rows = storedRows(app.t.ctx);
      const before =
        jobId === null ? null : { job: await rows.job(jobId), versions: await rows.versions(jobId) };
      const db = app.t.ctx.database.db;
      const totals = async () => ({ jobs: await db.$count(jobs), uploads: await db.$count(uploads) });
      const totalsBefore = await totals();

      const stop = heartbeat(app.ed);
      const started = performance.now();
      const answer = await res();
      const elapsed = performance.now() - started;
      const beat = await stop();

      counts.cases.add(`${target.name} ${c.route} ${c.name}`);
      counts.routes.add(c.route);
      if (answer.statusCode >= 500) counts.fiveHundreds += 1;
      expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, answer.body).toBeLessThan(500);
      expect(answer.json().error.message).toMatch(c.names);
      if (c.status) expect(answer.statusCode).toBe(c.status);
      expect(elapsed).toBeLessThan(2000);
      expect(beat.calls).toBeGreaterThan(0);
      expect(beat.slowest).toBeLessThan(200);
      expect(await totals()).toEqual(totalsBefore);
      if (jobId !== null) {
        expect(await rows.job(jobId)).toMatchObject({ version: before!.job.version });
        expect(await rows.versions(jobId)).toHaveLength(before!.versions.length);
      }
    });
  }
});

afterAll(() => {
  process.stdout.write(
    `hostile documents: ${counts.cases.size} cases over ${counts.routes.size} routes (${[...counts.routes].join(', ')}), 5xx found = ${counts.fiveHundreds}\n`,
  );
});
