import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/toasts';
import { ApiRequestError } from '../../lib/api';
import { type SignProof, signJobs } from './signingApi';
import type { SignModalProps } from './signTypes';

/** What a refused sign request shows: beside the password field, or as an alert. */
export type Problem = { field: string } | { alert: string; changed?: boolean } | null;

/** What a refused sign request shows: the password's own message, a changed job, or why it failed. */
export function problemOf(error: unknown, t: TFunction): Problem {
  if (!(error instanceof ApiRequestError)) return { alert: t('toSign.sign.failed') };
  // The server's words when it gave some (a wrong password, or a job this account may not sign).
  if (error.status === 403)
    return {
      field: error.message && error.message !== error.code ? error.message : t('toSign.sign.wrongPassword'),
    };
  // A job saved since it was read gets the plain words; another conflict (no longer waiting, no
  // document) the server's own.
  if (error.status === 409)
    return {
      alert: error.code === 'stale_version' ? t('toSign.sign.changed') : error.message,
      changed: true,
    };
  // Another refusal (400, 404, 422) carries the server's own words; anything else: try again.
  if (error.status >= 400 && error.status < 500 && error.status !== 401) return { alert: error.message };
  return { alert: t('toSign.sign.failed') };
}

/**
 * The sign request of the Sign dialog, whichever way the user proves who they are: success toasts,
 * tells the page and closes; a refusal becomes the dialog's problem (and a changed job asks the page
 * to read the jobs again). Answers the refusal, or null when signed.
 */
export function useSignRequest({ jobs, onClose, onSigned, onChanged }: SignModalProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const jobIds = (jobs ?? []).map((j) => j.jobId).join(', ');
  const sign = async (proof: SignProof): Promise<unknown> => {
    if (!jobs) return null;
    setBusy(true);
    setProblem(null);
    try {
      const result = await signJobs(jobs, proof);
      showToast(t('toSign.sign.signed', { count: result.signed.length, jobIds }), { kind: 'success' });
      onSigned(result);
      onClose();
      return null;
    } catch (error) {
      setProblem(problemOf(error, t));
      if (error instanceof ApiRequestError && error.status === 409) onChanged?.();
      return error;
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, setProblem, sign };
}
