import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toneWav } from '../../testing/audioTestKit.js';
import { RecognitionError } from './asrEngine.js';
import { isSpeechWav, pocketsphinxEngine, pocketsphinxModel } from './pocketsphinxEngine.js';

/**
 * The child-process handling of the pocketsphinx engine, with small shell scripts standing in for
 * pocketsphinx_continuous; the real recognizer runs in tasks/recognizeDictation.int.test.ts.
 */
describe('the pocketsphinx engine', () => {
  let dir: string;
  let speech: string;
  const audio = (path = speech) => ({ path, filename: 'dictation.wav', mimeType: 'audio/wav' });
  const script = async (name: string, body: string) => {
    const path = join(dir, name);
    await writeFile(path, `#!/bin/sh\n${body}\n`);
    await chmod(path, 0o755);
    return path;
  };
  const failure = async (executable: string, signal = AbortSignal.timeout(10_000), path = speech) => {
    const engine = pocketsphinxEngine({ timeoutSeconds: 1, executable });
    const err = await engine.recognize(audio(path), signal).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RecognitionError);
    return (err as Error).message;
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quill-asr-ps-'));
    speech = join(dir, 'speech.wav');
    await writeFile(speech, toneWav(0.2));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('runs the recognizer on the wav with the Debian model and its log silenced, one line an utterance', async () => {
    const args = join(dir, 'args.txt');
    const fake = await script(
      'ps-ok',
      `printf '%s\\n' "$@" > ${args}\nprintf 'chest pain  since tuesday\\n\\n  no fever\\n'`,
    );
    const engine = pocketsphinxEngine({ timeoutSeconds: 5, executable: fake });
    expect(engine.name).toBe('pocketsphinx');
    expect(await engine.recognize(audio(), AbortSignal.timeout(5_000))).toBe(
      'chest pain since tuesday\nno fever',
    );
    const model = pocketsphinxModel();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(args, 'utf8')).trim().split('\n')).toEqual([
      '-infile',
      speech,
      '-hmm',
      model.hmm,
      '-lm',
      model.lm,
      '-dict',
      model.dict,
      '-logfn',
      '/dev/null',
    ]);
    expect(model).toEqual({
      hmm: '/usr/share/pocketsphinx/model/en-us/en-us',
      lm: '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin',
      dict: '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict',
    });
  });

  it('reports a failed run by its exit code, never its output', async () => {
    const fake = await script('ps-fail', "echo 'chest pain since tuesday'\necho 'ERROR: chest' >&2\nexit 3");
    expect(await failure(fake)).toBe('pocketsphinx exited with code 3');
  });

  it('kills a run that writes more than the limit', async () => {
    const fake = await script('ps-flood', 'yes chest pain');
    expect(await failure(fake)).toMatch(/^pocketsphinx wrote more than \d+ bytes$/);
  });

  it('kills a run past the time limit', async () => {
    const fake = await script('ps-slow', 'exec sleep 30');
    const started = Date.now();
    expect(await failure(fake, AbortSignal.timeout(300))).toBe('no result within 1 s (ASR_TIMEOUT_SECONDS)');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('needs a 16 kHz mono 16-bit wav (ffmpeg makes one) and an executable that starts', async () => {
    const other = join(dir, 'cd.wav');
    await writeFile(other, toneWav(0.2, 44_100));
    expect(await isSpeechWav(speech)).toBe(true);
    expect(await isSpeechWav(other)).toBe(false);
    const fake = await script('ps-never', 'echo never');
    expect(await failure(fake, undefined, other)).toBe(
      'pocketsphinx needs a 16 kHz mono wav and ffmpeg is not installed',
    );
    expect(await failure(join(dir, 'no-such-pocketsphinx'))).toBe('pocketsphinx could not start (ENOENT)');
  });
});
