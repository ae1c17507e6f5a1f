import { message } from '@quill/core';
import { unavailable } from '../../errors/domainErrors.js';
import { DiscoveryError, type DocxActions, parseDiscovery } from './parseDiscovery.js';

/** Limits of reading a WOPI client's discovery document. */
export const DISCOVERY_LIMITS = {
  /** A discovery document is tens of kilobytes; more is not one. */
  maxBytes: 2 * 1024 * 1024,
  timeoutMs: 5_000,
  /** How long a read document is used before it is read again (a client's addresses rarely change). */
  cacheMs: 60 * 60 * 1000,
} as const;

const cache = new Map<string, { until: number; actions: Promise<DocxActions> }>();

async function readBounded(res: Response): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > DISCOVERY_LIMITS.maxBytes) throw new DiscoveryError('the document is too large');
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > DISCOVERY_LIMITS.maxBytes) {
      await reader.cancel();
      throw new DiscoveryError('the document is too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function fetchActions(url: string): Promise<DocxActions> {
  let res: Response;
  try {
    res = await fetch(url, {
      signal: AbortSignal.timeout(DISCOVERY_LIMITS.timeoutMs),
      headers: { accept: 'application/xml, text/xml' },
    });
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError';
    throw new DiscoveryError(
      timedOut ? `no answer within ${DISCOVERY_LIMITS.timeoutMs / 1000} s` : (err as Error).message,
    );
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new DiscoveryError(`HTTP ${res.status}`);
  }
  return parseDiscovery(await readBounded(res));
}

/**
 * The .docx actions of the WOPI client at WOPI_DISCOVERY_URL, read at most every
 * {@link DISCOVERY_LIMITS}.cacheMs (concurrent callers share one read; a failed read is not kept).
 * 503 with the reason when the client cannot be reached, answers too slowly or too much, or offers
 * nothing for .docx.
 */
export async function discoverDocxActions(url: string, now = Date.now()): Promise<DocxActions> {
  const kept = cache.get(url);
  if (kept && kept.until > now) return kept.actions;
  const actions = fetchActions(url);
  cache.set(url, { until: now + DISCOVERY_LIMITS.cacheMs, actions });
  try {
    return await actions;
  } catch (err) {
    cache.delete(url);
    const detail = err instanceof DiscoveryError ? err.detail : (err as Error).message;
    throw unavailable(
      message('wopi.discoveryUnreachable', { url, detail: detail.slice(0, 200) }),
      'wopi_discovery',
    );
  }
}

/** Forgets every read discovery document (tests; a changed WOPI client). */
export function forgetDiscovery(): void {
  cache.clear();
}
