import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { MAX_AUDIO_UPLOAD_BYTES, message } from '@quill/core';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioFiles, auditLog, jobs, physicians, workTypes } from '../../db/schema/index.js';
import { CSRF_MESSAGE } from '../../http/csrf.js';
import { wavDurationMs } from '../../services/audio/wavDuration.js';
import { findExecutable } from '../../system/findExecutable.js';
import { makeAudioRenditionsTask } from '../../tasks/makeAudioRenditions.js';
import { corruptAudio, encodedTone, multipartBody, toneWav } from '../../testing/audioTestKit.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildPatient, buildStructure, buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

const FFMPEG = findExecutable(['ffmpeg']);

describe.each(databaseTargets())('Create with Audio on $name', (target) => {
  let t: TestApp;
  let north: Awaited<ReturnType<typeof buildStructure>>;
  let south: Awaited<ReturnType<typeof buildStructure>>;
  let manager: TestBrowser;
  let viewer: TestBrowser;
  let mrn: string;
  const ids: Record<string, number> = {};
  const wav = toneWav(1);

  beforeAll(async () => {
    t = await createTestApp(target);
    north = await buildStructure(t.ctx, { name: 'North', facilities: 2 });
    south = await buildStructure(t.ctx, { name: 'South' });
    const [f1, f2] = north.facilities;
    const cs = north.structure.id;
    const doctor = async (values: Partial<typeof physicians.$inferInsert> & { lastName: string }) => {
      const [p] = await t.ctx.database.db
        .insert(physicians)
        .values({ corporateStructureId: cs, firstName: 'Pat', isDictator: true, ...values })
        .returning();
      return p!.id;
    };
    ids.ownDictator = await doctor({ lastName: 'Zeller', firstName: 'Ann', clientFacilityId: f1!.id });
    ids.wideDictator = await doctor({ lastName: 'Adams', firstName: 'Bo' });
    ids.notDictator = await doctor({ lastName: 'Moss', isDictator: false, clientFacilityId: f1!.id });
    ids.otherFacilityDictator = await doctor({ lastName: 'Kline', clientFacilityId: f2!.id });
    ids.southDictator = await doctor({ lastName: 'South', corporateStructureId: south.structure.id });
    const workType = async (name: string, corporateStructureId: number, clientFacilityId: number | null) => {
      const [w] = await t.ctx.database.db
        .insert(workTypes)
        .values({ corporateStructureId, clientFacilityId, name, number: 1 })
        .returning();
      return w!.id;
    };
    ids.ownWorkType = await workType('Progress Note', cs, f1!.id);
    ids.wideWorkType = await workType('Consult', cs, null);
    ids.otherFacilityWorkType = await workType('Radiology', cs, f2!.id);
    ids.southWorkType = await workType('South Note', south.structure.id, null);
    mrn = (await buildPatient(t.ctx, cs, { first: 'Ada', last: 'Lovelace' })).mrn;

    const m = await buildUser(t.ctx, { accounts: [{ companyId: cs }] });
    manager = new TestBrowser(t.app);
    await manager.signInAs(m.user.username, m.password, m.accounts[0]!.id);
    const v = await buildUser(t.ctx, { accounts: [{ companyId: cs, permissions: ['jobView'] }] });
    viewer = new TestBrowser(t.app);
    await viewer.signInAs(v.user.username, v.password, v.accounts[0]!.id);
  });
  afterAll(async () => t?.close());

  const fields = (extra: Record<string, string> = {}) => ({
    clientFacilityId: String(north.facilities[0]!.id),
    dictatorId: String(ids.ownDictator),
    workTypeId: String(ids.ownWorkType),
    ...extra,
  });
  const upload = (
    f: Record<string, string>,
    file: { filename: string; bytes: Buffer; contentType?: string } | null = {
      filename: 'dictation.wav',
      contentType: 'audio/wav',
      bytes: wav,
    },
    browser = manager,
    opts: { xsrf?: boolean } = {},
  ) => {
    const body = multipartBody(f, file ? [file] : []);
    return browser.post('/api/audio/createwithaudio', body.payload, { headers: body.headers, ...opts });
  };
  const uploadsStored = async () =>
    (await readdir(join(t.dataDir, 'blobs', 'audio-uploads'), { recursive: true }).catch(() => [])).length;
  const counts = async () => {
    const { rows } = await t.ctx.database.executeSql(
      'select (select count(*) from jobs)::int as jobs, (select count(*) from audio_files)::int as audio',
    );
    return rows[0];
  };

  it('offers the account’s client facilities, and per facility its dictators and work types', async () => {
    const facilities = await manager.get('/api/audio/createoptions');
    expect(facilities.statusCode).toBe(200);
    expect(facilities.json()).toEqual(
      north.facilities.map((f) => ({
        id: f.id,
        name: f.name,
        corporateStructureId: north.structure.id,
        // The structure's label (the page groups by it), not the facility's own code.
        companyNameId: north.structure.companyNameId,
      })),
    );
    // An account with access to both structures: each structure's facilities, labelled by it.
    const both = await buildUser(t.ctx, {
      accounts: [{ companyId: north.structure.id, access: [north.structure.id, south.structure.id] }],
    });
    const wide = new TestBrowser(t.app);
    await wide.signInAs(both.user.username, both.password, both.accounts[0]!.id);
    const labelled = (await wide.get('/api/audio/createoptions')).json() as {
      id: number;
      companyNameId: string;
    }[];
    expect(labelled.map((f) => [f.id, f.companyNameId])).toEqual([
      ...north.facilities.map((f) => [f.id, north.structure.companyNameId]),
      [south.facilities[0]!.id, south.structure.companyNameId],
    ]);
    const choices = await manager.get(`/api/audio/createoptions/${north.facilities[0]!.id}`);
    expect(choices.json()).toEqual({
      dictators: [
        { id: ids.wideDictator, name: 'Adams, Bo' },
        { id: ids.ownDictator, name: 'Zeller, Ann' },
      ],
      workTypes: [
        { id: ids.wideWorkType, name: 'Consult' },
        { id: ids.ownWorkType, name: 'Progress Note' },
      ],
    });
    const other = await manager.get(`/api/audio/createoptions/${south.facilities[0]!.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe(`Unable to find client facility ${south.facilities[0]!.id}`);
    expect((await manager.get('/api/audio/createoptions/abc')).statusCode).toBe(400);
    // Ids are 1 … 2147483647 (issue 23): a larger one is bad input, not a missing row.
    expect((await manager.get('/api/audio/createoptions/3000000000')).statusCode).toBe(400);
  });

  it('refuses create options and uploads without jobCreate (403)', async () => {
    const before = await counts();
    for (const res of [
      await viewer.get('/api/audio/createoptions'),
      await viewer.get(`/api/audio/createoptions/${north.facilities[0]!.id}`),
      await upload(fields(), undefined, viewer),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('You do not have permission to create jobs.');
    }
    expect(await counts()).toEqual(before);
  });

  it('creates a job in the first stage from a wav, playable at once, listed, audited', async () => {
    const res = await upload(fields({ patientMrn: ` ${mrn} `, stat: 'true' }));
    expect(res.statusCode).toBe(201);
    const { jobId, renditions } = res.json();
    expect(renditions).toBe(FFMPEG ? 'queued' : 'none');
    ids.created = jobId;

    const [job] = await t.ctx.database.db.select().from(jobs).where(eq(jobs.id, jobId));
    const f1 = north.facilities[0]!;
    expect(job).toMatchObject({
      dictationId: `UP-${jobId}`,
      corporateStructureId: north.structure.id,
      serviceCentreId: f1.serviceCentreId,
      clientFacilityId: f1.id,
      dictatorId: ids.ownDictator,
      workTypeId: ids.ownWorkType,
      stageId: 1,
      componentType: 'TR',
      stat: 'M',
      documentType: null,
    });
    expect(job!.patientId).not.toBeNull();
    expect(Date.now() - job!.dictatedAt!.getTime()).toBeLessThan(60_000);

    const rows = await t.ctx.database.db
      .select()
      .from(audioFiles)
      .where(eq(audioFiles.jobId, jobId))
      .orderBy(asc(audioFiles.codec));
    expect(rows.map((r) => [r.codec, r.mimeType, r.size, r.durationMs])).toEqual([
      ['original', 'audio/wav', wav.length, 1000],
      ['wav', 'audio/wav', wav.length, 1000],
    ]);
    expect(rows[0]!.blobKey).toBe(rows[1]!.blobKey);
    expect(rows[0]!.blobKey).toMatch(/^audio-uploads\/.+\.wav$/);
    expect((await t.ctx.blobs.get(rows[0]!.blobKey)).equals(wav)).toBe(true);

    const wavPlay = await manager.get(`/api/Audio/wav?jobId=${jobId}`);
    expect(wavPlay.statusCode).toBe(200);
    expect(wavPlay.rawPayload.equals(wav)).toBe(true);

    const list = await manager.get(
      `/api/jobs/alljobs?corpId=${north.structure.id}&cfs=${north.facilities.map((f) => f.id).join(',')}`,
    );
    expect(list.json()).toContainEqual(
      expect.objectContaining({
        jobId,
        stageId: 1,
        stageName: 'Dictated',
        stat: true,
        workType: 'Progress Note',
      }),
    );

    const [audit] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job.createWithAudio'), eq(auditLog.jobId, jobId)));
    expect(audit).toMatchObject({ outcome: 'success', patientId: job!.patientId, detail: { kind: 'wav' } });

    if (FFMPEG) {
      const { rows: queued } = await t.ctx.database.executeSql(
        "select count(*)::int as n from pgboss.job where name = 'makeAudioRenditions-v1' and (data->>'jobId')::bigint = $1",
        [jobId],
      );
      expect(queued[0]!.n).toBe(1);
    }
  });

  it('makes the opus and wav renditions with ffmpeg, idempotently, and serves the opus', async () => {
    const jobId = ids.created!;
    const run = await makeAudioRenditionsTask.handler();
    if (!FFMPEG) {
      await expect(run(t.ctx, { jobId })).rejects.toThrow('ffmpeg is not installed');
      return;
    }
    await run(t.ctx, { jobId });
    const read = () =>
      t.ctx.database.db
        .select()
        .from(audioFiles)
        .where(eq(audioFiles.jobId, jobId))
        .orderBy(asc(audioFiles.codec));
    const first = await read();
    expect(first.map((r) => r.codec)).toEqual(['opus', 'original', 'wav']);
    const opus = first.find((r) => r.codec === 'opus')!;
    const wavRow = first.find((r) => r.codec === 'wav')!;
    expect(opus).toMatchObject({ mimeType: 'audio/ogg; codecs=opus', durationMs: 1000 });
    expect(opus.blobKey).toMatch(/^audio\/.+\.ogg$/);
    const opusBytes = await t.ctx.blobs.get(opus.blobKey);
    expect(opusBytes.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(opusBytes.subarray(28, 36).toString('latin1')).toBe('OpusHead');
    expect(opus.size).toBe(opusBytes.length);
    const wavBytes = await t.ctx.blobs.get(wavRow.blobKey);
    expect(wavBytes.readUInt16LE(22)).toBe(1); // mono
    expect(wavBytes.readUInt32LE(24)).toBe(16_000);
    expect(wavDurationMs(wavBytes)).toBe(1000);

    await run(t.ctx, { jobId });
    expect(await read()).toEqual(first);

    const play = await manager.get(`/api/Audio/opus?jobId=${jobId}`);
    expect(play.statusCode).toBe(200);
    expect(play.headers['content-type']).toBe('audio/ogg; codecs=opus');
    expect(play.rawPayload.equals(opusBytes)).toBe(true);
    expect((await manager.get(`/api/job/audiooptions?jobId=${jobId}`)).json()).toMatchObject({
      audioURL: `/api/Audio/opus?jobId=${jobId}`,
      audioFormat: 'opus',
      durationMs: 1000,
    });
  });

  it('without ffmpeg queues no task and the job keeps its original recording, playable', async () => {
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent';
    let res: LightMyRequestResponse;
    try {
      res = await upload(fields());
    } finally {
      process.env.PATH = saved;
    }
    expect(res.statusCode).toBe(201);
    const { jobId, renditions } = res.json();
    expect(renditions).toBe('none');
    const rows = await t.ctx.database.db
      .select()
      .from(audioFiles)
      .where(eq(audioFiles.jobId, jobId))
      .orderBy(asc(audioFiles.codec));
    expect(rows.map((r) => r.codec)).toEqual(['original', 'wav']);
    const { rows: queued } = await t.ctx.database.executeSql(
      "select count(*)::int as n from pgboss.job where name = 'makeAudioRenditions-v1' and (data->>'jobId')::bigint = $1",
      [jobId],
    );
    expect(queued[0]!.n).toBe(0);
    const play = await manager.get(`/api/Audio/wav?jobId=${jobId}`);
    expect(play.statusCode).toBe(200);
    expect(play.rawPayload.equals(wav)).toBe(true);
  });

  it('keeps an Ogg Opus upload as its opus rendition at once', async () => {
    const opus = encodedTone('opus');
    const res = await upload(fields(), { filename: 'note.opus', contentType: 'audio/ogg', bytes: opus });
    expect(res.statusCode).toBe(201);
    const rows = await t.ctx.database.db
      .select()
      .from(audioFiles)
      .where(eq(audioFiles.jobId, res.json().jobId))
      .orderBy(asc(audioFiles.codec));
    expect(rows.map((r) => [r.codec, r.mimeType])).toEqual([
      ['opus', 'audio/ogg; codecs=opus'],
      ['original', 'audio/ogg'],
    ]);
  });

  /** Calls with PATH emptied: no ffprobe (nor ffmpeg), so the header reader decides. */
  async function withoutFfmpeg<T>(call: () => Promise<T>): Promise<T> {
    const saved = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      return await call();
    } finally {
      process.env.PATH = saved;
    }
  }

  it('refuses corrupt recordings as not playable, with and without ffprobe, storing nothing (issue 41)', async () => {
    const before = await counts();
    const stored = await uploadsStored();
    for (const bad of corruptAudio()) {
      const file = { filename: 'dictation.bin', bytes: bad.bytes };
      for (const [how, res] of [
        ['ffprobe', await upload(fields(), file)],
        ['header reader', await withoutFfmpeg(() => upload(fields(), file))],
      ] as const) {
        expect(res.statusCode, `${bad.name} (${how})`).toBe(400);
        expect(res.json().error.message).toBe(message('audio.notPlayable'));
      }
    }
    // A wav header with no samples: a duration of zero.
    const empty = { filename: 'empty.wav', bytes: toneWav(1).subarray(0, 44) };
    expect((await upload(fields(), empty)).json().error.message).toBe(message('audio.notPlayable'));
    expect((await withoutFfmpeg(() => upload(fields(), empty))).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    expect(await uploadsStored()).toBe(stored);
  });

  it('takes good recordings of each kind, with their duration, with and without ffprobe', async () => {
    const files = [
      { filename: 'a.wav', bytes: wav, ms: 1000 },
      { filename: 'a.opus', bytes: encodedTone('opus'), ms: 500 },
      { filename: 'a.mp3', bytes: encodedTone('mp3'), ms: 500 },
      { filename: 'a.m4a', bytes: encodedTone('m4a'), ms: 500 },
    ];
    for (const f of files) {
      for (const res of [await upload(fields(), f), await withoutFfmpeg(() => upload(fields(), f))]) {
        expect(res.statusCode, `${f.filename}: ${res.body}`).toBe(201);
        const [original] = await t.ctx.database.db
          .select()
          .from(audioFiles)
          .where(and(eq(audioFiles.jobId, res.json().jobId), eq(audioFiles.codec, 'original')));
        expect(Math.abs(original!.durationMs! - f.ms), f.filename).toBeLessThan(150);
      }
    }
  });

  it('refuses bad uploads with clear messages and creates nothing', async () => {
    const text = Buffer.from('Patient seen today. This is a text file, not a recording.\n');
    const cases: {
      name: string;
      res: () => Promise<LightMyRequestResponse>;
      status: number;
      text: string;
    }[] = [
      {
        name: 'text named .wav',
        res: () => upload(fields(), { filename: 'x.wav', contentType: 'audio/wav', bytes: text }),
        status: 400,
        text: message('audio.unsupportedFile'),
      },
      { name: 'no file', res: () => upload(fields(), null), status: 400, text: message('audio.noFile') },
      {
        name: 'empty file input',
        res: () => upload(fields(), { filename: '', bytes: Buffer.alloc(0) }),
        status: 400,
        text: message('audio.noFile'),
      },
      {
        name: 'not multipart',
        res: () => manager.post('/api/audio/createwithaudio', fields()),
        status: 400,
        text: message('audio.noFile'),
      },
      {
        name: 'no dictator',
        res: () => upload({ clientFacilityId: fields().clientFacilityId, workTypeId: fields().workTypeId }),
        status: 400,
        text: 'Choose a dictator',
      },
      {
        name: 'no work type',
        res: () => upload(fields({ workTypeId: '' })),
        status: 400,
        text: 'Choose a work type',
      },
      {
        name: 'a physician who does not dictate',
        res: () => upload(fields({ dictatorId: String(ids.notDictator) })),
        status: 400,
        text: message('audio.unknownDictator'),
      },
      {
        name: 'a dictator of another facility',
        res: () => upload(fields({ dictatorId: String(ids.otherFacilityDictator) })),
        status: 400,
        text: message('audio.unknownDictator'),
      },
      {
        name: 'another tenant’s dictator',
        res: () => upload(fields({ dictatorId: String(ids.southDictator) })),
        status: 400,
        text: message('audio.unknownDictator'),
      },
      {
        name: 'ids beyond 32 bits',
        res: () => upload(fields({ dictatorId: '99999999999' })),
        status: 400,
        text: 'Choose a dictator',
      },
      {
        name: 'a facility id beyond 32 bits',
        res: () => upload(fields({ clientFacilityId: '3000000000' })),
        status: 400,
        text: 'Choose a client facility',
      },
      {
        name: 'a work type of another facility',
        res: () => upload(fields({ workTypeId: String(ids.otherFacilityWorkType) })),
        status: 400,
        text: message('audio.unknownWorkType'),
      },
      {
        name: 'an unknown patient',
        res: () => upload(fields({ patientMrn: 'NO-SUCH-MRN' })),
        status: 400,
        text: message('audio.patientNotFound', { mrn: 'NO-SUCH-MRN' }),
      },
      {
        name: 'another tenant’s facility',
        res: () =>
          upload({
            clientFacilityId: String(south.facilities[0]!.id),
            dictatorId: String(ids.southDictator),
            workTypeId: String(ids.southWorkType),
          }),
        status: 404,
        text: `Unable to find client facility ${south.facilities[0]!.id}`,
      },
      {
        name: 'no X-XSRF-TOKEN',
        res: () => upload(fields(), undefined, manager, { xsrf: false }),
        status: 403,
        text: CSRF_MESSAGE,
      },
    ];
    const before = await counts();
    const stored = await uploadsStored();
    for (const c of cases) {
      const res = await c.res();
      expect(res.statusCode, c.name).toBe(c.status);
      expect(res.json().error.message, c.name).toBe(c.text);
    }
    expect(await counts()).toEqual(before);
    expect(await uploadsStored()).toBe(stored);
  });

  it('refuses a recording over the limit with 413, without keeping it', async () => {
    const before = await counts();
    const stored = await uploadsStored();
    // The fields, then a file one byte over the limit, streamed so the test never holds it whole.
    const { boundary, payload, headers } = multipartBody(fields());
    const fieldParts = payload.subarray(0, payload.length - `--${boundary}--\r\n`.length);
    async function* body() {
      yield fieldParts;
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="long.wav"\r\n` +
          'Content-Type: audio/wav\r\n\r\n',
      );
      yield wav.subarray(0, 44);
      const chunk = Buffer.alloc(1024 * 1024);
      for (let left = MAX_AUDIO_UPLOAD_BYTES + 1 - 44; left > 0; left -= chunk.length) {
        yield left >= chunk.length ? chunk : chunk.subarray(0, left);
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const res = await manager.post('/api/audio/createwithaudio', Readable.from(body()), { headers });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('The recording is larger than the 200 MB limit.');
    expect(await counts()).toEqual(before);
    expect(await uploadsStored()).toBe(stored);
  });

  it('opens the page from the legacy path when this server is the legacy host', async () => {
    const res = await manager.get('/job/createwithaudio');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/audio/create');
    // Patient upload is rebuilt too (issue 20): its legacy path opens Quill's page.
    expect((await manager.get('/ambulatory/uploadadt')).headers.location).toBe('/patient/upload');
  });
});
