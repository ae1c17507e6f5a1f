import { existsSync } from 'node:fs';
import { message } from '@quill/core';
import type { Config } from '../../config.js';
import { findExecutable } from '../../system/findExecutable.js';
import { findPocketsphinx, POCKETSPHINX_MODEL_DIR, pocketsphinxModel } from './pocketsphinxEngine.js';

type AsrConfig = Pick<Config, 'ASR_ENGINE' | 'ASR_URL' | 'ASR_MODEL'>;

/** Whether the configured recognizer can run here, and what the health page says of it. */
export interface AsrEngineStatus {
  /** A task would have an engine to run: recognition is on and its engine is installed or configured. */
  ready: boolean;
  detail: string;
}

/** A URL as the health page shows it: no user, password, query or fragment. */
export function displayUrl(url: string): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
}

/**
 * Without touching the network: whether ASR_ENGINE's recognizer is there — for pocketsphinx its
 * executable and every file of the US English model (`modelDir` for tests), for http a URL. What
 * Create with Audio asks before it queues a recognition (a missing engine leaves the job
 * audio-only), and the health page's answer for anyone but a signed-in manager.
 */
export function asrEngineStatus(
  config: AsrConfig,
  opts: { modelDir?: string; pocketsphinx?: string | null } = {},
): AsrEngineStatus {
  switch (config.ASR_ENGINE) {
    case 'none':
      return { ready: false, detail: message('transcribe.asr.off') };
    case 'http':
      return config.ASR_URL
        ? {
            ready: true,
            detail: message('transcribe.asr.httpReady', {
              url: displayUrl(config.ASR_URL),
              model: config.ASR_MODEL,
            }),
          }
        : { ready: false, detail: message('transcribe.asr.httpNoUrl') };
    case 'pocketsphinx': {
      const path = opts.pocketsphinx === undefined ? findPocketsphinx() : opts.pocketsphinx;
      if (!path) return { ready: false, detail: message('transcribe.asr.pocketsphinxMissing') };
      const model = pocketsphinxModel(opts.modelDir);
      const missing = [model.hmm, `${model.hmm}/mdef`, model.lm, model.dict].find((f) => !existsSync(f));
      if (missing)
        return {
          ready: false,
          detail: message('transcribe.asr.modelMissing', { path: opts.modelDir ?? POCKETSPHINX_MODEL_DIR }),
        };
      const ready = message('transcribe.asr.pocketsphinxReady', { path });
      return {
        ready: true,
        detail: findExecutable(['ffmpeg'])
          ? ready
          : `${ready} ${message('transcribe.asr.pocketsphinxNoFfmpeg')}`,
      };
    }
  }
}

/** How long the health page waits for the recognition server. */
const PROBE_TIMEOUT_MS = 3_000;

/**
 * The health page's "Speech recognition" row for a signed-in manager (an optional check: not
 * ready is a warning, never a failure of the service). For the http engine it also asks the
 * server: any HTTP answer to a GET of ASR_URL proves it is reachable (servers differ in what they
 * serve there); a refused connection or no answer within 3 s says why.
 */
export async function checkAsrEngine(
  config: AsrConfig,
  opts: { probe?: boolean } = {},
): Promise<{ ok: boolean; detail: string }> {
  const status = asrEngineStatus(config);
  if (!status.ready || config.ASR_ENGINE !== 'http' || !opts.probe)
    return { ok: status.ready, detail: status.detail };
  const url = displayUrl(config.ASR_URL!);
  const started = performance.now();
  try {
    const res = await fetch(config.ASR_URL!, {
      redirect: 'manual',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    await res.body?.cancel().catch(() => undefined);
    const ms = Math.round(performance.now() - started);
    return { ok: true, detail: message('transcribe.asr.httpAnswered', { url, ms, model: config.ASR_MODEL }) };
  } catch (err) {
    const e = err as { name?: string; cause?: { code?: string } };
    const reason =
      e.name === 'TimeoutError'
        ? `no answer within ${PROBE_TIMEOUT_MS / 1000} s`
        : (e.cause?.code ?? 'network error');
    return { ok: false, detail: message('transcribe.asr.httpUnreachable', { url, reason }) };
  }
}
