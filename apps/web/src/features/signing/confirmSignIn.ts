import { SIGNING } from '@quill/core/contract/endpoints/signing';
import {
  REAUTH_OUTCOMES,
  REAUTH_PARAM,
  type ReauthOutcome,
  SignJobSchema,
} from '@quill/core/contract/signing';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { browserNavigation } from '../../lib/browserNavigation';
import { readSessionValue, SESSION_STORAGE_KEYS, writeSessionValue } from '../../lib/storage';
import type { JobToSign } from './signTypes';

const KEY = SESSION_STORAGE_KEYS.signingAfterConfirm;
/** As long as the server keeps the flow to the identity provider (its cookie: 10 minutes). */
const MAX_AGE_MS = 10 * 60_000;

const JobsSchema = SignJobSchema.array().min(1);

/** The kept signing, when it is whole. */
function readPending(): { jobs: JobToSign[]; path: string; at: number } | null {
  try {
    const raw = JSON.parse(readSessionValue(KEY) ?? 'null') as {
      jobs?: unknown;
      path?: unknown;
      at?: unknown;
    };
    const jobs = JobsSchema.safeParse(raw?.jobs);
    if (!jobs.success || typeof raw.path !== 'string' || typeof raw.at !== 'number') return null;
    return { jobs: jobs.data, path: raw.path, at: raw.at };
  } catch {
    return null;
  }
}

/** The jobs being signed when the user left to confirm, and how the confirmation ended. */
export interface ReturnedSigning {
  jobs: readonly JobToSign[];
  outcome: ReauthOutcome;
}

/**
 * Issue 43: a user without a password confirms a signature with a fresh sign-in at the identity
 * provider — a full page load there and back, which survives popup blockers and providers that cut
 * a popup off from its opener. What the user chose (the jobs and this page) is kept in this tab's
 * sessionStorage and given back when the page returns with the outcome (`?reauth=`).
 */
export function leaveToConfirm(jobs: readonly JobToSign[], path: string): void {
  const pending = { jobs: jobs.map(({ jobId, version }) => ({ jobId, version })), path, at: Date.now() };
  writeSessionValue(KEY, JSON.stringify(pending));
  browserNavigation.assign(`${SIGNING.reauthenticate.path}?returnUrl=${encodeURIComponent(path)}`);
}

/** The signing this page comes back to: the outcome in its address and the jobs kept for it. */
export function readReturnedSigning(location: { pathname: string; search: string }): ReturnedSigning | null {
  const outcome = new URLSearchParams(location.search).get(REAUTH_PARAM);
  if (!outcome || !(REAUTH_OUTCOMES as readonly string[]).includes(outcome)) return null;
  const pending = readPending();
  if (!pending || pending.path !== location.pathname || Date.now() - pending.at > MAX_AGE_MS) return null;
  return { jobs: pending.jobs, outcome: outcome as ReauthOutcome };
}

/**
 * The signing the page came back to, read once; the kept jobs are forgotten and the outcome taken
 * out of the address (a reload does not sign again).
 */
export function useReturnedSigning(): ReturnedSigning | null {
  const router = useRouter();
  const [returned] = useState(() => {
    const { pathname, searchStr } = router.state.location;
    return readReturnedSigning({ pathname, search: searchStr });
  });
  useEffect(() => {
    const { pathname, searchStr } = router.state.location;
    if (!new URLSearchParams(searchStr).has(REAUTH_PARAM)) return;
    writeSessionValue(KEY, null);
    router.history.replace(pathname);
  }, [router]);
  return returned;
}

/** The Sign dialog's state: the jobs it signs, and the confirmation it was reopened with. */
export function useSignDialog() {
  const returned = useReturnedSigning();
  const [state, setState] = useState<ReturnedSigning | { jobs: readonly JobToSign[]; outcome: null } | null>(
    returned,
  );
  const router = useRouter();
  return {
    /** This page, where the identity provider sends the user back to. */
    returnPath: router.state.location.pathname,
    /** The jobs the page came back to sign (the list selects them again). */
    returnedJobs: returned?.jobs ?? null,
    jobs: state?.jobs ?? null,
    returned: state?.outcome ?? null,
    open: (jobs: readonly JobToSign[]) => setState({ jobs, outcome: null }),
    close: () => setState(null),
  };
}
