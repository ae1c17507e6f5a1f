import { type CheckFileInfo, readCheckFileInfo } from './checkFileInfo';

/** What a refused WOPI call means to the page (WOPI's status codes). */
export type WopiFailure = 'expired' | 'notFound' | 'conflict' | 'tooLarge' | 'failed';

/** A WOPI call that did not succeed; a 409 carries the lock the file has now (X-WOPI-Lock). */
export class WopiError extends Error {
  constructor(
    readonly failure: WopiFailure,
    readonly status: number,
    readonly currentLock: string | null = null,
  ) {
    super(`WOPI ${failure} (${status})`);
    this.name = 'WopiError';
  }
}

function failureOf(status: number): WopiFailure {
  if (status === 401) return 'expired';
  if (status === 404) return 'notFound';
  if (status === 409) return 'conflict';
  if (status === 413) return 'tooLarge';
  return 'failed';
}

/** How long one call may take before the page gives up on it. */
export const WOPI_CALL_TIMEOUT_MS = 30_000;
/** The largest document the page opens or saves (the bytes are held in the browser's memory). */
export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;

/** The WOPI operations of the embedded client, on one file (its WOPISrc) with one access token. */
export interface WopiHost {
  checkFileInfo(): Promise<CheckFileInfo>;
  getFile(): Promise<ArrayBuffer>;
  lock(lockId: string): Promise<void>;
  refreshLock(lockId: string): Promise<void>;
  /** `keepalive`: sent as the page goes away, and finished by the browser without it. */
  unlock(lockId: string, options?: { keepalive?: boolean }): Promise<void>;
  putFile(lockId: string, docx: ArrayBuffer): Promise<void>;
}

/**
 * The WOPI host of `wopiSrc` (WOPI REST: CheckFileInfo `GET {WOPISrc}`, GetFile
 * `GET {WOPISrc}/contents`, Lock / RefreshLock / Unlock `POST {WOPISrc}` with X-WOPI-Override,
 * PutFile `POST {WOPISrc}/contents`), the token as `access_token` on every call. Calls carry no
 * cookie (a WOPI client has none) and never follow a redirect, so the token cannot travel further.
 */
export function wopiHost(wopiSrc: string, token: string, fetchImpl: typeof fetch = fetch): WopiHost {
  const query = `?access_token=${encodeURIComponent(token)}`;
  const fileUrl = `${wopiSrc}${query}`;
  const contentsUrl = `${wopiSrc}/contents${query}`;

  async function call(url: string, init: RequestInit = {}): Promise<Response> {
    let res: Response;
    try {
      res = await fetchImpl(url, {
        credentials: 'omit',
        cache: 'no-store',
        redirect: 'error',
        signal: init.keepalive ? null : AbortSignal.timeout(WOPI_CALL_TIMEOUT_MS),
        ...init,
      });
    } catch {
      throw new WopiError('failed', 0);
    }
    if (!res.ok) throw new WopiError(failureOf(res.status), res.status, res.headers.get('X-WOPI-Lock'));
    return res;
  }

  const override = (operation: string, lockId: string, extra: RequestInit = {}) =>
    call(fileUrl, {
      method: 'POST',
      headers: { 'X-WOPI-Override': operation, 'X-WOPI-Lock': lockId },
      ...extra,
    }).then(() => undefined);

  return {
    async checkFileInfo() {
      const info = readCheckFileInfo(await (await call(fileUrl)).json().catch(() => null));
      if (!info) throw new WopiError('failed', 200);
      return info;
    },
    async getFile() {
      const res = await call(contentsUrl);
      if (Number(res.headers.get('Content-Length') ?? 0) > MAX_DOCUMENT_BYTES)
        throw new WopiError('tooLarge', 200);
      const bytes = await res.arrayBuffer();
      if (bytes.byteLength > MAX_DOCUMENT_BYTES) throw new WopiError('tooLarge', 200);
      return bytes;
    },
    lock: (lockId) => override('LOCK', lockId),
    refreshLock: (lockId) => override('REFRESH_LOCK', lockId),
    unlock: (lockId, options = {}) => override('UNLOCK', lockId, { keepalive: options.keepalive === true }),
    async putFile(lockId, docx) {
      if (docx.byteLength > MAX_DOCUMENT_BYTES) throw new WopiError('tooLarge', 0);
      await call(contentsUrl, {
        method: 'POST',
        headers: {
          'X-WOPI-Override': 'PUT',
          'X-WOPI-Lock': lockId,
          'Content-Type': 'application/octet-stream',
        },
        body: docx,
      });
    },
  };
}

/** A new WOPI lock id: 128 random bits as hex (getRandomValues works outside https too). */
export function newLockId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
