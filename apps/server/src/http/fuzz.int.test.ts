import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ATTACHMENTS_PREFIX, allEndpoints, type Endpoint, WOPI_PREFIX } from '@quill/core';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { DEMO_PASSWORD, seedDemo } from '../demo/seed.js';
import { databaseTargets } from '../testing/databases.js';
import {
  asText,
  type FuzzInput,
  fillMarks,
  type IdPool,
  inputsOf,
  multipartOf,
  needsBooking,
  sweepOf,
  urlOfInput,
} from '../testing/fuzzInputs.js';
import { createTestApp, type TestApp } from '../testing/testContext.js';
import { WORD_CLIENT_HTML } from './wopi/wordClientPage.js';

/**
 * Issue 23, suite 2 — the fuzz suite, driven by the endpoint table: every route of the table
 * (a route added later is fuzzed the day it is added), signed in as the demo manager with a valid
 * CSRF token, gets generated bad input (fast-check, from the route's own schemas: wrong types,
 * NUL and control characters, huge, negative, float, exponent and hex ids, over-long text, deep
 * nesting, large arrays, missing and unknown fields, unknown path parameters). Every answer is a
 * 4xx, or a 2xx/3xx where the input happened to be valid — never a 5xx — while the heap and the
 * event-loop delay stay bounded. Fixed seed; RUNS random inputs per route, then a sweep that puts
 * 2³¹ or NUL-laced text into each field of a fully populated input in turn — each of those must
 * be refused with a 4xx, not merely survived.
 */

const RUNS = 16;
const SEED = 23;
const DEMO_JOBS = 40;
/**
 * Generous bounds (the issue's "within 2 s"): a run that leaks or blocks goes far past them. What
 * the run still holds after a full collection is the leak measure; the peak (garbage not yet
 * collected included) moves with when V8 collects (330–410 MB in runs of the same inputs), so it
 * only has to stay under the server's memory budget.
 */
const MAX_HEAP_RETAINED_MB = 200;
const MAX_HEAP_GROWTH_MB = 512;

