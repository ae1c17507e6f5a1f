import { type WordAuth, WordAuthSchema } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { AppContext } from '../context.js';
import { bookings, documentVersions, jobs } from '../db/schema/index.js';
import { buildDocx } from '../demo/files/docx.js';
import { forgetDiscovery } from '../services/wopi/wopiDiscovery.js';
import type { DatabaseTarget } from './databases.js';
import { buildEditorWorld } from './jobEditorTestKit.js';
import type { TestBrowser } from './processes/browser.js';
import { createTestApp, type TestApp } from './testContext.js';
import { type FakeDiscovery, serveDiscovery } from './wopiFixtures.js';

type Ctx = Pick<AppContext, 'database' | 'blobs'>;

/** A real Word document (heading, paragraphs, a table) whose assessment says `word`. */
export function wordDocument(word = 'stable'): Buffer {
  return buildDocx(
    [
      { text: 'Progress Note', heading: 1 },
      { table: { head: ['Patient', 'MRN'], rows: [['Everyman, Adam', '444-22-2222']] } },
      { text: 'Assessment', heading: 2 },
      { text: `The patient is ${word} and comfortable.` },
      { text: 'Plan', heading: 2 },
      { text: 'Continue the current medication.', bullet: true },
    ],
    { title: 'Progress Note' },
  );
}

/** Makes the job a Word job: its first document version is `bytes` (DOCX). */
export async function addWordDocument(ctx: Ctx, jobId: number, bytes = wordDocument()): Promise<void> {
  const blob = await ctx.blobs.putContent(bytes, { prefix: 'documents', extension: 'docx' });
  await ctx.database.db
    .insert(documentVersions)
    .values({ jobId, version: 1, format: 'DOCX', blobKey: blob.key, size: blob.size, source: 'import' });
  await ctx.database.db.update(jobs).set({ documentType: 'DOCX' }).where(eq(jobs.id, jobId));
}

/** The editor world of the job editor's tests with `makeWordJob`: a job whose document is Word. */
export async function buildWordWorld(ctx: Ctx) {
  const w = await buildEditorWorld(ctx);
  async function makeWordJob(values: Parameters<typeof w.makeJob>[0] = {}, bytes?: Buffer) {
    const job = await w.makeJob(values, null);
    await addWordDocument(ctx, job.id, bytes);
    return job;
  }
  return { ...w, makeWordJob };
}

export type WordWorld = Awaited<ReturnType<typeof buildWordWorld>>;

/** A test app with the Word world and editor A signed in; with a discovery fixture, a fake WOPI client too. */
export interface WordApp {
  t: TestApp;
  w: WordWorld;
  ed: TestBrowser;
  discovery: FakeDiscovery | null;
  close(): Promise<void>;
}

/**
 * Opens a WordApp on the database target. With `discoveryFixture` (e.g. collabora-discovery.xml)
 * a fake WOPI client serves it and WOPI_DISCOVERY_URL points there (read afresh).
 */
export async function openWordApp(
  target: DatabaseTarget,
  opts: { env?: Record<string, string>; discoveryFixture?: string } = {},
): Promise<WordApp> {
  forgetDiscovery();
  const discovery = opts.discoveryFixture ? await serveDiscovery(opts.discoveryFixture) : null;
  const t = await createTestApp(target, {
    ...(discovery ? { WOPI_DISCOVERY_URL: discovery.url } : {}),
    ...opts.env,
  });
  const w = await buildWordWorld(t.ctx);
  const ed = await w.browser(t.app, 0);
  return {
    t,
    w,
    ed,
    discovery,
    async close() {
      await t.close();
      await discovery?.close();
      forgetDiscovery();
    },
  };
}

/**
 * A WOPI test suite's app: registers the suite's beforeAll (openWordApp) and afterAll (close) and
 * answers the WordApp, whose fields are there once the suite's tests run.
 */
