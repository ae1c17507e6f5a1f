import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRecognizer } from '../../testing/fakeRecognizer.js';
import { asrEngineStatus, checkAsrEngine, displayUrl } from './checkAsrEngine.js';

const base = { ASR_MODEL: 'whisper-1' } as const;

describe('whether the speech recognizer is ready (queueing, health page)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quill-asr-model-'));
    await mkdir(join(dir, 'en-us'));
    for (const f of ['en-us/mdef', 'en-us.lm.bin', 'cmudict-en-us.dict']) await writeFile(join(dir, f), 'x');
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('is off with ASR_ENGINE=none, and says so', () => {
    expect(asrEngineStatus({ ...base, ASR_ENGINE: 'none' })).toEqual({
      ready: false,
      detail: 'Speech recognition is off (ASR_ENGINE=none): new dictations stay audio-only, without a draft.',
    });
  });

  it('names the Debian packages when pocketsphinx or its model is missing', () => {
    const config = { ...base, ASR_ENGINE: 'pocketsphinx' } as const;
    expect(asrEngineStatus(config, { pocketsphinx: null })).toEqual({
      ready: false,
      detail:
        'pocketsphinx is not installed: new dictations stay audio-only, without a draft. Install the Debian packages: apt-get install pocketsphinx pocketsphinx-en-us',
    });
    const noModel = asrEngineStatus(config, {
      pocketsphinx: '/usr/bin/pocketsphinx_continuous',
      modelDir: '/nowhere',
    });
    expect(noModel.ready).toBe(false);
    expect(noModel.detail).toContain('its US English model is missing (/nowhere)');
    expect(noModel.detail).toContain('apt-get install pocketsphinx-en-us');
    const ready = asrEngineStatus(config, {
      pocketsphinx: '/usr/bin/pocketsphinx_continuous',
      modelDir: dir,
    });
    expect(ready.ready).toBe(true);
    expect(ready.detail).toMatch(
      /^pocketsphinx found at \/usr\/bin\/pocketsphinx_continuous with its US English model/,
    );
  });

  it('is ready with http and a URL, shown without credentials or query', () => {
    const status = asrEngineStatus({
      ...base,
      ASR_ENGINE: 'http',
      ASR_URL: 'https://me:secret@asr.example.org/api/?key=k',
    });
    expect(status.ready).toBe(true);
    expect(status.detail).toBe(
      'Recognition server https://asr.example.org/api (model whisper-1): new dictations get a speech-recognition draft.',
    );
    expect(status.detail).not.toContain('secret');
    expect(displayUrl('http://127.0.0.1:9000/')).toBe('http://127.0.0.1:9000');
    expect(asrEngineStatus({ ...base, ASR_ENGINE: 'http' }).ready).toBe(false);
  });

  it('asks the recognition server only when told to (a manager’s health check)', async () => {
    const fake = await startFakeRecognizer();
    const config = { ...base, ASR_ENGINE: 'http', ASR_URL: fake.url } as const;
    try {
      expect((await checkAsrEngine(config)).detail).toContain('(model whisper-1)');
      const answered = await checkAsrEngine(config, { probe: true });
      expect(answered.ok).toBe(true);
      expect(answered.detail).toMatch(new RegExp(`^Recognition server ${fake.url} answered in \\d+ ms`));
    } finally {
      await fake.close();
    }
    const down = await checkAsrEngine(config, { probe: true });
    expect(down).toEqual({
      ok: false,
      detail: `Recognition server ${fake.url} did not answer (ECONNREFUSED): drafts are retried and, failing that, dictations stay audio-only.`,
    });
  });
});