/** A full garbage collection (the flag is set at run time; the test process is not started with it). */
function collectGarbage() {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
/**
 * PGlite runs the database itself on the server's event loop, so its queries count as delay
 * there; with PostgreSQL only the server's own work does.
 */
const MAX_LOOP_DELAY_MS = { pglite: 5_000, postgres: 3_000 } as const;
/** Most of the time the loop answers at once: a 99th percentile over this means steady blocking. */
const MAX_LOOP_DELAY_P99_MS = 500;

/** A stable seed per route, so that adding a route does not change the inputs of the others. */
function seedOf(e: Endpoint): number {
  let h = SEED;
  for (const ch of `${e.method} ${e.path}`) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

/** Calls that change the session itself: the session is opened again after each. */
const changesSession = (e: Endpoint) => /SignOut|SetUserSummary|\/login$/i.test(e.path);

interface Finding {
  call: string;
  status: number;
  url: string;
  body: string;
}

describe.each(databaseTargets())('fuzz suite on $name', (target) => {
  let t: TestApp;
  /** The server under test: the test app's, with a built web app (the Word client page needs one). */
  let app: FastifyInstance;
  let webDist: string;
  const cookies = new Map<string, string>();
  let memberId = 0;
  let pool: IdPool;
  let attachmentAuth = '';
  let wopiToken = '';
  /** The job the suite books again before each write that presents a booking cookie. */
  let bookedJob = 0;

  const remember = (res: LightMyRequestResponse) => {
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) cookies.delete(c.name);
      else cookies.set(c.name, c.value);
    }
    return res;
  };
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const get = async (url: string) =>
    remember(await app.inject({ method: 'GET', url, headers: { cookie: cookieHeader() } }));

  const post = async (url: string, payload?: object) =>
    remember(
      await app.inject({
        method: 'POST',
        url,
        headers: { cookie: cookieHeader(), 'x-xsrf-token': cookies.get('XSRF-TOKEN') ?? '' },
        ...(payload ? { payload } : {}),
      }),
    );

  /** A live booking of the booked job and its current version, for the stand-ins of an input. */
  async function liveBooking(): Promise<{ cookie: string; version: number }> {
    const booked = await post('/api/job/bookoutjob', { jobId: bookedJob });
    const version = await get(`/api/job/getjobversion?jobId=${bookedJob}`);
    return {
      cookie: booked.statusCode === 200 ? booked.json().bookingCookie : 'no-booking',
      version: version.statusCode === 200 ? version.json().version : 1,
    };
  }

  async function signIn() {
    cookies.clear();
    await get('/api/account/authenticated');
    const login = await post('/api/account/login', { username: 'manager', password: DEMO_PASSWORD });
    if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
    memberId ||= (await get('/api/Account/GetUserSummaries')).json()[0].memberId;
    const chosen = await post(`/api/Account/SetUserSummary/${memberId}`);
    if (chosen.statusCode !== 200) throw new Error(`account selection failed: ${chosen.statusCode}`);
  }

  const ids = async (sql: string) =>
    (await t.ctx.database.executeSql(sql)).rows.map((r) => Number(Object.values(r)[0]));

  beforeAll(async () => {
    t = await createTestApp(target);
    webDist = await mkdtemp(join(tmpdir(), 'quill-fuzz-web-'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><html><head></head><body>app</body></html>');
    await writeFile(
      join(webDist, WORD_CLIENT_HTML),
      '<!doctype html><html><head><title>Word</title></head><body><div id="root"></div></body></html>',
    );
    app = await buildApp(t.ctx, { webDist });
    await seedDemo(t.ctx.database, t.ctx.blobs, { jobs: DEMO_JOBS });
    await signIn();
    pool = {
      jobs: await ids('select id from jobs order by id limit 12'),
      structures: await ids('select id from corporate_structures order by id'),
      facilities: await ids('select id from client_facilities order by id limit 8'),
      physicians: await ids('select id from physicians order by id limit 8'),
      members: [memberId],
      uploads: await ids('select id from uploads order by id limit 4'),
    };
    for (const jobId of pool.jobs) {
      if ((await post('/api/job/bookoutjob', { jobId })).statusCode === 200) {
        bookedJob = jobId;
        pool.jobs = [jobId, ...pool.jobs.filter((j) => j !== jobId)];
        break;
      }
    }
    expect(bookedJob).toBeGreaterThan(0);
    // The first document rendered loads fonts and templates: done before the delay is measured.
    await get(`/api/file/download/${bookedJob}.pdf`);
    const creds = await get('/api/Account/GetAttachmentApiCredentials');
    if (creds.statusCode === 200) attachmentAuth = `Basic ${creds.json().credentials}`;
    for (const jobId of pool.jobs) {
      const auth = await get(`/api/jobs/getwordauth?jobId=${jobId}`);
      if (auth.statusCode === 200) {
        wopiToken = auth.json().accessToken;
        break;
      }
    }
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await t?.close();
    if (webDist) await rm(webDist, { recursive: true, force: true });
  });

  function request(e: Endpoint, input: FuzzInput, run: number) {
    let url = urlOfInput(e, input);
    const headers: Record<string, string> = { cookie: cookieHeader() };
    if (e.method !== 'GET') headers['x-xsrf-token'] = cookies.get('XSRF-TOKEN') ?? '';
    const path = e.path.toLowerCase();
    if (path.startsWith(ATTACHMENTS_PREFIX) && attachmentAuth) headers.authorization = attachmentAuth;
    if (path.startsWith(WOPI_PREFIX)) {
      // Half the runs with the real token, so the host's own checks see the broken input too.
      if (wopiToken && run % 2 === 0)
        url += `${url.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(wopiToken)}`;
      headers['x-wopi-override'] = input.header ?? 'LOCK';
      headers['x-wopi-lock'] = 'fuzz-lock';
    }
    let payload: string | Buffer | undefined;
    if (e.consumes === 'multipart/form-data') {
      const form = multipartOf(input.fields, input.file);
      payload = form.body;
      headers['content-type'] = form.type;
    } else if (e.consumes === 'application/x-www-form-urlencoded') {
      const fields = input.body;
      const form = new URLSearchParams();
      if (fields !== null && typeof fields === 'object')
        for (const [k, v] of Object.entries(fields))
          if (v !== undefined) form.append(k, asText(v));
          else form.append('value', asText(fields));
      payload = form.toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (e.consumes === 'application/octet-stream') {
      payload = Buffer.from(input.raw ?? []);
      headers['content-type'] = 'application/octet-stream';
    } else if (e.body) {
      payload = input.rawJson ?? JSON.stringify(input.body) ?? 'null';
      headers['content-type'] = 'application/json';
    }
    // Sign-in attempts come from addresses of their own, so their throttling never locks the suite out.
    const remoteAddress = /\/login$/i.test(e.path) ? `10.23.${run}.${(seedOf(e) >>> 0) % 250}` : '127.0.0.1';
    return app.inject({ method: e.method, url, headers, payload, remoteAddress });
  }

  it('answers every route’s generated bad input with a 4xx (or a 2xx where valid), never a 5xx; refuses every swept bad field', async () => {
    const endpoints = allEndpoints();
    const findings: Finding[] = [];
    const statuses = new Map<number, number>();
    const slowest: { call: string; ms: number }[] = [];
    const acceptedBad: string[] = [];
    let tried = 0;
    let swept = 0;
    const loop = monitorEventLoopDelay({ resolution: 10 });
    collectGarbage();
    const heapStart = process.memoryUsage().heapUsed;
    let heapPeak = heapStart;
    const started = performance.now();
    loop.enable();
    for (const e of endpoints) {
      const inputs = [
        ...fc.sample(inputsOf(e, pool), { seed: seedOf(e), numRuns: RUNS }),
        ...sweepOf(e, pool, seedOf(e)),
      ];
      swept += inputs.length - RUNS;
      // Booked once per route, and again after a call that may have used the booking up.
      let live: { cookie: string; version: number } | undefined;
      for (const [run, generated] of inputs.entries()) {
        let input = generated;
        if (needsBooking(generated)) {
          live ??= await liveBooking();
          input = { ...generated };
          for (const part of ['params', 'query', 'body', 'fields'] as const)
            if (part in generated) input[part] = fillMarks(generated[part], live.cookie, live.version);
        }
        const began = performance.now();
        const res = await request(e, input, run);
        slowest.push({ call: `${e.method} ${e.path} ${res.statusCode}`, ms: performance.now() - began });
        slowest.sort((a, b) => b.ms - a.ms).splice(5);
        tried += 1;
        // Every sweep input holds a bad field (2^31 or NUL): it must be refused, not just survived.
        if (run >= RUNS && res.statusCode < 400) acceptedBad.push(`${e.method} ${e.path} ${res.statusCode}`);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500)
          findings.push({
            call: `${e.method} ${e.path}`,
            status: res.statusCode,
            url: urlOfInput(e, input).slice(0, 300),
            body: JSON.stringify(input.body ?? input.fields ?? null)?.slice(0, 300) ?? '',
          });
        if (res.statusCode < 300 && input !== generated) live = undefined;
        if (changesSession(e) || res.statusCode === 401) await signIn();
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      }
    }
    loop.disable();
    const seconds = (performance.now() - started) / 1000;
    const loopMaxMs = loop.max / 1e6;
    const heapGrowthMb = (heapPeak - heapStart) / 2 ** 20;
    collectGarbage();
    const heapRetainedMb = (process.memoryUsage().heapUsed - heapStart) / 2 ** 20;
    console.info(
      `fuzz suite on ${target.name}: ${endpoints.length} routes, ${tried} generated inputs tried ` +
        `(${endpoints.length * RUNS} random, ${swept} field by field), ` +
        `${findings.length} 5xx found, ${acceptedBad.length} bad fields accepted; statuses ${JSON.stringify(Object.fromEntries(statuses))}; ` +
        `${seconds.toFixed(1)} s; event-loop delay max ${loopMaxMs.toFixed(0)} ms, ` +
        `p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms; heap growth at peak ${heapGrowthMb.toFixed(0)} MB, retained ${heapRetainedMb.toFixed(0)} MB; ` +
        `slowest ${slowest.map((s) => `${s.call} ${s.ms.toFixed(0)} ms`).join(', ')}`,
    );
    expect(findings).toEqual([]);
    expect(acceptedBad).toEqual([]);
    expect(tried).toBe(endpoints.length * RUNS + swept);
    expect(loopMaxMs).toBeLessThan(MAX_LOOP_DELAY_MS[target.name]);
    expect(loop.percentile(99) / 1e6).toBeLessThan(MAX_LOOP_DELAY_P99_MS);
    expect(heapRetainedMb).toBeLessThan(MAX_HEAP_RETAINED_MB);
    expect(heapGrowthMb).toBeLessThan(MAX_HEAP_GROWTH_MB);
  }, 600_000);
});
