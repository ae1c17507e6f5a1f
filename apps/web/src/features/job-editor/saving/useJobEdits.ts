import type { JobAdt } from '@quill/core/contract/adt/adt';
import type { JobViewDetails, SetJobDataRequest } from '@quill/core/contract/job';
import type { JobDataRequest } from '@quill/core/contract/jobSave';
import { useCallback, useMemo, useState } from 'react';
import { adtRequestOf } from '../adt/adtDraft';
import { type DetailEdits, detailEditsOf, withDetailEdits } from '../details/jobDataEdits';
import { jobDataOf } from '../jobApi';

/** What the user changed in edit mode and has not saved yet: the text, a note, the job data, the ADT. */
export interface JobEdits {
  /** Anything changed since the job was loaded, saved or the edit cancelled. */
  changed: boolean;
  /** The editor's text changed (its content itself is read at save time). */
  markChanged: () => void;
  /** The note typed in the notes card ('' for none). */
  note: string;
  editNote: (text: string) => void;
  /**
   * The job data as edited (null before load): the loaded details with the Document Details card's
   * edits and, once the ADT was changed, the ADT parts (the hold-queue check sends them too).
   */
  jobData: JobDataRequest | null;
  editJobData: (next: SetJobDataRequest) => void;
  /** The ADT as changed in the Patient & Visit and Orders panels; null while unchanged. */
  adt: JobAdt | null;
  /** Changes the ADT (marks the job changed); null drops the ADT changes (Revert). */
  editAdt: (next: JobAdt | null) => void;
  /**
   * The job data a save sends: the card's edits, the typed note (else the job's own), after
   * Unprotect in the protection dialog `isProtected: false`, and inputAdtData, orderData and
   * hl7Physician only when the ADT was changed (absent, the stored ADT stays: an account without
   * ADT edit never sends them).
   */
  toSave: (unprotected: boolean) => JobDataRequest | null;
  /** Forgets every edit (after a save or a cancelled edit). */
  forget: () => void;
}

/** The unsaved edits of a job (spec 02 §4 "Save": the text, the job note, the job data and ADT). */
export function useJobEdits(details: JobViewDetails | undefined): JobEdits {
  const [changed, setChanged] = useState(false);
  const [note, setNote] = useState('');
  const [detailEdits, setDetailEdits] = useState<DetailEdits>({});
  const [adt, setAdt] = useState<JobAdt | null>(null);

  const markChanged = useCallback(() => setChanged(true), []);
  const editNote = useCallback((text: string) => {
    setNote(text);
    setChanged(true);
  }, []);
  const adtFields = useMemo(() => (adt ? adtRequestOf(adt) : {}), [adt]);
  const jobData = useMemo(
    () =>
      details
        ? {
            ...withDetailEdits(jobDataOf(details, details.jobNote, details.isProtected), detailEdits),
            ...adtFields,
          }
        : null,
    [details, detailEdits, adtFields],
  );
  const editJobData = useCallback((next: SetJobDataRequest) => {
    setDetailEdits(detailEditsOf(next));
    setChanged(true);
  }, []);
  const editAdt = useCallback((next: JobAdt | null) => {
    setAdt(next);
    if (next) setChanged(true);
  }, []);
  const toSave = useCallback(
    (unprotected: boolean) => {
      if (!details) return null;
      const jobNote = note.trim() ? note.trim() : details.jobNote;
      const isProtected = unprotected ? false : details.isProtected;
      return { ...withDetailEdits(jobDataOf(details, jobNote, isProtected), detailEdits), ...adtFields };
    },
    [details, note, detailEdits, adtFields],
  );
  const forget = useCallback(() => {
    setChanged(false);
    setNote('');
    setDetailEdits({});
    setAdt(null);
  }, []);

  return useMemo(
    () => ({ changed, markChanged, note, editNote, jobData, editJobData, adt, editAdt, toSave, forget }),
    [changed, markChanged, note, editNote, jobData, editJobData, adt, editAdt, toSave, forget],
  );
}
