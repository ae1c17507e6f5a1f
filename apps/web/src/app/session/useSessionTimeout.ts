import { useEffect, useState } from 'react';
import { useShell } from '../shell/ShellContext';
import { heartbeatActive, heartbeatIdle, signOutQuietly } from './accountApi';
import { listenForActivity } from './activityEvents';
import { isSessionLost } from './sessionErrors';
import {
  createSessionTimeout,
  DEFAULT_TIMEOUT_SETTINGS,
  type TimeoutClock,
  type TimeoutState,
} from './timeoutMachine';

/** The page's own clock and timers, looked up at call time (Playwright's fake clock replaces them). */
const browserClock: TimeoutClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
  setInterval: (run, ms) => window.setInterval(run, ms),
  clearInterval: (handle) => window.clearInterval(handle as number),
};

const STOPPED: TimeoutState = { phase: 'stopped', remainingSeconds: DEFAULT_TIMEOUT_SETTINGS.resetSeconds };

/**
 * Spec 01 §4 "Session": idle detection and the heartbeat while a signed-in page is open (off when
 * `enabled` is false, i.e. the route has disableHeartbeat). Expiry raises the shell's
 * session-expired modal. Answers the phase and remaining seconds for the warning modal.
 */
export function useSessionTimeout(enabled: boolean): TimeoutState {
  const { markSessionExpired } = useShell();
  const [state, setState] = useState<TimeoutState>(STOPPED);

  useEffect(() => {
    if (!enabled) return;
    const machine = createSessionTimeout({
      clock: browserClock,
      idle: heartbeatIdle,
      active: heartbeatActive,
      signOut: signOutQuietly,
      isSessionLost,
    });
    const unsubscribe = machine.subscribe(setState);
    machine.start();
    const stopListening = listenForActivity(() => machine.activity());
    return () => {
      stopListening();
      unsubscribe();
      machine.stop();
      setState(STOPPED);
    };
  }, [enabled]);

  const expired = state.phase === 'expired';
  useEffect(() => {
    if (expired) markSessionExpired();
  }, [expired, markSessionExpired]);

  return state;
}
