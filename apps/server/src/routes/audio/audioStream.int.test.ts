import { message } from '@quill/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioFiles, auditLog } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildPatient, buildStructure, buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

describe.each(databaseTargets())('dictation audio streaming on $name', (target) => {
  let t: TestApp;
  let manager: TestBrowser;
  let noView: TestBrowser;
  const ids: Record<string, number> = {};
  // 1,000 bytes whose values say where they are, so a wrong range shows.
  const opusBytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
  const wavBytes = Buffer.from(Array.from({ length: 600 }, (_, i) => (i * 7) % 256));

  beforeAll(async () => {
    t = await createTestApp(target);
    const north = await buildStructure(t.ctx, { name: 'North' });
    const south = await buildStructure(t.ctx, { name: 'South' });
    const f = north.facilities[0]!;
    const patient = await buildPatient(t.ctx, north.structure.id);
    const opus = await t.ctx.blobs.putContent(opusBytes, { prefix: 'audio', extension: 'ogg' });
    const wav = await t.ctx.blobs.putContent(wavBytes, { prefix: 'audio', extension: 'wav' });
    const addAudio = async (jobId: number, codec: 'opus' | 'wav', durationMs: number) => {
      const blob = codec === 'opus' ? opus : wav;
      await t.ctx.database.db.insert(audioFiles).values({
        jobId,
        codec,
        mimeType: codec === 'opus' ? 'audio/ogg; codecs=opus' : 'audio/wav',
        blobKey: blob.key,
        size: blob.size,
        durationMs,
      });
    };
    ids.both = (await buildJob(t.ctx, f, { patientId: patient.id })).id;
    await addAudio(ids.both, 'opus', 21_000);
    await addAudio(ids.both, 'wav', 21_500);
    ids.wavOnly = (await buildJob(t.ctx, f)).id;
    await addAudio(ids.wavOnly, 'wav', 4_000);
    ids.none = (await buildJob(t.ctx, f)).id;
    ids.south = (await buildJob(t.ctx, south.facilities[0]!)).id;
    await addAudio(ids.south, 'opus', 1_000);

    const m = await buildUser(t.ctx, { accounts: [{ companyId: north.structure.id }] });
    manager = new TestBrowser(t.app);
    await manager.signInAs(m.user.username, m.password, m.accounts[0]!.id);
    const v = await buildUser(t.ctx, {
      accounts: [{ companyId: north.structure.id, permissions: ['jobCreate', 'adtView'] }],
    });
    noView = new TestBrowser(t.app);
    await noView.signInAs(v.user.username, v.password, v.accounts[0]!.id);
  });
  afterAll(async () => t?.close());

  const url = (codec: string, jobId: number) => `/api/Audio/${codec}?jobId=${jobId}`;
  const audited = async (action: string, jobId: number) => {
    const [row] = await t.ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.jobId, jobId)));
    return row!.n;
  };
  /** Stream starts: what a player fetches as it loads, before anyone presses play. */
  const plays = (jobId: number) => audited('job.audio.load', jobId);

  it('answers the whole rendition with 200, its type, length and Accept-Ranges', async () => {
    const res = await manager.get(url('opus', ids.both!));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/ogg; codecs=opus');
    expect(res.headers['content-length']).toBe('1000');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-range']).toBeUndefined();
    expect(res.rawPayload.equals(opusBytes)).toBe(true);
    const wav = await manager.get(url('WAV', ids.both!));
    expect(wav.statusCode).toBe(200);
    expect(wav.headers['content-type']).toBe('audio/wav');
    expect(wav.rawPayload.equals(wavBytes)).toBe(true);
  });

  it('answers 206 with the exact bytes and Content-Range for first-last, open and suffix ranges', async () => {
    const cases = [
      { range: 'bytes=0-99', start: 0, end: 99 },
      { range: 'bytes=100-', start: 100, end: 999 },
      { range: 'bytes=-50', start: 950, end: 999 },
      { range: 'bytes=990-5000', start: 990, end: 999 },
    ];
    for (const c of cases) {
      const res = await manager.get(url('opus', ids.both!), { range: c.range });
      expect(res.statusCode, c.range).toBe(206);
      expect(res.headers['content-range'], c.range).toBe(`bytes ${c.start}-${c.end}/1000`);
      expect(res.headers['content-length'], c.range).toBe(String(c.end - c.start + 1));
      expect(res.headers['content-type']).toBe('audio/ogg; codecs=opus');
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.rawPayload.equals(opusBytes.subarray(c.start, c.end + 1)), c.range).toBe(true);
    }
  });

  it('answers 416 with the size for a range beyond the end', async () => {
    const res = await manager.get(url('opus', ids.both!), { range: 'bytes=1000-' });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */1000');
    expect(res.json().error).toEqual({
      code: 'range_not_satisfiable',
      message: message('audio.rangeNotSatisfiable'),
    });
  });

  it('refuses any codec but opus and wav with 400', async () => {
    const res = await manager.get(url('mp3', ids.both!));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('codec must be opus or wav');
    expect((await manager.get('/api/Audio/opus?jobId=x')).statusCode).toBe(400);
    expect((await manager.get('/api/Audio/opus')).statusCode).toBe(400);
    // zod's int() refuses unsafe integers, so such an id never reaches the database.
    expect((await manager.get('/api/Audio/opus?jobId=1e21')).statusCode).toBe(400);
    expect((await manager.get('/api/job/audiooptions?jobId=99999999999999999999')).statusCode).toBe(400);
  });

  it('answers 404 with the spec message when the job has no such audio', async () => {
    for (const res of [
      await manager.get(url('opus', ids.none!)),
      await manager.get(url('opus', ids.wavOnly!)),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('There is no audio associated with this job.');
    }
  });

  it('answers 404 for another tenant’s job, and 403 without jobView, 401 signed out', async () => {
    const res = await manager.get(url('opus', ids.south!));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(`Job ${ids.south} was not found.`);
    expect(res.body).not.toContain('audio/ogg');
    expect((await noView.get(url('opus', ids.both!))).statusCode).toBe(403);
    expect((await new TestBrowser(t.app).get(url('opus', ids.both!))).statusCode).toBe(401);
  });

  it('audits a playback only when the player reports it, never for streaming (issue 39)', async () => {
    const played = () => audited('job.audio.play', ids.both!);
    const before = await played();
    // What a page that only loads the player asks for.
    await manager.get(url('opus', ids.both!), { range: 'bytes=0-' });
    expect(await played()).toBe(before);
    const res = await manager.post(`/api/job/audioplayed?jobId=${ids.both}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await played()).toBe(before + 1);
    const [row] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job.audio.play'), eq(auditLog.jobId, ids.both!)))
      .limit(1);
    expect(row).toMatchObject({ outcome: 'success' });
    expect(row!.patientId).not.toBeNull();
    // Another tenant's job is not found; without jobView the call is refused; neither is a play.
    expect((await manager.post(`/api/job/audioplayed?jobId=${ids.south}`)).statusCode).toBe(404);
    expect((await noView.post(`/api/job/audioplayed?jobId=${ids.both}`)).statusCode).toBe(403);
    expect(await audited('job.audio.play', ids.south!)).toBe(0);
    expect(await played()).toBe(before + 1);
  });

  it('audits one row per stream start, not one per range chunk', async () => {
    const before = await plays(ids.wavOnly!);
    await manager.get(url('wav', ids.wavOnly!), { range: 'bytes=0-' });
    await manager.get(url('wav', ids.wavOnly!), { range: 'bytes=200-' });
    await manager.get(url('wav', ids.wavOnly!), { range: 'bytes=300-399' });
    await manager.get(url('wav', ids.wavOnly!), { range: 'bytes=-10' });
    await manager.get(url('wav', ids.wavOnly!), { range: 'bytes=9000-' });
    expect(await plays(ids.wavOnly!)).toBe(before + 1);
    await manager.get(url('wav', ids.wavOnly!));
    expect(await plays(ids.wavOnly!)).toBe(before + 2);
    const [row] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job.audio.load'), eq(auditLog.jobId, ids.both!)))
      .limit(1);
    expect(row).toMatchObject({ outcome: 'success', detail: { codec: 'opus' } });
    expect(row!.patientId).not.toBeNull();
  });

  it('answers HEAD with the headers only, and audits no play', async () => {
    const before = await plays(ids.both!);
    const res = await t.app.inject({
      method: 'HEAD',
      url: url('opus', ids.both!),
      headers: { cookie: [...manager.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe('1000');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.length).toBe(0);
    expect(await plays(ids.both!)).toBe(before);
  });

  it('lists the audio calls in the OpenAPI document', async () => {
    const doc = (await manager.get('/api/docs/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/Audio/{codec}',
        '/api/job/audiooptions',
        '/api/job/audioplayed',
        '/api/audio/createoptions',
        '/api/audio/createoptions/{clientFacilityId}',
        '/api/audio/createwithaudio',
      ]),
    );
  });

  it('serves audio options: opus first, else wav, else none', async () => {
    const both = await manager.get(`/api/job/audiooptions?jobId=${ids.both}`);
    expect(both.statusCode).toBe(200);
    expect(both.json()).toEqual({
      jobId: ids.both,
      audioURL: `/api/Audio/opus?jobId=${ids.both}`,
      audioFormat: 'opus',
      hasWav: true,
      hasOpus: true,
      durationMs: 21_000,
      play: true,
      backwards: true,
      forwards: true,
      stop: true,
      seek: true,
      volume: true,
    });
    expect((await manager.get(`/api/job/audiooptions?jobId=${ids.wavOnly}`)).json()).toMatchObject({
      audioURL: `/api/Audio/wav?jobId=${ids.wavOnly}`,
      audioFormat: 'wav',
      hasWav: true,
      hasOpus: false,
      durationMs: 4_000,
      play: true,
      seek: true,
    });
    expect((await manager.get(`/api/job/audiooptions?jobId=${ids.none}`)).json()).toEqual({
      jobId: ids.none,
      audioURL: null,
      audioFormat: null,
      hasWav: false,
      hasOpus: false,
      durationMs: null,
      play: false,
      backwards: false,
      forwards: false,
      stop: false,
      seek: false,
      volume: false,
    });
  });

  it('tenant-checks audio options, and disables the player for an account without jobView', async () => {
    expect((await manager.get(`/api/job/audiooptions?jobId=${ids.south}`)).statusCode).toBe(404);
    expect((await noView.get(`/api/job/audiooptions?jobId=${ids.both}`)).json()).toMatchObject({
      audioURL: null,
      audioFormat: null,
      hasOpus: true,
      play: false,
      volume: false,
    });
  });
});
