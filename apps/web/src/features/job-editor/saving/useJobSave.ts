import type { IdentityConfirmation } from '@quill/core/contract/adt/patientIdentity';
import type { CdaEdits } from '@quill/core/contract/documents/cda';
import type { HoldQueueCheckRow } from '@quill/core/rules/jobEditor/holdQueueRules';
import { SAVE_MODES, type SaveModeName, type SaveOptions } from '@quill/core/rules/jobEditor/saveOptions';
import { stageLabel } from '@quill/core/rules/jobList/stages';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../app/toasts';
import { ApiRequestError } from '../../../lib/api';
import type { Booking, EditOutcome } from '../booking/useBooking';
import { runHoldQueueCheck } from '../details/detailsApi';
import { fetchJobVersion, saveJob } from '../jobApi';
import { serverMessage } from '../serverMessage';
import { type LoadedJob, versionOf } from '../useJobLoad';
import type { WordDocument } from '../word/useWordDocument';
import { saveWordDocument } from '../word/wordApi';
import { clearDrafts } from './draftStore';
import type { JobEdits } from './useJobEdits';
import { useSaveOptions } from './useSaveOptions';

export interface JobSaveOptions {
  jobId: number;
  job: LoadedJob | undefined;
  booking: Pick<Booking, 'cookie' | 'unprotected' | 'end'>;
  edits: Pick<JobEdits, 'jobData' | 'toSave' | 'forget'>;
  /** The text's changed sections as they would be saved (undefined when none, or no CDA editor). */
  cdaEdits: () => CdaEdits | undefined;
  /** After a save: reload the job (its new version, or the stage it moved to). */
  reload: () => void;
  /** Leaves the job view after a save that ends the edit. */
  leave: (outcome: EditOutcome) => void;
  /** The Word text type: the frame saves the document first, then saveWordDocument completes it. */
  word: Pick<WordDocument, 'saveFrame' | 'saved'> | null;
}

/** Saving the job from edit mode. */
export interface JobSave {
  /** The save menu's modes and limit for the job as edited (spec 02 §5). */
  options: SaveOptions;
  /** The version check or the save is under way. */
  saving: boolean;
  /** Save with a mode: checks the version first (a newer one asks to overwrite). */
  save: (mode: SaveModeName) => Promise<void>;
  /** The newer-version dialog is open. */
  newerVersion: boolean;
  /** The newer-version dialog's Overwrite: saves against the newer version. */
  overwrite: () => void;
  /** The newer-version dialog's Cancel: editing goes on. */
  keepEditing: () => void;
  /**
   * Issue 39: the save would release the job while a patient-identity rule fails — the rules
   * failing (null when they could not be listed) and the server's refusal; null when not asked.
   */
  identity: { rules: HoldQueueCheckRow[] | null; refusal: string } | null;
  /** Saves again with the reason given: the job is released and the reason audited. */
  confirmIdentity: (reason: string) => void;
  /** Cancel: nothing was saved, the job stays held, editing goes on. */
  keepHeld: () => void;
}

/** A save that waits for the identity confirmation: what to send again. */
interface IdentityAsk {
  mode: SaveModeName;
  version: number;
  rules: HoldQueueCheckRow[] | null;
  refusal: string;
}

/**
 * Spec 02 §4 "Save": getjobversion first (newer → the overwrite dialog; lower or a failure warns),
 * then savejob with the changed sections, the job data and the mode. Save only keeps the booking;
 * every other mode ends the edit and leaves. A save forgets the edits and the kept drafts.
 *
 * Word (issue 22): the frame saves the document first (Action_Save, the WOPI client's PutFile),
 * then saveWordDocument applies the mode to it. The frame's own saves move the job's version, so
 * a newer version is not asked about before saving: the server tells the booking's own versions
 * from others', and its 409 stale opens the overwrite dialog. The frame is cleared 1 s later.
 */
