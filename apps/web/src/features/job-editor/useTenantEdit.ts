import { useEffect } from 'react';

/** Spec 02 §9: the external edit closes 3000 ms after a save or cancel. */
export const TENANT_CLOSE_DELAY_MS = 3000;

/** The messages the tenant's opener window receives (spec 02 §4 "External tenant edit"). */
export type TenantMessageType = 'webEditSavedAndClosed' | 'webEditCancelled' | 'webEditExited';

function openerWindow(): Window | null {
  const opener = window.opener as Window | null;
  return opener && !opener.closed ? opener : null;
}

/** Posts a message to the opener; false when there is no opener. */
export function postToOpener(type: TenantMessageType, jobId: number): boolean {
  const opener = openerWindow();
  if (!opener) return false;
  // Only the job id and the outcome: nothing of the patient leaves the window.
  opener.postMessage({ type, jobId }, '*');
  return true;
}

/**
 * After a save or cancel in tenant mode: with an opener, wait 3000 ms, post the outcome and close
 * the window (answers true); without one answer false (the caller goes to the job list).
 */
export function finishTenantEdit(outcome: 'saved' | 'cancelled', jobId: number): boolean {
  if (!openerWindow()) return false;
  setTimeout(() => {
    postToOpener(outcome === 'saved' ? 'webEditSavedAndClosed' : 'webEditCancelled', jobId);
    window.close();
  }, TENANT_CLOSE_DELAY_MS);
  return true;
}

/** Tenant mode: posts webEditExited to the opener when the page is unloaded. */
export function useTenantExitMessage(enabled: boolean, jobId: number): void {
  useEffect(() => {
    if (!enabled) return;
    const onHide = () => postToOpener('webEditExited', jobId);
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, [enabled, jobId]);
}
