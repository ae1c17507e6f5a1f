import type { SaveFormat } from '@quill/core/contract/documents/documents';
import { LIST_VIEWED_BITS } from '@quill/core/contract/jobList';
import { useCallback, useSyncExternalStore } from 'react';
import { useSession } from '../../app/session/SessionContext';

/*
 * Issue 39 row 10: the list's PDF and RTF "viewed" marks turn green as soon as this page opened the
 * document, not after the next reload of the list. The server marks the job viewed (job_views) for
 * the account when it serves a PDF or RTF; the loaded rows keep what they were read with, so the
 * documents this page opened since are kept here, per account, and the rows show both. Reloading
 * the list, 100,000 rows, for one mark would cost seconds; the next load carries the server's.
 */

/** `${accountId}:${jobId}` → LIST_VIEWED_BITS summed. */
const marks = new Map<string, number>();
const listeners = new Set<() => void>();

const keyOf = (accountId: number, jobId: number) => `${accountId}:${jobId}`;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Notes that the account opened these jobs' documents in `format` (XML marks nothing, as on the server). */
export function markViewed(accountId: number, jobIds: readonly number[], format: SaveFormat): void {
  if (format === 'xml' || jobIds.length === 0) return;
  const bit = LIST_VIEWED_BITS[format];
  for (const jobId of jobIds) {
    const key = keyOf(accountId, jobId);
    marks.set(key, (marks.get(key) ?? 0) | bit);
  }
  for (const listener of listeners) listener();
}

/** Forgets every mark (tests). */
export function resetViewedMarks(): void {
  marks.clear();
}

/** {@link markViewed} for the signed-in account: call it when a PDF or RTF of the jobs was opened. */
export function useMarkViewed(): (jobIds: readonly number[], format: SaveFormat) => void {
  const accountId = useSession().account.memberId;
  return useCallback((jobIds, format) => markViewed(accountId, jobIds, format), [accountId]);
}

/** A row's viewed marks: what it was loaded with, and what this page opened since. */
export function useViewed(row: { jobId: number; pdfViewed: boolean; rtfViewed: boolean }): {
  pdf: boolean;
  rtf: boolean;
} {
  const accountId = useSession().account.memberId;
  const opened = useSyncExternalStore(subscribe, () => marks.get(keyOf(accountId, row.jobId)) ?? 0);
  return {
    pdf: row.pdfViewed || (opened & LIST_VIEWED_BITS.pdf) !== 0,
    rtf: row.rtfViewed || (opened & LIST_VIEWED_BITS.rtf) !== 0,
  };
}
