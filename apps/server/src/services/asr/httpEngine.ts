import { openAsBlob } from 'node:fs';
import {
  type AsrEngine,
  abortReason,
  MAX_RECOGNIZER_OUTPUT_BYTES,
  type RecognitionAudio,
  RecognitionError,
} from './asrEngine.js';

export interface HttpEngineOptions {
  /** ASR_URL: the server's base URL; the call goes to `{url}/v1/audio/transcriptions`. */
  url: string;
  /** ASR_MODEL: the request's `model` field. */
  model: string;
  /** ASR_API_KEY: sent as a Bearer token when set. */
  apiKey?: string;
  timeoutSeconds: number;
}

/** The transcription endpoint under a base URL (a trailing slash or /v1 written into ASR_URL is fine). */
export function transcriptionsUrl(base: string): string {
  const url = new URL(base);
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  url.pathname = `${path}/v1/audio/transcriptions`;
  url.search = '';
  url.hash = '';
  return url.toString();
}

/** Reads a body up to `max` bytes; past it the rest is cancelled and the answer refused. */
async function readBounded(body: ReadableStream<Uint8Array> | null, max: number): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new RecognitionError(`the recognizer's answer is larger than ${max} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Any server speaking the OpenAI-compatible `POST /v1/audio/transcriptions` (whisper.cpp's server,
 * faster-whisper servers, a cloud provider): a multipart request with `file`, `model` and
 * `response_format=json`, answered `{ "text": … }`. The recording is streamed from its file; the
 * answer is read up to {@link MAX_RECOGNIZER_OUTPUT_BYTES}; redirects are refused (the key stays
 * with the configured host). A failure names the HTTP status or the cause, never the answer's body.
 */
export function httpEngine(opts: HttpEngineOptions): AsrEngine {
  const endpoint = transcriptionsUrl(opts.url);
  return {
    name: 'http',
    async recognize(audio: RecognitionAudio, signal: AbortSignal): Promise<string> {
      const form = new FormData();
      form.set('file', await openAsBlob(audio.path, { type: audio.mimeType }), audio.filename);
      form.set('model', opts.model);
      form.set('response_format', 'json');
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: 'POST',
          body: form,
          headers: {
            accept: 'application/json',
            ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
          },
          redirect: 'error',
          signal,
        });
      } catch (err) {
        if (signal.aborted) throw abortReason(signal, opts.timeoutSeconds);
        const cause = (err as { cause?: { code?: string } }).cause;
        throw new RecognitionError(`the recognizer could not be reached (${cause?.code ?? 'network error'})`);
      }
      try {
        if (!res.ok) {
          await res.body?.cancel().catch(() => undefined);
          throw new RecognitionError(`the recognizer answered HTTP ${res.status}`);
        }
        const bytes = await readBounded(res.body, MAX_RECOGNIZER_OUTPUT_BYTES);
        let answer: unknown;
        try {
          answer = JSON.parse(bytes.toString('utf8'));
        } catch {
          throw new RecognitionError('the recognizer answered something other than JSON');
        }
        const text = (answer as { text?: unknown } | null)?.text;
        if (typeof text !== 'string') throw new RecognitionError('the recognizer answered JSON without text');
        return text
          .split(/\r?\n/)
          .map((line) => line.replace(/\s+/g, ' ').trim())
          .filter(Boolean)
          .join('\n');
      } catch (err) {
        if (err instanceof RecognitionError) throw err;
        if (signal.aborted) throw abortReason(signal, opts.timeoutSeconds);
        throw new RecognitionError('the recognizer’s answer was cut off');
      }
    },
  };
}
