import type { SetJobDataRequest } from '@quill/core/contract/job';
import { SAVE_MODES, type SaveModeName } from '@quill/core/rules/saveOptions';
import { stageLabel } from '@quill/core/rules/stages';
import type { JSONContent } from '@tiptap/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/toasts';
import { ApiRequestError } from '../../lib/api';
import { type DetailEdits, detailEditsOf, withDetailEdits } from './details/jobDataEdits';
import { clearDrafts } from './draftStore';
import { changedSections } from './editor/cdaDoc';
import { bookOutJob, cancelBooking, extendBooking, fetchJobVersion, jobDataOf, saveJob } from './jobApi';
import type { LoadedJob } from './useJobLoad';

/** The booking is renewed this often while editing (the server's booking lasts 10 minutes). */
export const EXTEND_BOOKING_MS = 4 * 60_000;

export type Busy = 'booking' | 'saving' | 'cancelling' | 'closing' | null;
export type EditDialog =
  | { kind: 'protect' }
  | { kind: 'newerVersion'; mode: SaveModeName; version: number }
  | null;
/** How an edit ended: the job view leaves (or, for a tenant, tells its opener). */
export type EditOutcome = 'saved' | 'cancelled' | 'closed';

export interface EditSessionOptions {
  jobId: number;
  job: LoadedJob | undefined;
  /** The editor's document now, and as loaded (null when there is no CDA editor). */
  currentDoc: () => JSONContent | null;
  loadedDoc: () => JSONContent | null;
  /** After a save that stays in the job (save only) or ends the edit: reload the job. */
  reload: () => void;
  /** Leave the job view after Close, Cancel or a save that ends the edit. */
  leave: (outcome: EditOutcome) => void;
}

function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500
    ? error.message
    : undefined;
}

/**
 * Spec 02 §4 "Edit flow" and "Save": view mode → (protection dialog) → bookoutjob → edit mode with
 * the booking cookie kept in memory and extended; Cancel releases the booking; Save checks the
 * version (newer → the overwrite dialog) and saves the changed sections with the chosen mode.
 */