export function wordSuite(target: DatabaseTarget, opts: Parameters<typeof openWordApp>[1] = {}): WordApp {
  const app = {} as WordApp;
  beforeAll(async () => {
    Object.assign(app, await openWordApp(target, opts));
  }, 120_000);
  afterAll(async () => app.close?.());
  return app;
}

/** The stored rows of a job the WOPI tests read back: the job, its document versions, its booking. */
export function storedRows(ctx: Pick<AppContext, 'database'>) {
  const db = ctx.database.db;
  return {
    job: async (id: number) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!,
    versions: (id: number) => db.select().from(documentVersions).where(eq(documentVersions.jobId, id)),
    booking: async (id: number) => (await db.select().from(bookings).where(eq(bookings.jobId, id)))[0],
  };
}

/** GET /api/jobs/getwordauth as the browser; throws unless it answered 200. */
export async function wordAuthOf(browser: TestBrowser, jobId: number): Promise<WordAuth> {
  const res = await browser.get(`/api/jobs/getwordauth?jobId=${jobId}`);
  if (res.statusCode !== 200) throw new Error(`getwordauth ${res.statusCode}: ${res.body}`);
  return WordAuthSchema.parse(res.json());
}

/** The WOPISrc of a frame address (its query parameter), as a path on this server. */
export function wopiSrcPath(frameUrl: string): string {
  const src = new URL(frameUrl).searchParams.get('WOPISrc');
  if (!src) throw new Error(`no WOPISrc in ${frameUrl}`);
  return new URL(src).pathname;
}

/**
 * A WOPI client for app.inject(), making the calls a WOPI client makes (the public WOPI REST
 * specification) for one file with one access token — no cookies, no CSRF header.
 */
export class WopiTestClient {
  constructor(
    private readonly app: FastifyInstance,
    /** `/wopi/files/{fileId}` */
    readonly filePath: string,
    public token: string,
  ) {}

  private url(suffix = '') {
    return `${this.filePath}${suffix}?access_token=${encodeURIComponent(this.token)}`;
  }

  checkFileInfo() {
    return this.app.inject({ method: 'GET', url: this.url() });
  }

  getFile(headers: Record<string, string> = {}) {
    return this.app.inject({ method: 'GET', url: this.url('/contents'), headers });
  }

  /** POST /wopi/files/{fileId} with X-WOPI-Override and the other headers given. */
  operation(override: string, headers: Record<string, string> = {}) {
    return this.app.inject({
      method: 'POST',
      url: this.url(),
      headers: { 'x-wopi-override': override, ...headers },
    });
  }

  lock(lock: string) {
    return this.operation('LOCK', { 'x-wopi-lock': lock });
  }

  unlockAndRelock(oldLock: string, lock: string) {
    return this.operation('LOCK', { 'x-wopi-oldlock': oldLock, 'x-wopi-lock': lock });
  }

  getLock() {
    return this.operation('GET_LOCK');
  }

  refreshLock(lock: string) {
    return this.operation('REFRESH_LOCK', { 'x-wopi-lock': lock });
  }

  unlock(lock: string) {
    return this.operation('UNLOCK', { 'x-wopi-lock': lock });
  }

  /** PutFile with the lock (none when null) and any further headers (Collabora's). */
  putFile(bytes: Buffer, lock: string | null, headers: Record<string, string> = {}) {
    return this.app.inject({
      method: 'POST',
      url: this.url('/contents'),
      headers: {
        'x-wopi-override': 'PUT',
        'content-type': 'application/octet-stream',
        ...(lock === null ? {} : { 'x-wopi-lock': lock }),
        ...headers,
      },
      payload: bytes,
    });
  }
}

/** A WOPI client for the frame address and token getwordauth answered. */
export function wopiClientOf(app: FastifyInstance, auth: WordAuth, address: 'edit' | 'view' = 'view') {
  const url = address === 'edit' ? auth.editUrl : auth.viewUrl;
  if (!url) throw new Error(`getwordauth answered no ${address} address`);
  return new WopiTestClient(app, wopiSrcPath(url), auth.accessToken);
}
