import type { JobViewDetails, SetJobDataRequest } from '@quill/core/contract/job';
import { useCallback, useMemo, useState } from 'react';
import { type DetailEdits, detailEditsOf, withDetailEdits } from '../details/jobDataEdits';
import { jobDataOf } from '../jobApi';

/** What the user changed in edit mode and has not saved yet: the text, a note, the job data. */
export interface JobEdits {
  /** Anything changed since the job was loaded, saved or the edit cancelled. */
  changed: boolean;
  /** The editor's text changed (its content itself is read at save time). */
  markChanged: () => void;
  /** The note typed in the notes card ('' for none). */
  note: string;
  editNote: (text: string) => void;
  /** The Document Details card's job data: the loaded details with its edits (null before load). */
  jobData: SetJobDataRequest | null;
  editJobData: (next: SetJobDataRequest) => void;
  /**
   * The job data a save sends: the card's edits, the typed note (else the job's own) and, after
   * Unprotect in the protection dialog, `isProtected: false`.
   */
  toSave: (unprotected: boolean) => SetJobDataRequest | null;
  /** Forgets every edit (after a save or a cancelled edit). */
  forget: () => void;
}

/** The unsaved edits of a job (spec 02 §4 "Save": the text, the job note, the job data). */
export function useJobEdits(details: JobViewDetails | undefined): JobEdits {
  const [changed, setChanged] = useState(false);
  const [note, setNote] = useState('');
  const [detailEdits, setDetailEdits] = useState<DetailEdits>({});

  const markChanged = useCallback(() => setChanged(true), []);
  const editNote = useCallback((text: string) => {
    setNote(text);
    setChanged(true);
  }, []);
  const jobData = useMemo(
    () =>
      details ? withDetailEdits(jobDataOf(details, details.jobNote, details.isProtected), detailEdits) : null,
    [details, detailEdits],
  );
  const editJobData = useCallback((next: SetJobDataRequest) => {
    setDetailEdits(detailEditsOf(next));
    setChanged(true);
  }, []);
  const toSave = useCallback(
    (unprotected: boolean) => {
      if (!details) return null;
      const jobNote = note.trim() ? note.trim() : details.jobNote;
      const isProtected = unprotected ? false : details.isProtected;
      return withDetailEdits(jobDataOf(details, jobNote, isProtected), detailEdits);
    },
    [details, note, detailEdits],
  );
  const forget = useCallback(() => {
    setChanged(false);
    setNote('');
    setDetailEdits({});
  }, []);

  return useMemo(
    () => ({ changed, markChanged, note, editNote, jobData, editJobData, toSave, forget }),
    [changed, markChanged, note, editNote, jobData, editJobData, toSave, forget],
  );
}