export function useJobSave(input: JobSaveOptions): JobSave {
  const { jobId, job, booking, edits, cdaEdits, reload, leave, word } = input;
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [newer, setNewer] = useState<{ mode: SaveModeName; version: number } | null>(null);
  const [identity, setIdentity] = useState<IdentityAsk | null>(null);
  const options = useSaveOptions(job?.details, edits.jobData);
  const loadedVersion = versionOf(job);
  const { cookie, unprotected, end } = booking;
  const { toSave, forget } = edits;

  /** Word: the frame saves the document; false when it could not (the spec's save failure). */
  const saveFrame = useCallback(async () => {
    if (!word) return true;
    const framed = await word.saveFrame();
    if (framed.success) return true;
    showToast(framed.result === 'notReady' ? t('word.notReady') : t('job.saveFailed'), { kind: 'error' });
    return false;
  }, [word, t]);

  const doSave = useCallback(
    async (mode: SaveModeName, version: number, frameSaved = false, confirmation?: IdentityConfirmation) => {
      const held = cookie.current;
      const setJobDataRequest = toSave(unprotected);
      if (!held || !setJobDataRequest) return;
      setSaving(true);
      try {
        if (!frameSaved && !(await saveFrame())) return;
        const body = {
          jobId,
          version,
          bookingCookie: held,
          saveMode: SAVE_MODES[mode],
          setJobDataRequest,
          ...(confirmation ? { identityConfirmation: confirmation } : {}),
        };
        const result = word ? await saveWordDocument(body) : await saveJob({ ...body, cda: cdaEdits() });
        if (!result.success) {
          showToast(t('job.saveFailed'), { kind: 'error' });
          return;
        }
        const stage = stageLabel(result.stageId, result.stageName);
        showToast(t('jobView.saved', { jobId: String(jobId), version: String(result.version), stage }), {
          kind: 'success',
        });
        clearDrafts(jobId);
        forget();
        word?.saved();
        if (mode !== 'saveOnly') {
          end();
          leave('saved');
        }
        reload();
      } catch (error) {
        if (
          error instanceof ApiRequestError &&
          error.status === 409 &&
          error.code === 'identity_unconfirmed'
        ) {
          // Nothing was saved: list the failing identity rules and ask for a reason.
          const rows = await runHoldQueueCheck(jobId, setJobDataRequest, word ? undefined : cdaEdits()).catch(
            () => null,
          );
          const rules = rows?.filter((r) => r.isTriggered && r.isIdentity) ?? null;
          setIdentity({ mode, version, rules: rules?.length ? rules : null, refusal: error.message });
          return;
        }
        if (
          word &&
          error instanceof ApiRequestError &&
          error.status === 409 &&
          error.code === 'stale_version'
        ) {
          const current = await fetchJobVersion(jobId).catch(() => null);
          if (current) {
            setNewer({ mode, version: current.version });
            return;
          }
        }
        const known = serverMessage(error);
        showToast(known ?? t('job.saveFailed'), {
          kind: 'error',
          title: known ? t('job.saveFailed') : undefined,
        });
      } finally {
        setSaving(false);
      }
    },
    [cookie, toSave, unprotected, cdaEdits, jobId, forget, end, leave, reload, t, word, saveFrame],
  );

  const save = useCallback(
    async (mode: SaveModeName) => {
      setSaving(true);
      let current: number;
      try {
        current = (await fetchJobVersion(jobId)).version;
      } catch {
        showToast(t('job.versionCheckFailed'), { kind: 'warning' });
        setSaving(false);
        return;
      }
      setSaving(false);
      if (current < loadedVersion) showToast(t('job.versionCheckFailed'), { kind: 'warning' });
      else if (word) await doSave(mode, loadedVersion);
      else if (current > loadedVersion) setNewer({ mode, version: current });
      else await doSave(mode, current);
    },
    [jobId, loadedVersion, doSave, t, word],
  );

  const overwrite = useCallback(() => {
    if (!newer) return;
    setNewer(null);
    // A Word document the frame saved already: only the mode is applied again.
    void doSave(newer.mode, newer.version, word !== null);
  }, [newer, doSave, word]);
  const keepEditing = useCallback(() => setNewer(null), []);

  const confirmIdentity = useCallback(
    (reason: string) => {
      if (!identity) return;
      setIdentity(null);
      // A Word document the frame saved already: only the mode is applied again.
      void doSave(identity.mode, identity.version, word !== null, { reason });
    },
    [identity, doSave, word],
  );
  const keepHeld = useCallback(() => setIdentity(null), []);
  const asked = useMemo(
    () => (identity ? { rules: identity.rules, refusal: identity.refusal } : null),
    [identity],
  );

  return useMemo(
    () => ({
      options,
      saving,
      save,
      newerVersion: newer !== null,
      overwrite,
      keepEditing,
      identity: asked,
      confirmIdentity,
      keepHeld,
    }),
    [options, saving, save, newer, overwrite, keepEditing, asked, confirmIdentity, keepHeld],
  );
}
