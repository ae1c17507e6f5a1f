import { ACCOUNT } from '@quill/core/contract/endpoints/account';
import { safeReturnPath } from '@quill/core/rules/auth/returnPath';
import { urlFor } from './api';

export { safeReturnPath };

/** Spec 01 §4: where a browser that is not signed in goes, coming back to `returnPath` afterwards. */
export function signInSchemeUrl(scheme: string, returnPath: string): string {
  return urlFor(ACCOUNT.scheme, {
    params: { scheme },
    query: { returnUrl: safeReturnPath(returnPath) },
  });
}

/** The page the browser shows now (path and query), the return path for a sign-in. */
export function currentBrowserPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** Spec 01 §2: the job view of one job (spec 02). */
export function jobPath(jobId: number | string): string {
  return `/job/${encodeURIComponent(String(jobId))}`;
}
