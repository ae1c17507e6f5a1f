import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RECOGNIZER_OUTPUT_BYTES } from '../services/asr/asrEngine.js';
import { toneWav } from '../testing/audioTestKit.js';
import { databaseTargets } from '../testing/databases.js';
import { startFakeRecognizer } from '../testing/fakeRecognizer.js';
import { addCdaDocument } from '../testing/faxTestKit.js';
import {
  audioCreator,
  documentsOf,
  logCapture,
  recognitionTasks,
  recognizedText,
  waitForRecognition,
} from '../testing/recognitionTestKit.js';
import { createTestApp, type TestApp } from '../testing/testContext.js';
import { recognizeDictationTask } from './recognizeDictation.js';
import { startWorker, type Worker } from './worker.js';

/** What the fake recognizer "hears": words that appear nowhere else, so a leak into the log shows. */
const HEARD = 'Erythematous plaque over the left forearm since Tuesday.\nNo pruritus.';
const SECRET_WORDS = ['erythematous', 'plaque', 'forearm', 'pruritus'];

describe.each(databaseTargets())('speech-recognition drafts from an http recognizer on $name', (target) => {
  let t: TestApp;
  let worker: Worker;
  let fake: Awaited<ReturnType<typeof startFakeRecognizer>>;
  let creator: Awaited<ReturnType<typeof audioCreator>>;
  const log = logCapture();
  const wav = toneWav(1, 44_100);

  beforeAll(async () => {
    fake = await startFakeRecognizer();
    t = await createTestApp(
      target,
      {
        LOG_LEVEL: 'info',
        ASR_ENGINE: 'http',
        ASR_URL: fake.url,
        ASR_MODEL: 'whisper-large-v3',
        ASR_API_KEY: 'sk-quill-test',
        // Room for ffmpeg's conversion on a busy 2-core machine; the hanging recognizer waits it out.
        ASR_TIMEOUT_SECONDS: '5',
      },
      log.stream,
    );
    creator = await audioCreator(t);
    worker = await startWorker(t.ctx);
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
    await fake?.close();
  });

  /** Nothing the recognizer said or answered reached the log or the task queue. */
  const expectNoWordsLeaked = async () => {
    const { rows } = await t.ctx.database.executeSql(
      `select coalesce(string_agg(output::text, ' '), '') as outputs from pgboss.job where name = 'recognizeDictation-v1'`,
    );
    const text = `${log.text()} ${rows[0]!.outputs}`.toLowerCase();
    expect(SECRET_WORDS.filter((w) => text.includes(w))).toEqual([]);
    expect(text).not.toContain('sk-quill-test');
  };

  it('sends the recording as a 16 kHz mono wav with the model and key, and stores the answer as the draft', async () => {
    fake.answer({ kind: 'text', text: HEARD });
    const jobId = await creator.upload(wav);
    const task = await waitForRecognition(t.ctx, jobId);
    expect(task.state, JSON.stringify(task.output)).toBe('completed');

    const seen = fake.requests.at(-1)!;
    expect(seen).toMatchObject({
      path: '/v1/audio/transcriptions',
      authorization: 'Bearer sk-quill-test',
      fields: { model: 'whisper-large-v3', response_format: 'json' },
      file: { name: 'dictation.wav', type: 'audio/wav' },
    });
    const sent = seen.file!.bytes;
    expect(sent.toString('latin1', 0, 4)).toBe('RIFF');
    expect([sent.readUInt16LE(22), sent.readUInt32LE(24), sent.readUInt16LE(34)]).toEqual([1, 16_000, 16]);

    const documents = await documentsOf(t.ctx, jobId);
    expect(documents.map((d) => [d.source, d.isDraft])).toEqual([['asr', true]]);
    const xml = (await t.ctx.blobs.get(documents[0]!.blobKey)).toString('utf8');
    expect(recognizedText(xml)).toBe(HEARD);
    const line = log.lines
      .map((l) => JSON.parse(l))
      .find((l) => l.msg === 'speech recognition draft' && l.jobId === jobId);
    expect(line).toMatchObject({ jobId, engine: 'http', outcome: 'stored', words: 10 });
    await expectNoWordsLeaked();
  });

  it('stores no draft for an empty answer, and asks nothing for a job that already has a document', async () => {
    fake.answer({ kind: 'text', text: '  ' });
    const empty = await creator.upload(wav);
    expect((await waitForRecognition(t.ctx, empty)).state).toBe('completed');
    expect(await documentsOf(t.ctx, empty)).toEqual([]);

    fake.answer({ kind: 'text', text: HEARD });
    const typed = await creator.upload(wav);
    await worker.stop();
    await addCdaDocument(t.ctx, typed);
    const asked = fake.requests.length;
    const handler = await recognizeDictationTask.handler();
    await handler(t.ctx, { jobId: typed });
    expect(fake.requests.length).toBe(asked);
    expect((await documentsOf(t.ctx, typed)).map((d) => d.source)).toEqual(['import']);
    worker = await startWorker(t.ctx);
    expect((await waitForRecognition(t.ctx, typed)).state).toBe('completed');
  });

  const failedTry = async (behaviour: Parameters<typeof fake.answer>[0]) => {
    fake.answer(behaviour);
    const jobId = await creator.upload(wav);
    const task = await waitForRecognition(t.ctx, jobId);
    expect(await documentsOf(t.ctx, jobId)).toEqual([]);
    return { jobId, task };
  };

  it('keeps the job audio-only when the recognizer fails, retries, and names only the status', async () => {
    const { jobId, task } = await failedTry({
      kind: 'status',
      status: 500,
      body: `model crashed while decoding: ${HEARD}`,
    });
    // pg-boss counts a retry when it starts: the first try failed, a second one waits.
    expect(task).toMatchObject({ state: 'retry', retry_count: 0, retry_limit: 2 });
    expect(task.output).toMatchObject({ message: 'the recognizer answered HTTP 500' });
    const line = log.lines
      .map((l) => JSON.parse(l))
      .find((l) => l.msg === 'speech recognition failed' && l.jobId === jobId);
    expect(line).toMatchObject({ jobId, engine: 'http', reason: 'the recognizer answered HTTP 500' });
    await expectNoWordsLeaked();
  });

  it('gives up on a recognizer that does not answer within ASR_TIMEOUT_SECONDS', async () => {
    const started = Date.now();
    const { task } = await failedTry({ kind: 'hang' });
    expect(task.state).toBe('retry');
    expect(task.output).toMatchObject({ message: 'no result within 5 s (ASR_TIMEOUT_SECONDS)' });
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('refuses an oversized answer; once the retries are used up the task is failed and the job audio-only', async () => {
    const { jobId, task } = await failedTry({
      kind: 'raw',
      body: JSON.stringify({ text: `${HEARD} `.repeat(MAX_RECOGNIZER_OUTPUT_BYTES / 40) }),
    });
    const reason = `the recognizer's answer is larger than ${MAX_RECOGNIZER_OUTPUT_BYTES} bytes`;
    expect(task.output).toMatchObject({ message: reason });
    // The last try (a task with no retries left) ends as failed, visible in the task queue.
    await t.ctx.tasks.insert(recognizeDictationTask, [{ payload: { jobId } }], { retryLimit: 0 });
    const last = await waitForRecognition(t.ctx, jobId);
    expect(last).toMatchObject({ state: 'failed', output: { message: reason } });
    expect((await recognitionTasks(t.ctx, jobId)).map((r) => r.state)).toEqual(['retry', 'failed']);
    expect(await documentsOf(t.ctx, jobId)).toEqual([]);
    await expectNoWordsLeaked();
  });

  it('shows the recognition server on the health page, reachable', async () => {
    const health = (await creator.manager.get('/api/healthcheck/results')).json();
    const row = health.results.find((r: { name: string }) => r.name === 'Speech recognition');
    expect(row).toMatchObject({ result: true, required: false });
    expect(row.detail).toMatch(
      new RegExp(`^Recognition server ${fake.url} answered in \\d+ ms \\(model whisper-large-v3\\)`),
    );
  });
});
