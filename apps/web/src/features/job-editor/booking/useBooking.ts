import type { JobViewDetails } from '@quill/core/contract/job';
import type { AddendumResult } from '@quill/core/contract/jobSave';
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../app/toasts';
import { bookOutJob, cancelBooking, extendBooking, openAddendum, transcribeJob } from '../jobApi';
import { clearDrafts } from '../saving/draftStore';
import { serverMessage } from '../serverMessage';

/** The booking is renewed this often while editing (the server's booking lasts 10 minutes). */
export const EXTEND_BOOKING_MS = 4 * 60_000;

/** How an edit ended: the job view leaves (or, for a tenant, tells its opener). */
export type EditOutcome = 'saved' | 'cancelled' | 'closed';

export interface BookingOptions {
  jobId: number;
  details: JobViewDetails | undefined;
  /** A cancelled edit forgets what was changed (useJobEdits' forget). */
  forgetEdits: () => void;
  /** Leaves the job view after Cancel. */
  leave: (outcome: EditOutcome) => void;
}

/** The job's booking (check-out) as the edit flow sees it. */
export interface Booking {
  /** Edit mode while the job is booked out to this account. */
  mode: 'view' | 'edit';
  busy: 'booking' | 'cancelling' | null;
  /** The live booking cookie, in memory only (null when not booked). */
  cookie: RefObject<string | null>;
  /** Edit: the protection dialog first when the job is protected and the user not yet warned. */
  startEdit: () => void;
  /** Books the job out; answers whether edit mode is on. */
  bookOut: () => Promise<boolean>;
  /**
   * Issue 27: books an audio-only job out with the draft its transcription starts from (the
   * recognizer's, else the work type's template); answers whether edit mode is on.
   */
  transcribe: () => Promise<boolean>;
  /** Issue 43: the addendum this booking makes (its reason, the signed date); null for an edit. */
  addendum: AddendumResult['addendum'] | null;
  /**
   * Issue 43: books a Finished job out for an addendum with its reason (at the version shown);
   * edit mode on success, throws what failed (the dialog says it).
   */
  startAddendum: (reason: string, version: number) => Promise<void>;
  /** Cancel: releases the booking, forgets the edits and leaves. */
  cancelEdit: () => Promise<void>;
  /** A save that ends the edit released the booking on the server: back to view mode. */
  end: () => void;
  /** The protection dialog is open. */
  protectAsked: boolean;
  /** The protection dialog's Unprotect: books out, and the save sends `isProtected: false`. */
  unprotect: () => void;
  /** The protection dialog's Cancel. */
  keepProtected: () => void;
  /** Unprotect was chosen (the dialog is not asked again). */
  unprotected: boolean;
}

/**
 * Spec 02 §4 "Edit flow" and ARCHITECTURE §4 "Booking": (protection dialog) → bookoutjob → edit
 * mode with the cookie kept in memory and extended every 4 minutes; Cancel releases the booking,
 * and so does leaving the view while booked.
 */
export function useBooking({ jobId, details, forgetEdits, leave }: BookingOptions): Booking {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'view' | 'edit'>('view');
  const [busy, setBusy] = useState<Booking['busy']>(null);
  const [protectAsked, setProtectAsked] = useState(false);
  const [unprotected, setUnprotected] = useState(false);
  const [addendum, setAddendum] = useState<Booking['addendum']>(null);
  const cookie = useRef<string | null>(null);
  const componentType = details?.componentType ?? '';

  const holdWith = useCallback(
    async (call: (jobId: number) => ReturnType<typeof bookOutJob>) => {
      setBusy('booking');
      try {
        const result = await call(jobId);
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
    },
    [jobId, t],
  );
  const bookOut = useCallback(() => holdWith(bookOutJob), [holdWith]);
  const transcribe = useCallback(() => holdWith(transcribeJob), [holdWith]);

  const startAddendum = useCallback(
    async (reason: string, version: number) => {
      const result = await openAddendum(jobId, version, reason);
      cookie.current = result.bookingCookie;
      setAddendum(result.addendum);
      setMode('edit');
    },
    [jobId],
  );

  const startEdit = useCallback(() => {
    if (details?.isProtected && !details.warnedOfProtection && !unprotected) setProtectAsked(true);
    else void bookOut();
  }, [details, unprotected, bookOut]);

  const unprotect = useCallback(() => {
    setUnprotected(true);
    setProtectAsked(false);
    void bookOut();
  }, [bookOut]);

  // Keep the booking alive while editing.
  useEffect(() => {
    if (mode !== 'edit') return;
    const notLive = (text?: string) =>
      showToast(text ?? t('job.bookingNotLive', { jobId: String(jobId) }), {
        kind: 'warning',
        id: 'job-booking',
      });
    const timer = setInterval(() => {
      const held = cookie.current;
      if (!held) return;
      extendBooking(jobId, held)
        .then((r) => {
          if (!r.success) notLive();
        })
        .catch((error) => notLive(serverMessage(error)));
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
      forgetEdits();
      setAddendum(null);
      setMode('view');
      leave('cancelled');
    } catch {
      showToast(t('job.cancelException'), { kind: 'error' });
    } finally {
      setBusy(null);
    }
  }, [jobId, componentType, forgetEdits, leave, t]);

  const end = useCallback(() => {
    cookie.current = null;
    setAddendum(null);
    setMode('view');
  }, []);

  // Leaving the view while booked releases the booking (the component type as last loaded).
  const lastComponentType = useRef(componentType);
  lastComponentType.current = componentType;
  useEffect(
    () => () => {
      const held = cookie.current;
      if (held) void cancelBooking(jobId, held, lastComponentType.current).catch(() => undefined);
    },
    [jobId],
  );

  const keepProtected = useCallback(() => setProtectAsked(false), []);
  return useMemo(
    () => ({
      mode,
      busy,
      cookie,
      startEdit,
      bookOut,
      transcribe,
      addendum,
      startAddendum,
      cancelEdit,
      end,
      protectAsked,
      unprotect,
      keepProtected,
      unprotected,
    }),
    [
      mode,
      busy,
      startEdit,
      bookOut,
      transcribe,
      addendum,
      startAddendum,
      cancelEdit,
      end,
      protectAsked,
      unprotect,
      keepProtected,
      unprotected,
    ],
  );
}
