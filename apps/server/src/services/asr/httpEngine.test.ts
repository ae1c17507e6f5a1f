import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toneWav } from '../../testing/audioTestKit.js';
import { startFakeRecognizer } from '../../testing/fakeRecognizer.js';
import { MAX_RECOGNIZER_OUTPUT_BYTES, RecognitionError } from './asrEngine.js';
import { httpEngine, transcriptionsUrl } from './httpEngine.js';

describe('the http speech recognizer (OpenAI-compatible /v1/audio/transcriptions)', () => {
  let fake: Awaited<ReturnType<typeof startFakeRecognizer>>;
  let dir: string;
  let wavPath: string;
  const wav = toneWav(0.5);
  const audio = () => ({ path: wavPath, filename: 'dictation.wav', mimeType: 'audio/wav' });
  const signal = () => AbortSignal.timeout(5_000);

  beforeAll(async () => {
    fake = await startFakeRecognizer();
    dir = await mkdtemp(join(tmpdir(), 'quill-asr-http-'));
    wavPath = join(dir, 'speech.wav');
    await writeFile(wavPath, wav);
  });
  afterAll(async () => {
    await fake?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends the recording, the model and json as the answer format, with the key as a Bearer token', async () => {
    fake.answer({ kind: 'text', text: ' Chest pain  since Tuesday.\nNo fever. ' });
    const engine = httpEngine({ url: fake.url, model: 'small.en', apiKey: 'sk-test', timeoutSeconds: 5 });
    expect(engine.name).toBe('http');
    expect(await engine.recognize(audio(), signal())).toBe('Chest pain since Tuesday.\nNo fever.');
    const seen = fake.requests.at(-1)!;
    expect(seen).toMatchObject({
      method: 'POST',
      path: '/v1/audio/transcriptions',
      authorization: 'Bearer sk-test',
      fields: { model: 'small.en', response_format: 'json' },
    });
    expect(seen.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.file).toMatchObject({ name: 'dictation.wav', type: 'audio/wav' });
    expect(seen.file!.bytes.equals(wav)).toBe(true);
  });

  it('sends no Authorization header without a key', async () => {
    fake.answer({ kind: 'text', text: 'ok' });
    await httpEngine({ url: `${fake.url}/`, model: 'whisper-1', timeoutSeconds: 5 }).recognize(
      audio(),
      signal(),
    );
    expect(fake.requests.at(-1)!.authorization).toBeUndefined();
  });

  it('finds the endpoint under the base URL, with or without /v1 or a trailing slash', () => {
    expect(transcriptionsUrl('http://asr:8080')).toBe('http://asr:8080/v1/audio/transcriptions');
    expect(transcriptionsUrl('http://asr:8080/')).toBe('http://asr:8080/v1/audio/transcriptions');
    expect(transcriptionsUrl('https://api.example.org/v1/')).toBe(
      'https://api.example.org/v1/audio/transcriptions',
    );
    expect(transcriptionsUrl('http://gw/whisper?x=1')).toBe('http://gw/whisper/v1/audio/transcriptions');
  });

  const failure = async (
    engine = httpEngine({ url: fake.url, model: 'm', timeoutSeconds: 1 }),
    s = signal(),
  ) => {
    const err = await engine.recognize(audio(), s).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RecognitionError);
    return (err as Error).message;
  };

  it('refuses an error answer by its status, never echoing its body', async () => {
    fake.answer({ kind: 'status', status: 500, body: 'model crashed on: chest pain since Tuesday' });
    const reason = await failure();
    expect(reason).toBe('the recognizer answered HTTP 500');
    fake.answer({ kind: 'status', status: 401, body: 'bad key sk-test' });
    expect(await failure()).toBe('the recognizer answered HTTP 401');
  });

  it('stops at the time limit', async () => {
    fake.answer({ kind: 'hang' });
    const started = Date.now();
    expect(await failure(undefined, AbortSignal.timeout(500))).toBe(
      'no result within 1 s (ASR_TIMEOUT_SECONDS)',
    );
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('refuses an answer larger than the limit, one that is not JSON, or JSON without text', async () => {
    fake.answer({ kind: 'raw', body: JSON.stringify({ text: 'x'.repeat(MAX_RECOGNIZER_OUTPUT_BYTES) }) });
    expect(await failure()).toBe(
      `the recognizer's answer is larger than ${MAX_RECOGNIZER_OUTPUT_BYTES} bytes`,
    );
    fake.answer({ kind: 'raw', body: 'chest pain since Tuesday' });
    expect(await failure()).toBe('the recognizer answered something other than JSON');
    fake.answer({ kind: 'raw', body: JSON.stringify({ segments: ['chest pain'] }) });
    expect(await failure()).toBe('the recognizer answered JSON without text');
  });

  it('says when the server cannot be reached', async () => {
    const closed = await startFakeRecognizer();
    await closed.close();
    expect(await failure(httpEngine({ url: closed.url, model: 'm', timeoutSeconds: 5 }))).toBe(
      'the recognizer could not be reached (ECONNREFUSED)',
    );
  });
});
