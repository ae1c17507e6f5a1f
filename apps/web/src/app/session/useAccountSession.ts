import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readSessionValue, SESSION_STORAGE_KEYS, writeSessionValue } from '../../lib/storage';
import { showToast } from '../toasts';
import {
  fetchApplicationSettings,
  fetchAuthenticated,
  fetchUserSettings,
  fetchUserSummaries,
  setUserSummary,
} from './accountApi';
import { autoSelection, type GateState, resolveGateState, validSummaries } from './gateState';

/** Query keys of the sign-in flow; `authenticated` also tells the 401 handler the sign-in scheme. */
export const SESSION_QUERY_KEYS = {
  authenticated: ['account', 'authenticated'],
  summaries: ['account', 'summaries'],
  selected: ['account', 'selected'],
  applicationSettings: ['settings', 'application'],
  userSettings: (memberId: number | null) => ['settings', 'user', memberId],
} as const;

function rememberedMemberId(): number | null {
  const value = Number(readSessionValue(SESSION_STORAGE_KEYS.selectedMemberId));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export type AccountSession = GateState & {
  /** Select User's Confirm: sets the account on the server. */
  select: (memberId: number) => void;
  selecting: boolean;
};

/**
 * Runs spec 01 §4 "Authentication and account" with react-query: the authentication check, then
 * the user summaries and the application settings in parallel, the automatic or chosen account
 * (SetUserSummary), then the user settings. The answers stay cached for the app's lifetime, so
 * moving between signed-in pages asks nothing again.
 */
export function useAccountSession(): AccountSession {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const forever = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY };

  const authenticated = useQuery({
    queryKey: SESSION_QUERY_KEYS.authenticated,
    queryFn: ({ signal }) => fetchAuthenticated(signal),
    ...forever,
  });
  const signedIn = authenticated.data?.authenticated === true;
  const summaries = useQuery({
    queryKey: SESSION_QUERY_KEYS.summaries,
    queryFn: ({ signal }) => fetchUserSummaries(signal),
    enabled: signedIn,
    ...forever,
  });
  const applicationSettings = useQuery({
    queryKey: SESSION_QUERY_KEYS.applicationSettings,
    queryFn: ({ signal }) => fetchApplicationSettings(signal),
    enabled: signedIn,
    ...forever,
  });

  const [selected, setSelected] = useState<number | null>(
    () => queryClient.getQueryData<number>(SESSION_QUERY_KEYS.selected) ?? null,
  );
  const [autoFailed, setAutoFailed] = useState(false);
  const selection = useMutation({
    mutationFn: setUserSummary,
    onSuccess: (_answer, memberId) => {
      queryClient.setQueryData(SESSION_QUERY_KEYS.selected, memberId);
      writeSessionValue(SESSION_STORAGE_KEYS.selectedMemberId, String(memberId));
      setSelected(memberId);
    },
    onError: () => showToast(t('account.selectUserFailed'), { kind: 'error' }),
  });

  const auto =
    summaries.data && selected === null && !autoFailed
      ? autoSelection(validSummaries(summaries.data), rememberedMemberId())
      : null;
  const autoStarted = useRef(false);
  const { mutate } = selection;
  useEffect(() => {
    if (auto === null || autoStarted.current) return;
    autoStarted.current = true;
    // A failed automatic selection falls back to Select User, where Confirm tries again.
    mutate(auto, { onError: () => setAutoFailed(true) });
  }, [auto, mutate]);

  const userSettings = useQuery({
    queryKey: SESSION_QUERY_KEYS.userSettings(selected),
    queryFn: ({ signal }) => fetchUserSettings(signal),
    enabled: selected !== null,
    ...forever,
  });

  const state = resolveGateState({
    authenticated,
    summaries,
    applicationSettings,
    selectedMemberId: selected,
    autoSelecting: auto !== null,
    userSettings,
  });
  // One object per ready session, so SessionContext consumers re-render only when an answer changes.
  const account = state.status === 'ready' ? state.session.account : undefined;
  const user = userSettings.data;
  const application = applicationSettings.data;
  const session = useMemo(
    () =>
      account && user && application
        ? { account, userSettings: user, applicationSettings: application }
        : null,
    [account, user, application],
  );
  return {
    ...(state.status === 'ready' && session ? { status: 'ready' as const, session } : state),
    select: (memberId) => selection.mutate(memberId),
    selecting: selection.isPending,
  };
}
