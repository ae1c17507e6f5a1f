import { SessionTimeoutModal } from './SessionTimeoutModal';
import { useSessionTimeout } from './useSessionTimeout';

/**
 * The session heartbeat of a signed-in page (spec 01 §4 "Session"); `enabled` is false where the
 * route has disableHeartbeat. Staying signed in needs no handler of its own: the click is activity.
 */
export function SessionTimeout({ enabled }: { enabled: boolean }) {
  const { phase, remainingSeconds } = useSessionTimeout(enabled);
  return (
    <SessionTimeoutModal opened={phase === 'warning'} remainingSeconds={remainingSeconds} onStay={() => {}} />
  );
}
