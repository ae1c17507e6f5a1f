import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { reportActivity } from '../../../app/session/activityEvents';
import { FrameChannel, type FrameSaveResult } from './frameChannel';
import { fetchWordAuth } from './wordApi';

/** Spec 02 §9: the Word frame is cleared 1 second after the export (the save) completed. */
export const WORD_FRAME_CLEAR_MS = 1000;

/** What the frame shows: the address its form posts the token to. */
export interface WordTarget {
  url: string;
  accessToken: string;
  accessTokenTtl: number;
  /** A new frame for every opening (the iframe is made afresh). */
  key: number;
}

export interface WordDocumentOptions {
  jobId: number;
  /** The job's text type is DOCX. */
  enabled: boolean;
  /** Edit mode: the job is booked out to this account (the editing address when allowed). */
  editing: boolean;
  /** Doc_ModifiedStatus true: the job has unsaved changes. */
  onModified: () => void;
}

/** The Word text type of the job view (spec 02 §2 "the word-processor frame", §6, §9). */
export interface WordDocument {
  /** null while the frame is blank (opening, or cleared after a save). */
  target: WordTarget | null;
  status: 'opening' | 'open' | 'failed';
  channel: FrameChannel;
  /** Asks the frame to save the document (Action_Save) and waits for its answer. */
  saveFrame: () => Promise<FrameSaveResult>;
  /** A save completed: the frame is cleared 1 s later, then opened again (view or edit mode). */
  saved: () => void;
  /** Opens the document again (after a failure). */
  reopen: () => void;
}

/**
 * Fills the Word frame: getwordauth, then the frame's form posts `access_token` and
 * `access_token_ttl` to the viewing address (view mode) or the editing address (edit mode with the
 * edit-text permission; else viewing). It asks again on Edit, on Cancel and after a save.
 */
export function useWordDocument({ jobId, enabled, editing, onModified }: WordDocumentOptions): WordDocument {
  const [target, setTarget] = useState<WordTarget | null>(null);
  const [status, setStatus] = useState<WordDocument['status']>('opening');
  const [opening, setOpening] = useState(0);
  const keys = useRef(0);
  const modified = useRef(onModified);
  modified.current = onModified;
  const channel = useMemo(
    () =>
      new FrameChannel({
        onModified: (changed) => {
          if (changed) modified.current();
        },
        onActivity: () => reportActivity(),
      }),
    [],
  );

  // The mode to open in is read when opening: a save's own end of edit mode waits for the clear.
  const editingNow = useRef(editing);
  editingNow.current = editing;
  const clearTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const openedEditing = useRef(editing);
  useEffect(() => {
    if (openedEditing.current === editing) return;
    openedEditing.current = editing;
    if (!clearTimer.current) setOpening((n) => n + 1);
  }, [editing]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `opening` asks again on purpose
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    setStatus('opening');
    setTarget(null);
    const mode = editingNow.current ? 'edit' : 'view';
    fetchWordAuth(jobId, mode, abort.signal)
      .then((auth) => {
        keys.current += 1;
        setTarget({
          url: mode === 'edit' ? (auth.editUrl ?? auth.viewUrl) : auth.viewUrl,
          accessToken: auth.accessToken,
          accessTokenTtl: auth.accessTokenTtl,
          key: keys.current,
        });
        setStatus('open');
      })
      .catch(() => {
        if (!abort.signal.aborted) setStatus('failed');
      });
    return () => abort.abort();
  }, [jobId, enabled, opening]);

  useEffect(
    () => () => {
      if (clearTimer.current) clearTimeout(clearTimer.current);
    },
    [],
  );
  const saved = useCallback(() => {
    if (clearTimer.current) clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => {
      clearTimer.current = null;
      setOpening((n) => n + 1);
    }, WORD_FRAME_CLEAR_MS);
  }, []);
  const saveFrame = useCallback(() => channel.save(), [channel]);
  const reopen = useCallback(() => setOpening((n) => n + 1), []);

  return useMemo(
    () => ({ target, status, channel, saveFrame, saved, reopen }),
    [target, status, channel, saveFrame, saved, reopen],
  );
}