export function useEditSession({ jobId, job, currentDoc, loadedDoc, reload, leave }: EditSessionOptions) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'view' | 'edit'>('view');
  const [busy, setBusy] = useState<Busy>(null);
  const [changed, setChanged] = useState(false);
  const [dialog, setDialog] = useState<EditDialog>(null);
  const [note, setNote] = useState('');
  const [unprotected, setUnprotected] = useState(false);
  const [detailEdits, setDetailEdits] = useState<DetailEdits>({});
  const cookie = useRef<string | null>(null);
  const details = job?.details;
  const loadedVersion = job?.cda?.version ?? details?.version ?? 0;
  const componentType = details?.componentType ?? '';

  const bookOut = useCallback(async () => {
    setBusy('booking');
    try {
      const result = await bookOutJob(jobId);
      if (!result.success) {
        showToast(result.messages.join(', ') || t('job.bookOutFailed'), { kind: 'error' });
        return false;
      }
      cookie.current = result.bookingCookie;
      setMode('edit');
      return true;
    } catch (error) {
      const known = serverMessage(error);
      if (known) showToast(known, { kind: 'error', title: t('job.bookOutFailed') });
      else showToast(t('job.bookOutException'), { kind: 'error' });
      return false;
    } finally {
      setBusy(null);
    }
  }, [jobId, t]);

  /** Edit: the protection dialog first when the job is protected and the user not yet warned. */
  const startEdit = useCallback(() => {
    if (details?.isProtected && !details.warnedOfProtection && !unprotected) setDialog({ kind: 'protect' });
    else void bookOut();
  }, [details, unprotected, bookOut]);

  const unprotect = useCallback(() => {
    setUnprotected(true);
    setDialog(null);
    void bookOut();
  }, [bookOut]);

  // Keep the booking alive while editing.
  useEffect(() => {
    if (mode !== 'edit') return;
    const timer = setInterval(() => {
      const held = cookie.current;
      if (!held) return;
      extendBooking(jobId, held)
        .then((r) => {
          if (!r.success)
            showToast(t('job.bookingNotLive', { jobId: String(jobId) }), {
              kind: 'warning',
              id: 'job-booking',
            });
        })
        .catch((error) =>
          showToast(serverMessage(error) ?? t('job.bookingNotLive', { jobId: String(jobId) }), {
            kind: 'warning',
            id: 'job-booking',
          }),
        );
    }, EXTEND_BOOKING_MS);
    return () => clearInterval(timer);
  }, [mode, jobId, t]);

  const cancelEdit = useCallback(async () => {
    const held = cookie.current;
    if (!held) return;
    setBusy('cancelling');
    try {
      const result = await cancelBooking(jobId, held, componentType);
      if (!result.success) {
        showToast(result.messages.join(', ') || t('job.cancelBookingFailed'), { kind: 'error' });
        return;
      }
      cookie.current = null;
      clearDrafts(jobId);
      setChanged(false);
      setDetailEdits({});
      setMode('view');
      leave('cancelled');
    } catch {
      showToast(t('job.cancelException'), { kind: 'error' });
    } finally {
      setBusy(null);
    }
  }, [jobId, componentType, leave, t]);

  const doSave = useCallback(
    async (saveMode: SaveModeName, version: number) => {
      const held = cookie.current;
      if (!held || !details) return;
      setBusy('saving');
      try {
        const loaded = loadedDoc();
        const current = currentDoc();
        const cda = loaded && current ? changedSections(loaded, current) : undefined;
        const result = await saveJob({
          jobId,
          version,
          bookingCookie: held,
          saveMode: SAVE_MODES[saveMode],
          setJobDataRequest: withDetailEdits(
            jobDataOf(
              details,
              note.trim() ? note.trim() : details.jobNote,
              unprotected ? false : details.isProtected,
            ),
            detailEdits,
          ),
          cda: cda?.sections.length ? cda : undefined,
        });
        if (!result.success) {
          showToast(t('job.saveFailed'), { kind: 'error' });
          return;
        }
        showToast(
          t('jobView.saved', {
            jobId: String(jobId),
            version: String(result.version),
            stage: stageLabel(result.stageId, result.stageName),
          }),
          {
            kind: 'success',
          },
        );
        clearDrafts(jobId);
        setChanged(false);
        setNote('');
        setDetailEdits({});
        if (saveMode !== 'saveOnly') {
          cookie.current = null;
          setMode('view');
          leave('saved');
        }
        reload();
      } catch (error) {
        showToast(serverMessage(error) ?? t('job.saveFailed'), {
          kind: 'error',
          title: serverMessage(error) ? t('job.saveFailed') : undefined,
        });
      } finally {
        setBusy(null);
      }
    },
    [details, jobId, note, unprotected, detailEdits, loadedDoc, currentDoc, leave, reload, t],
  );

  /** Save: the current version first; newer asks to overwrite, lower or a failure warns. */
  const save = useCallback(
    async (saveMode: SaveModeName) => {
      setBusy('saving');
      let current: number;
      try {
        current = (await fetchJobVersion(jobId)).version;
      } catch {
        showToast(t('job.versionCheckFailed'), { kind: 'warning' });
        setBusy(null);
        return;
      }
      setBusy(null);
      if (current > loadedVersion) setDialog({ kind: 'newerVersion', mode: saveMode, version: current });
      else if (current < loadedVersion) showToast(t('job.versionCheckFailed'), { kind: 'warning' });
      else await doSave(saveMode, current);
    },
    [jobId, loadedVersion, doSave, t],
  );

  const overwrite = useCallback(() => {
    if (dialog?.kind !== 'newerVersion') return;
    setDialog(null);
    void doSave(dialog.mode, dialog.version);
  }, [dialog, doSave]);

  const editNote = useCallback((text: string) => {
    setNote(text);
    setChanged(true);
  }, []);

  /** The Document Details card's job data: the loaded details with its edits (null before load). */
  const jobData = useMemo(
    () =>
      details ? withDetailEdits(jobDataOf(details, details.jobNote, details.isProtected), detailEdits) : null,
    [details, detailEdits],
  );
  const editJobData = useCallback((next: SetJobDataRequest) => {
    setDetailEdits(detailEditsOf(next));
    setChanged(true);
  }, []);

  return {
    mode,
    busy,
    changed,
    markChanged: useCallback(() => setChanged(true), []),
    dialog,
    closeDialog: useCallback(() => setDialog(null), []),
    note,
    editNote,
    jobData,
    editJobData,
    loadedVersion,
    cookie,
    bookOut,
    startEdit,
    unprotect,
    cancelEdit,
    save,
    overwrite,
  };
}

export type EditSession = ReturnType<typeof useEditSession>;
