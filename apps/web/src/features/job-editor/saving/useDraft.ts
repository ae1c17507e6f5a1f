import type { Editor, JSONContent } from '@tiptap/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type JobDraft, readDraft, writeDraft } from './draftStore';

/** The unsaved text is kept this long after the last keystroke. */
const DRAFT_DEBOUNCE_MS = 1000;

export interface DraftOptions {
  jobId: number;
  /** The version the text was loaded at (drafts are kept per version). */
  version: number;
  editing: boolean;
  /** False after a save or a cancelled edit: a pending keep is dropped. */
  changed: boolean;
  markChanged: () => void;
  /** Edit (a restore in view mode books out first). */
  startEdit: () => void;
  editor: () => Editor | null;
}

/** The kept draft of the job's text and the banner's choices. */
export interface Drafts {
  /** The draft the banner offers (null: none, or the same as the loaded text). */
  draft: JobDraft | null;
  /** The editor is ready with the loaded text: offers a kept draft that differs from it. */
  offer: (loaded: JSONContent) => void;
  /** The text changed: keeps it after a pause. */
  keep: (doc: JSONContent) => void;
  /** Restore: puts the draft back into the editor, in view mode once the job is booked out. */
  restore: () => void;
  discard: () => void;
}

/**
 * Beyond the spec (draftStore.ts): the unsaved text is kept in the browser while typing, and a
 * kept text that differs from the job's is offered back when the job is opened again.
 */
export function useDraft({
  jobId,
  version,
  editing,
  changed,
  markChanged,
  startEdit,
  editor,
}: DraftOptions): Drafts {
  const [draft, setDraft] = useState<JobDraft | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const restorePending = useRef<JSONContent | null>(null);

  const offer = useCallback(
    (loaded: JSONContent) => {
      const kept = readDraft(jobId, version);
      setDraft(kept && JSON.stringify(kept.doc) !== JSON.stringify(loaded) ? kept : null);
    },
    [jobId, version],
  );
  const keep = useCallback(
    (doc: JSONContent) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => writeDraft(jobId, version, doc), DRAFT_DEBOUNCE_MS);
    },
    [jobId, version],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!changed) clearTimeout(timer.current);
  }, [changed]);

  // A restore asked in view mode waits for edit mode (the editor is read-only until then).
  useEffect(() => {
    const doc = restorePending.current;
    const current = editor();
    if (!editing || !doc || !current) return;
    restorePending.current = null;
    current.commands.setContent(doc);
    markChanged();
  }, [editing, editor, markChanged]);

  const restore = useCallback(() => {
    if (!draft) return;
    setDraft(null);
    if (editing) {
      editor()?.commands.setContent(draft.doc);
      markChanged();
    } else {
      restorePending.current = draft.doc;
      startEdit();
    }
  }, [draft, editing, editor, markChanged, startEdit]);
  const discard = useCallback(() => setDraft(null), []);

  return useMemo(() => ({ draft, offer, keep, restore, discard }), [draft, offer, keep, restore, discard]);
}
